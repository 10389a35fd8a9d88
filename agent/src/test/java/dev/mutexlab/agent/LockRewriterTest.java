package dev.mutexlab.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.agent.runtime.Settings;
import dev.mutexlab.agent.runtime.SwappedReentrantLock;
import java.io.InputStream;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.MethodModel;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.classfile.instruction.NewObjectInstruction;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

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

    private static List<String> newsAndCalls(byte[] bytes) {
        List<String> out = new ArrayList<>();
        ClassModel model = ClassFile.of().parse(bytes);
        for (MethodModel m : model.methods()) {
            m.code().ifPresent(code -> code.forEach(e -> {
                if (e instanceof NewObjectInstruction n && n.className().asInternalName().endsWith("ReentrantLock")) {
                    out.add("NEW " + n.className().asInternalName());
                } else if (e instanceof InvokeInstruction i && i.owner().asInternalName().contains("ReentrantLock")
                        || e instanceof InvokeInstruction j && j.owner().asInternalName().contains("LockFactory")) {
                    InvokeInstruction call = (InvokeInstruction) e;
                    out.add(call.opcode() + " " + call.owner().asInternalName() + "." + call.name().stringValue());
                }
            }));
        }
        return out;
    }

    @Test
    void swapRewritesNonfairAndVariableSitesAndSkipsConstantFairOnes() throws Exception {
        LockRewriter rewriter = new LockRewriter(AgentOptions.parse("lock=lineup"));
        byte[] original = bytesOf(Allocations.class);
        LockRewriter.Result result = rewriter.rewrite(Allocations.class.getName().replace('.', '/'), getClass().getClassLoader(), original);
        assertThat(result.bytes()).isNotNull();
        assertThat(result.rewrites()).extracting(RewriteLog.Rewrite::method)
                .containsExactlyInAnyOrder("plain", "nonfair", "chosen", "nested", "nested", "nested");
        assertThat(result.rewrites()).extracting(RewriteLog.Rewrite::kind).containsOnly("new");
        assertThat(result.skipReasons()).containsExactly("fair");
        List<String> left = newsAndCalls(result.bytes());
        // Only the fair site keeps its NEW; every other allocation calls the factory.
        assertThat(left.stream().filter(s -> s.startsWith("NEW"))).hasSize(1);
        assertThat(left.stream().filter(s -> s.contains("LockFactory.create"))).hasSize(6);
    }

    @Test
    void profileRewritesFairSitesToo() throws Exception {
        LockRewriter rewriter = new LockRewriter(AgentOptions.parse("profile"));
        LockRewriter.Result result = rewriter.rewrite(Allocations.class.getName().replace('.', '/'),
                getClass().getClassLoader(), bytesOf(Allocations.class));
        assertThat(result.rewrites()).extracting(RewriteLog.Rewrite::kind).contains("new-fair");
        assertThat(newsAndCalls(result.bytes()).stream().filter(s -> s.startsWith("NEW"))).isEmpty();
    }

    @Test
    void theRewrittenClassRunsAndAllocatesTheSwappedLock() throws Exception {
        AgentOptions options = AgentOptions.parse("lock=lineup");
        Settings.install(new Settings("lineup", false, false, 1, 0));
        LockRewriter.Result result = new LockRewriter(options).rewrite(Allocations.class.getName().replace('.', '/'),
                getClass().getClassLoader(), bytesOf(Allocations.class));
        Class<?> loaded = new OneClassLoader(Allocations.class.getName(), result.bytes(), getClass().getClassLoader())
                .loadClass(Allocations.class.getName());
        assertThat(loaded).isNotSameAs(Allocations.class);
        Method plain = loaded.getMethod("plain");
        Method fair = loaded.getMethod("fair");
        Method chosen = loaded.getMethod("chosen", boolean.class);
        assertThat(plain.invoke(null)).isInstanceOf(SwappedReentrantLock.class);
        assertThat(fair.invoke(null).getClass()).isEqualTo(ReentrantLock.class);
        assertThat(chosen.invoke(null, false)).isInstanceOf(SwappedReentrantLock.class);
        ReentrantLock kept = (ReentrantLock) chosen.invoke(null, true);
        assertThat(kept.getClass()).isEqualTo(ReentrantLock.class);
        assertThat(kept.isFair()).isTrue();
        assertThat(loaded.getMethod("nested").invoke(null)).isInstanceOf(List.class);
    }

    @Test
    void aSubclassIsReparentedWithItsSuperCalls() throws Exception {
        LockRewriter.Result result = new LockRewriter(AgentOptions.parse("lock=lineup"))
                .rewrite(Sub.class.getName().replace('.', '/'), getClass().getClassLoader(), bytesOf(Sub.class));
        ClassModel model = ClassFile.of().parse(result.bytes());
        assertThat(model.superclass().orElseThrow().asInternalName())
                .isEqualTo(SwappedReentrantLock.class.getName().replace('.', '/'));
        assertThat(result.rewrites()).extracting(RewriteLog.Rewrite::kind).containsExactly("reparent");
        assertThat(newsAndCalls(result.bytes())).containsExactlyInAnyOrder(
                "INVOKESPECIAL dev/mutexlab/agent/runtime/SwappedReentrantLock.<init>",
                "INVOKESPECIAL dev/mutexlab/agent/runtime/SwappedReentrantLock.lock");
    }

    @Test
    void failOptionMakesTheRewriteThrow() throws Exception {
        LockRewriter rewriter = new LockRewriter(AgentOptions.parse("lock=lineup,fail=" + Sub.class.getName()));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> rewriter.rewrite(Sub.class.getName().replace('.', '/'),
                getClass().getClassLoader(), bytesOf(Sub.class))).hasMessageContaining("fail=");
    }

    /** Defines one class from given bytes, delegating the rest. */
    private static final class OneClassLoader extends ClassLoader {
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
