package dev.mutexlab.agent;

import dev.mutexlab.agent.runtime.ReentrantLockHooks;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Probes in {@code java.util.concurrent.locks.ReentrantLock}'s own methods, for an attach: the
 * locks a running program made before the agent came are timed too ({@link ReentrantLockHooks}),
 * until {@link #remove} puts the JDK's class back as it was.
 *
 * <p>What changes. A retransformation may change method bodies only (no field, no method), so
 * each of {@code lock()}, {@code lockInterruptibly()}, {@code tryLock(long, TimeUnit)} and
 * {@code unlock()} gets a call before its own code and one before its return, and the token between
 * them stays on the operand stack, under the method's own values (no new local, no new branch):
 *
 * <pre>{@code
 * lock():    aload_0; aload_0; invokestatic arriving(lock)J     [this, token]
 *            ...the JDK's body...                                [this, token]
 *            invokestatic acquired(lock, J)V; return
 * tryLock(timeout, unit):  same start; before ireturn: [this, token, got] invokestatic tried(lock, J, Z)Z
 * unlock():  aload_0; invokestatic unlocking(lock)J             [token]
 *            ...the JDK's body...;  invokestatic released(J)V; return
 * }</pre>
 *
 * The Sync classes inside are left alone: they are the JDK's internals and differ between
 * releases, while these four public methods are one call each on JDK 17 through 25. A method of
 * another shape (a branch, a handler, a frame) is refused, and so is a class that lacks one of the
 * four: the rewrite then fails as a whole.
 *
 * <p>Never breaks the program. Anything that goes wrong (no retransformation in this JVM, the
 * class not modifiable, an unexpected shape, the JVM refusing the new class) leaves the JDK's class
 * as it was, puts one line on the program's stderr and one skip in the report, and the profile goes
 * on with the allocation sites only.
 */
final class ReentrantLockProbes implements ClassFileTransformer {

    static final String CLASS = "java/util/concurrent/locks/ReentrantLock";
    private static final String HOOKS = Type.getInternalName(ReentrantLockHooks.class);
    private static final String LOCK = "L" + CLASS + ";";

    private final Instrumentation instrumentation;
    /** {@code fail=java.util.concurrent.locks.ReentrantLock}: the rewrite fails, to test that path. */
    private final boolean failForTest;
    /** Whether a retransformation of ReentrantLock gets the probes (else its own bytes). */
    private volatile boolean probing;
    /** Why the last transformation with probes failed, or null. */
    private volatile String failure;

    private ReentrantLockProbes(Instrumentation instrumentation, boolean failForTest) {
        this.instrumentation = instrumentation;
        this.failForTest = failForTest;
    }

    /**
     * Puts the probes into {@code ReentrantLock}; returns the installed probes, or null when it could
     * not (said in one line on stderr and in {@code log}). {@code options}' {@code fail=} naming
     * ReentrantLock makes the rewrite fail.
     */
    static ReentrantLockProbes install(Instrumentation instrumentation, RewriteLog log, AgentOptions options) {
        ReentrantLockProbes probes = new ReentrantLockProbes(instrumentation,
                options.failClasses().contains(ReentrantLock.class.getName()));
        String why = probes.tryInstall();
        if (why == null) {
            return probes;
        }
        log.skipped(ReentrantLock.class.getName(), "failed: " + why);
        System.err.println("mutexlab-agent: locks made before the attach are not profiled (" + why
                + "); the profile goes on with the locks made from now on");
        System.err.flush();
        return null;
    }

    private String tryInstall() {
        if (!instrumentation.isRetransformClassesSupported()) {
            return "this JVM cannot retransform classes";
        }
        if (!instrumentation.isModifiableClass(ReentrantLock.class)) {
            return "this JVM does not let ReentrantLock be modified";
        }
        try {
            ReentrantLockHooks.begin();
            Module javaBase = ReentrantLock.class.getModule();
            Module runtime = ReentrantLockHooks.class.getModule();
            if (!javaBase.canRead(runtime)) {
                instrumentation.redefineModule(javaBase, Set.of(runtime), Map.of(), Map.of(), Set.of(), Map.of());
            }
            probing = true;
            instrumentation.addTransformer(this, true);
            instrumentation.retransformClasses(ReentrantLock.class);
        } catch (Throwable t) {
            failure = LockTransformer.oneLine(t);
        }
        if (failure != null) {
            undo();
            return failure;
        }
        return null;
    }

    /** Takes the probes out: the JDK's lock runs its own code again, as fast as without the agent. */
    void remove() {
        undo();
    }

    private void undo() {
        probing = false;
        ReentrantLockHooks.end();
        instrumentation.removeTransformer(this);
        try {
            instrumentation.retransformClasses(ReentrantLock.class);   // no transformer changes it now
        } catch (Throwable t) {
            System.err.println("mutexlab-agent: cannot take the probes out of ReentrantLock ("
                    + LockTransformer.oneLine(t) + "); they stay, timing nothing");
        }
    }

    @Override
    public byte[] transform(Module module, ClassLoader loader, String className, Class<?> classBeingRedefined,
                            ProtectionDomain protectionDomain, byte[] bytes) {
        if (!probing || classBeingRedefined != ReentrantLock.class) {
            return null;
        }
        try {
            if (failForTest) {
                throw new IllegalStateException("fail=" + ReentrantLock.class.getName());
            }
            return rewrite(bytes);
        } catch (Throwable t) {
            failure = LockTransformer.oneLine(t);
            return null;
        }
    }

    /** {@code ReentrantLock}'s class file with the probes in its four methods; throws on any other shape. */
    static byte[] rewrite(byte[] bytes) {
        ClassReader reader = new ClassReader(bytes);
        ClassNode node = new ClassNode(Opcodes.ASM9);
        reader.accept(node, 0);
        if (!CLASS.equals(node.name)) {
            throw new IllegalArgumentException("not ReentrantLock: " + node.name);
        }
        int probed = 0;
        for (MethodNode m : node.methods) {
            String sig = m.name + m.desc;
            switch (sig) {
                case "lock()V", "lockInterruptibly()V" -> probe(m, arriving(), Opcodes.RETURN,
                        call("acquired", "(" + LOCK + "J)V"));
                case "tryLock(JLjava/util/concurrent/TimeUnit;)Z" -> probe(m, arriving(), Opcodes.IRETURN,
                        call("tried", "(" + LOCK + "JZ)Z"));
                case "unlock()V" -> probe(m, unlocking(), Opcodes.RETURN, call("released", "(J)V"));
                default -> {
                    continue;
                }
            }
            probed++;
        }
        if (probed != 4) {
            throw new IllegalStateException("ReentrantLock has " + probed + " of the 4 methods probed");
        }
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        node.accept(writer);
        return writer.toByteArray();
    }

    /** {@code [this, token]}: the lock twice, then the token in its place. */
    private static InsnList arriving() {
        InsnList start = new InsnList();
        start.add(new VarInsnNode(Opcodes.ALOAD, 0));
        start.add(new VarInsnNode(Opcodes.ALOAD, 0));
        start.add(call("arriving", "(" + LOCK + ")J"));
        return start;
    }

    /** {@code [token]}. */
    private static InsnList unlocking() {
        InsnList start = new InsnList();
        start.add(new VarInsnNode(Opcodes.ALOAD, 0));
        start.add(call("unlocking", "(" + LOCK + ")J"));
        return start;
    }

    private static MethodInsnNode call(String name, String descriptor) {
        return new MethodInsnNode(Opcodes.INVOKESTATIC, HOOKS, name, descriptor, false);
    }

    /** Puts {@code start} first and {@code end} before every {@code returnOpcode} of a straight-line method. */
    private static void probe(MethodNode m, InsnList start, int returnOpcode, MethodInsnNode end) {
        if (!m.tryCatchBlocks.isEmpty()) {
            throw new IllegalStateException("ReentrantLock." + m.name + " has an exception handler");
        }
        int returns = 0;
        for (AbstractInsnNode insn : m.instructions) {
            switch (insn.getType()) {
                case AbstractInsnNode.JUMP_INSN, AbstractInsnNode.TABLESWITCH_INSN, AbstractInsnNode.LOOKUPSWITCH_INSN,
                     AbstractInsnNode.FRAME -> throw new IllegalStateException("ReentrantLock." + m.name + " branches");
                default -> {
                    if (insn.getOpcode() == returnOpcode) {
                        returns++;
                    } else if (insn instanceof InsnNode && insn.getOpcode() >= Opcodes.IRETURN
                            && insn.getOpcode() <= Opcodes.RETURN) {
                        throw new IllegalStateException("ReentrantLock." + m.name + " returns otherwise");
                    }
                }
            }
        }
        if (returns == 0) {
            throw new IllegalStateException("ReentrantLock." + m.name + " never returns");
        }
        for (AbstractInsnNode insn : m.instructions.toArray()) {
            if (insn.getOpcode() == returnOpcode) {
                m.instructions.insertBefore(insn, new MethodInsnNode(end.getOpcode(), end.owner, end.name, end.desc, false));
            }
        }
        m.instructions.insert(start);
    }
}
