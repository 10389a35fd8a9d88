package dev.mutexlab.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.agent.runtime.AgentReentrantLock;
import dev.mutexlab.agent.runtime.Settings;
import java.io.InputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;

class LockRewriterTest {

    /** Allocations of every shape the rewriter distinguishes. */
    public static final class Allocations {
        public static ReentrantLock plain() {
            return new ReentrantLock();
        }

        public static ReentrantLock nonfair() {
            return new ReentrantLock(false);
        }

        public static ReentrantLock fair() {
            return new ReentrantLock(true);
        }

        public static ReentrantLock chosen(boolean fair) {
            return new ReentrantLock(fair);
        }

        public static Object nested() {
            return List.of(new ReentrantLock(), new ReentrantLock(new ReentrantLock().isFair()));
        }

        /** Two lock types meet at the return: the stack map needs their common superclass. */
        public static ReentrantLock either(boolean sub) {
            ReentrantLock lock = sub ? new Sub() : new ReentrantLock();
            return lock;
        }
    }

    /** A subclass whose fairness is computed: the compiler emits a branch with both constants. */
    public static class ComputedFairness extends ReentrantLock {
        private static final long serialVersionUID = 1L;

        public ComputedFairness(int a) {
            super(a > 0);
        }
    }

    /** A subclass that overrides what a program's subclass overrides, calling super. */
    public static class Overriding extends ReentrantLock {
        private static final long serialVersionUID = 1L;
        public int locks;
        public int unlocks;
        public int conditions;

        public Overriding(boolean fair) {
            super(fair);
        }

        @Override
        public void lock() {
            locks++;
            super.lock();
        }

        @Override
        public void unlock() {
            unlocks++;
            super.unlock();
        }

        @Override
        public Condition newCondition() {
            conditions++;
            return super.newCondition();
        }
    }

    /** A subclass with a super(..) call and a super.m() call. */
    public static final class Sub extends ReentrantLock {
        private static final long serialVersionUID = 1L;

        public Sub() {
            super();
        }

        @Override
        public void lock() {
            super.lock();
        }
    }

    @AfterEach
    void resetSettings() {
        Settings.install(Settings.NONE);
    }

    private static byte[] bytesOf(Class<?> c) throws Exception {
        try (InputStream in = c.getResourceAsStream("/" + c.getName().replace('.', '/') + ".class")) {
            return in.readAllBytes();
        }
    }

    private static ClassNode parse(byte[] bytes) {
        ClassNode node = new ClassNode();
        new ClassReader(bytes).accept(node, 0);
        return node;
    }

    private static List<String> newsAndCalls(byte[] bytes) {
        List<String> out = new ArrayList<>();
        for (MethodNode m : parse(bytes).methods) {
            for (AbstractInsnNode insn : m.instructions) {
                if (insn.getOpcode() == Opcodes.NEW && ((TypeInsnNode) insn).desc.endsWith("ReentrantLock")) {
                    out.add("NEW " + ((TypeInsnNode) insn).desc);
                } else if (insn instanceof MethodInsnNode) {
                    MethodInsnNode call = (MethodInsnNode) insn;
                    if (call.owner.contains("ReentrantLock") || call.owner.contains("LockFactory")) {
                        String op = call.getOpcode() == Opcodes.INVOKESPECIAL ? "INVOKESPECIAL"
                                : call.getOpcode() == Opcodes.INVOKESTATIC ? "INVOKESTATIC" : "INVOKEVIRTUAL";
                        out.add(op + " " + call.owner + "." + call.name);
                    }
                }
            }
        }
        return out;
    }

    private static String internal(Class<?> c) {
        return c.getName().replace('.', '/');
    }

    private Class<?> rewrittenAndLoaded(String options, Settings settings, Class<?> c) throws Exception {
        Settings.install(settings);
        LockRewriter.Result result = new LockRewriter(AgentOptions.parse(options))
                .rewrite(internal(c), getClass().getClassLoader(), bytesOf(c), true);
        Class<?> loaded = new OneClassLoader(c.getName(), result.bytes(), getClass().getClassLoader()).loadClass(c.getName());
        assertThat(loaded).isNotSameAs(c);
        return loaded;
    }

