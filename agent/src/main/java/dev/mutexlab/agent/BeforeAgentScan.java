package dev.mutexlab.agent;

import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.util.concurrent.locks.ReentrantLock;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The classes the agent came too late for: loaded before it started, so their
 * {@code new ReentrantLock(..)} would run unchanged. Each that allocates a {@code ReentrantLock}
 * is retransformed (the rewrite changes method bodies only, which a loaded class allows), so its
 * later allocations are rewritten; locks it made before stay the JDK's. A class that
 * {@code extends ReentrantLock} cannot be re-parented once loaded (a superclass is part of a
 * class's shape) and is reported {@code loaded-before-agent}, as is every class when the JVM
 * cannot retransform.
 *
 * <p>Runs when the agent starts, before the program goes on, over the classes loaded at that
 * moment: only the bytes of those that mention {@code ReentrantLock} are parsed (a byte search
 * first), which keeps the delay to a program's start small (docs/agent.md gives the figure).
 */
final class BeforeAgentScan implements Runnable {

    /** Why a loaded subclass stays as it is. */
    static final String SUBCLASS = "loaded-before-agent: extends ReentrantLock (a loaded class keeps its superclass)";

    private final Class<?>[] loaded;
    private final RewriteLog log;
    private final Instrumentation instrumentation;

    /** {@code instrumentation}: where to retransform, or null to only report. */
    BeforeAgentScan(Class<?>[] loaded, RewriteLog log, Instrumentation instrumentation) {
        this.loaded = loaded;
        this.log = log;
        this.instrumentation = instrumentation;
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
                if (c.getSuperclass() == ReentrantLock.class) {
                    log.skipped(c.getName(), SUBCLASS);
                    continue;
                }
                byte[] bytes = bytesOf(c, internal);
                if (bytes != null && LockTransformer.mentionsReentrantLock(bytes) && allocates(bytes)) {
                    retransform(c);
                }
            } catch (Throwable ignored) {
                // a class whose bytes cannot be read is simply not listed
            }
        }
    }

    private void retransform(Class<?> c) {
        if (instrumentation == null || !instrumentation.isRetransformClassesSupported()
                || !instrumentation.isModifiableClass(c)) {
            log.skipped(c.getName(), "loaded-before-agent");
            return;
        }
        try {
            instrumentation.retransformClasses(c);   // the transformer rewrites and logs it
        } catch (Throwable t) {
            log.skipped(c.getName(), "loaded-before-agent: " + LockTransformer.oneLine(t));
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
        ClassReader reader = new ClassReader(bytes);
        if (LockRewriter.REENTRANT_LOCK.equals(reader.getSuperName())) {
            return true;
        }
        boolean[] found = {false};
        reader.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitTypeInsn(int opcode, String type) {
                        if (opcode == Opcodes.NEW && LockRewriter.REENTRANT_LOCK.equals(type)) {
                            found[0] = true;
                        }
                    }
                };
            }
        }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return found[0];
    }
}
