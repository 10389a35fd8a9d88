package dev.mutexlab.agent;

import java.io.InputStream;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.MethodModel;
import java.lang.classfile.instruction.NewObjectInstruction;

/**
 * Finds the classes the agent came too late for: loaded before premain, so their
 * {@code new ReentrantLock(..)} run unchanged. Runs on a daemon thread after premain (reading a
 * few hundred class files would delay the program's start) over the classes loaded at premain;
 * the report waits for it.
 */
final class BeforeAgentScan implements Runnable {

    private final Class<?>[] loaded;
    private final RewriteLog log;

    BeforeAgentScan(Class<?>[] loaded, RewriteLog log) {
        this.loaded = loaded;
        this.log = log;
    }

    @Override
    public void run() {
        for (Class<?> c : loaded) {
            try {
                if (c.isArray() || c.isPrimitive() || c.isHidden()) {
                    continue;
                }
                String internal = c.getName().replace('.', '/');
                if (LockTransformer.never(internal)) {
                    continue;
                }
                byte[] bytes = bytesOf(c, internal);
                if (bytes != null && LockTransformer.mentionsReentrantLock(bytes) && allocates(bytes)) {
                    log.skipped(c.getName(), "loaded-before-agent");
                }
            } catch (Throwable ignored) {
                // a class whose bytes cannot be read is simply not listed
            }
        }
    }

    private static byte[] bytesOf(Class<?> c, String internal) throws java.io.IOException {
        String resource = internal + ".class";
        try (InputStream in = c.getModule().isNamed() ? c.getModule().getResourceAsStream(resource)
                : c.getClassLoader() == null ? ClassLoader.getSystemResourceAsStream(resource)
                : c.getClassLoader().getResourceAsStream(resource)) {
            return in == null ? null : in.readAllBytes();
        }
    }

    /** Whether the class allocates a ReentrantLock or extends it. */
    static boolean allocates(byte[] bytes) {
        ClassModel model = ClassFile.of().parse(bytes);
        if (model.superclass().map(s -> s.asInternalName().equals(LockRewriter.REENTRANT_LOCK)).orElse(false)) {
            return true;
        }
        for (MethodModel m : model.methods()) {
            if (m.code().isPresent()) {
                for (var e : m.code().get()) {
                    if (e instanceof NewObjectInstruction n && n.className().asInternalName().equals(LockRewriter.REENTRANT_LOCK)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