    @Test
    void everyAllocationIsRewrittenWhateverItsFairness() throws Exception {
        LockRewriter rewriter = new LockRewriter(AgentOptions.parse("lock=lineup"));
        LockRewriter.Result result = rewriter.rewrite(internal(Allocations.class), getClass().getClassLoader(),
                bytesOf(Allocations.class), true);
        assertThat(result.bytes()).isNotNull();
        assertThat(result.rewrites()).extracting(RewriteLog.Rewrite::method)
                .containsExactlyInAnyOrder("plain", "nonfair", "fair", "chosen", "nested", "nested", "nested", "either");
        assertThat(result.rewrites()).extracting(RewriteLog.Rewrite::kind).containsOnly("new");
        assertThat(result.skipReasons()).isEmpty();
        List<String> left = newsAndCalls(result.bytes());
        assertThat(left.stream().filter(s -> s.startsWith("NEW"))).isEmpty();
        assertThat(left.stream().filter(s -> s.contains("LockFactory.create"))).hasSize(8);
    }

    @Test
    void theRewrittenClassRunsAndEachInstanceGetsTheLockItsFairnessAsks() throws Exception {
        Class<?> loaded = rewrittenAndLoaded("lock=lineup", new Settings("lineup", false, false, 1, 0), Allocations.class);
        Method chosen = loaded.getMethod("chosen", boolean.class);
        ReentrantLock plain = (ReentrantLock) loaded.getMethod("plain").invoke(null);
        assertThat(plain).isInstanceOf(AgentReentrantLock.class);
        assertThat(((AgentReentrantLock) plain).swapped()).isTrue();
        ReentrantLock fair = (ReentrantLock) loaded.getMethod("fair").invoke(null);
        assertThat(fair.getClass()).isEqualTo(ReentrantLock.class);
        assertThat(fair.isFair()).isTrue();
        assertThat(((AgentReentrantLock) chosen.invoke(null, false)).swapped()).isTrue();
        ReentrantLock kept = (ReentrantLock) chosen.invoke(null, true);
        assertThat(kept.getClass()).isEqualTo(ReentrantLock.class);
        assertThat(kept.isFair()).isTrue();
        assertThat(loaded.getMethod("nested").invoke(null)).isInstanceOf(List.class);
        assertThat(loaded.getMethod("either", boolean.class).invoke(null, true)).isInstanceOf(Sub.class);
        assertThat(((AgentReentrantLock) loaded.getMethod("either", boolean.class).invoke(null, false)).swapped()).isTrue();
    }

    @Test
    void aSubclassIsReparentedWithItsSuperCalls() throws Exception {
        LockRewriter.Result result = new LockRewriter(AgentOptions.parse("lock=lineup"))
                .rewrite(internal(Sub.class), getClass().getClassLoader(), bytesOf(Sub.class), true);
        assertThat(parse(result.bytes()).superName).isEqualTo(internal(AgentReentrantLock.class));
        assertThat(result.rewrites()).extracting(RewriteLog.Rewrite::kind).containsExactly("reparent");
        assertThat(newsAndCalls(result.bytes())).containsExactlyInAnyOrder(
                "INVOKESPECIAL dev/mutexlab/agent/runtime/AgentReentrantLock.<init>",
                "INVOKESPECIAL dev/mutexlab/agent/runtime/AgentReentrantLock.lock");
    }

    @Test
    void aClassBeingRetransformedKeepsItsSuperclassAndItsSuperCalls() throws Exception {
        LockRewriter.Result result = new LockRewriter(AgentOptions.parse("lock=lineup"))
                .rewrite(internal(Sub.class), getClass().getClassLoader(), bytesOf(Sub.class), false);
        assertThat(result.bytes()).isNull();
        assertThat(result.rewrites()).isEmpty();
    }

    @Test
    void aComputedFairnessIsDecidedWhenTheConstructorRuns() throws Exception {
        // super(a > 0) compiles to a branch over both constants; the fairness is the value passed.
        Class<?> loaded = rewrittenAndLoaded("lock=lineup", new Settings("lineup", false, false, 1, 0),
                ComputedFairness.class);
        Constructor<?> make = loaded.getConstructor(int.class);
        AgentReentrantLock fair = (AgentReentrantLock) make.newInstance(1);
        assertThat(fair.isFair()).isTrue();
        assertThat(fair.swapped()).isFalse();
        AgentReentrantLock nonfair = (AgentReentrantLock) make.newInstance(0);
        assertThat(nonfair.isFair()).isFalse();
        assertThat(nonfair.swapped()).isTrue();
    }

    @Test
    void fairSwapSwapsAFairSubclassInstanceToo() throws Exception {
        Class<?> loaded = rewrittenAndLoaded("lock=lineup,fair=swap", new Settings("lineup", true, false, 1, 0),
                ComputedFairness.class);
        assertThat(((AgentReentrantLock) loaded.getConstructor(int.class).newInstance(1)).swapped()).isTrue();
    }

    @Test
    @Timeout(10)
    void anOverridingSubclassKeepsWorkingOnEveryKindOfBase() throws Exception {
        Settings[] every = {new Settings("lineup", false, false, 1, 0), new Settings("lineup", false, true, 1, 0),
                new Settings(null, false, true, 1, 0), new Settings(Settings.JDK_FAIR, false, false, 1, 0)};
        for (Settings settings : every) {
            for (boolean fairness : new boolean[] {false, true}) {
                Class<?> loaded = rewrittenAndLoaded("lock=lineup", settings, Overriding.class);
                ReentrantLock lock = (ReentrantLock) loaded.getConstructor(boolean.class).newInstance(fairness);
                Condition ready = lock.newCondition();
                lock.lock();
                lock.lock();
                assertThat(lock.getHoldCount()).isEqualTo(2);
                lock.unlock();
                assertThat(ready.await(1, TimeUnit.MILLISECONDS)).isFalse();   // released and taken back
                assertThat(lock.isHeldByCurrentThread()).isTrue();
                assertThat(lock.hasWaiters(ready)).isFalse();
                lock.unlock();
                assertThat(lock.isLocked()).isFalse();
                assertThat(loaded.getField("locks").getInt(lock)).isEqualTo(2);
                assertThat(loaded.getField("unlocks").getInt(lock)).isEqualTo(2);
                assertThat(loaded.getField("conditions").getInt(lock)).isEqualTo(1);
                assertThat(lock.isFair()).as(settings + " fair=" + fairness)
                        .isEqualTo(fairness || Settings.JDK_FAIR.equals(settings.spec()));
            }
        }
    }

    @Test
    void failOptionMakesTheRewriteThrow() throws Exception {
        LockRewriter rewriter = new LockRewriter(AgentOptions.parse("lock=lineup,fail=" + Sub.class.getName()));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> rewriter.rewrite(internal(Sub.class),
                getClass().getClassLoader(), bytesOf(Sub.class), true)).hasMessageContaining("fail=");
    }

    /** Defines one class from given bytes, delegating the rest. */
    static final class OneClassLoader extends ClassLoader {
        private final String name;
        private final byte[] bytes;

        OneClassLoader(String name, byte[] bytes, ClassLoader parent) {
            super(parent);
            this.name = name;
            this.bytes = bytes;
        }

        @Override
        protected Class<?> loadClass(String className, boolean resolve) throws ClassNotFoundException {
            if (className.equals(name)) {
                synchronized (getClassLoadingLock(className)) {
                    Class<?> c = findLoadedClass(className);
                    return c != null ? c : defineClass(className, bytes, 0, bytes.length);
                }
            }
            return super.loadClass(className, resolve);
        }
    }
}
