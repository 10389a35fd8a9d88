package dev.mutexlab.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mutexlab.agent.runtime.Settings;
import dev.mutexlab.agent.runtime.Site;
import dev.mutexlab.agent.runtime.SiteStats;
import dev.mutexlab.agent.runtime.Sites;
import dev.mutexlab.agent.runtime.ThreadStats;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.util.CheckClassAdapter;

class MonitorRewriterTest {

    /** Blocks and methods of every shape the rewriter distinguishes. */
    public static final class Monitors {
        public final Object lock = new Object();
        public int counter;

        public int throwInside(boolean fail) {
            synchronized (lock) {
                counter++;
                if (fail) {
                    throw new IllegalStateException("inside");
                }
                return counter;
            }
        }

        public int nested() {
            synchronized (lock) {
                synchronized (this) {
                    synchronized (lock) {   // reentrant
                        counter++;
                    }
                }
            }
            return counter;
        }

        public int twoInARow() {
            synchronized (lock) {
                counter++;
            }
            synchronized (this) {
                counter++;
            }
            return counter;
        }

        /** The loop's head is the first instruction after the enter: a jump target there. */
        public int loopRightAfterEnter(int n) {
            synchronized (lock) {
                while (counter < n) {
                    counter++;
                }
            }
            return counter;
        }

        public synchronized int severalReturns(int k) {
            if (k == 0) {
                return 0;
            }
            if (k == 1) {
                return 1;
            }
            if (k < 0) {
                throw new IllegalArgumentException("negative");
            }
            counter += k;
            return counter;
        }

        public static synchronized long staticMethod(long v) {
            return v + 1;
        }

        public boolean waitsAndNotifiesInside() throws InterruptedException {
            synchronized (lock) {
                lock.wait(1);
                lock.notifyAll();
                return Thread.holdsLock(lock);
            }
        }

        public void notifyWithoutTheMonitor() {
            lock.notify();
        }

        public void enterNull(Object monitor) {
            synchronized (monitor) {
                counter++;
            }
        }
    }

    /** No monitor anywhere. */
    public static final class NoMonitors {
        public int twice(int v) {
            return 2 * v;
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

    private static String internal(Class<?> c) {
        return c.getName().replace('.', '/');
    }

    /** A rewritten class, loaded, with the sites its rewrite added. */
    private record Rewritten(Class<?> type, Object instance, List<Site> sites) {
        Site site(String method, String kind, int nth) {
            return sites.stream().filter(s -> s.method().equals(method) && s.kind().equals(kind)).skip(nth)
                    .findFirst().orElseThrow(() -> new AssertionError("no site " + method + " " + kind + " #" + nth));
        }

        Object call(String name, Object... args) throws Throwable {
            for (Method m : type.getMethods()) {
                if (m.getName().equals(name) && m.getParameterCount() == args.length) {
                    try {
                        return m.invoke(instance, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                }
            }
            throw new AssertionError("no method " + name);
        }

        Object lock() throws ReflectiveOperationException {
            return type.getField("lock").get(instance);
        }
    }

    private Rewritten rewritten(int sampleEvery) throws Exception {
        Settings.install(new Settings(null, false, true, sampleEvery, 0));
        int before = Sites.all().size();
        MonitorRewriter.Result result = new MonitorRewriter().rewrite(internal(Monitors.class),
                getClass().getClassLoader(), bytesOf(Monitors.class));
        assertThat(result.bytes()).isNotNull();
        assertThat(verify(result.bytes())).isEmpty();
        Class<?> loaded = new LockRewriterTest.OneClassLoader(Monitors.class.getName(), result.bytes(),
                getClass().getClassLoader()).loadClass(Monitors.class.getName());
        assertThat(loaded).isNotSameAs(Monitors.class);
        List<Site> sites = new ArrayList<>(Sites.all().subList(before, Sites.all().size()));
        return new Rewritten(loaded, loaded.getConstructor().newInstance(), sites);
    }

    /** What ASM's verifier (CheckClassAdapter) finds wrong with {@code bytes}: empty when nothing. */
    private String verify(byte[] bytes) {
        StringWriter text = new StringWriter();
        CheckClassAdapter.verify(new ClassReader(bytes), getClass().getClassLoader(), false, new PrintWriter(text));
        return text.toString();
    }

    private static SiteStats mine(Site site) {
        SiteStats s = ThreadStats.current().peek(site.id());
        return s != null ? s : new SiteStats();
    }

    @Test
    void everyBlockAndSynchronizedMethodGetsASiteWithItsLine() throws Exception {
        Rewritten r = rewritten(1);
        // throwInside 1, nested 3, twoInARow 2, loop 1, waits 1, enterNull 1 blocks; 2 methods
        assertThat(r.sites()).filteredOn(s -> s.kind().equals("monitor")).hasSize(9);
        assertThat(r.sites()).filteredOn(s -> s.kind().equals("monitor-method")).extracting(Site::method)
                .containsExactlyInAnyOrder("severalReturns", "staticMethod");
        assertThat(r.sites()).allSatisfy(s -> {
            assertThat(s.className()).isEqualTo(Monitors.class.getName());
            assertThat(s.line()).isPositive();
            assertThat(s.fileName()).isEqualTo("MonitorRewriterTest.java");
        });
        Site outer = r.site("nested", "monitor", 0);
        Site middle = r.site("nested", "monitor", 1);
        assertThat(middle.line()).isEqualTo(outer.line() + 1);
        assertThat(r.site("staticMethod", "monitor-method", 0).lockClass().get()).isEqualTo("java.lang.Class");
    }

    @Test
    void aClassWithoutMonitorsIsLeftAsItWas() throws Exception {
        assertThat(MonitorRewriter.mayHaveMonitors(bytesOf(NoMonitors.class))).isFalse();
        assertThat(MonitorRewriter.mayHaveMonitors(bytesOf(Monitors.class))).isTrue();
        assertThat(new MonitorRewriter().rewrite(internal(NoMonitors.class), getClass().getClassLoader(),
                bytesOf(NoMonitors.class)).bytes()).isNull();
    }

    @Test
    void everyMonitorInstructionIsKeptInItsPlace() throws Exception {
        MonitorRewriter.Result result = new MonitorRewriter().rewrite(internal(Monitors.class),
                getClass().getClassLoader(), bytesOf(Monitors.class));
        assertThat(monitorOps(result.bytes())).isEqualTo(monitorOps(bytesOf(Monitors.class)));
        assertThat(synchronizedMethods(result.bytes())).containsExactlyInAnyOrder("severalReturns", "staticMethod");
    }

    private static List<String> monitorOps(byte[] bytes) {
        ClassNode node = new ClassNode();
        new ClassReader(bytes).accept(node, 0);
        List<String> ops = new ArrayList<>();
        for (MethodNode m : node.methods) {
            for (AbstractInsnNode insn : m.instructions) {
                if (insn.getOpcode() == Opcodes.MONITORENTER || insn.getOpcode() == Opcodes.MONITOREXIT) {
                    ops.add(m.name + " " + insn.getOpcode());
                }
            }
        }
        return ops;
    }

    private static List<String> synchronizedMethods(byte[] bytes) {
        ClassNode node = new ClassNode();
        new ClassReader(bytes).accept(node, 0);
        return node.methods.stream().filter(m -> (m.access & Opcodes.ACC_SYNCHRONIZED) != 0).map(m -> m.name).toList();
    }

    @Test
    @Timeout(10)
    void anExceptionInsideABlockReleasesTheMonitorAndRecordsTheHold() throws Throwable {
        Rewritten r = rewritten(1);
        Site site = r.site("throwInside", "monitor", 0);
        assertThat(r.call("throwInside", false)).isEqualTo(1);
        assertThatThrownBy(() -> r.call("throwInside", true)).isInstanceOf(IllegalStateException.class)
                .hasMessage("inside");
        assertThat(Thread.holdsLock(r.lock())).isFalse();
        assertThat(mine(site).acquisitionsNow()).isEqualTo(2);
        assertThat(mine(site).timed).isEqualTo(2);
        assertThat(mine(site).holdNanos.count()).isEqualTo(2);
        // another thread can take it: the handler's monitorexit ran
        Thread other = new Thread(() -> {
            synchronized (lockOf(r)) {
                Thread.onSpinWait();
            }
        });
        other.start();
        other.join(5000);
        assertThat(other.isAlive()).isFalse();
    }

    private static Object lockOf(Rewritten r) {
        try {
            return r.lock();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void nestedBlocksPairByTheirOwnMonitorAndAReentrantEnterIsNotTimed() throws Throwable {
        Rewritten r = rewritten(1);
        assertThat(r.call("nested")).isEqualTo(1);
        assertThat(Thread.holdsLock(r.lock())).isFalse();
        assertThat(Thread.holdsLock(r.instance())).isFalse();
        SiteStats outer = mine(r.site("nested", "monitor", 0));
        SiteStats middle = mine(r.site("nested", "monitor", 1));
        SiteStats inner = mine(r.site("nested", "monitor", 2));
        assertThat(outer.holdNanos.count()).isEqualTo(1);
        assertThat(middle.holdNanos.count()).isEqualTo(1);
        assertThat(inner.acquisitionsNow()).isEqualTo(1);
        assertThat(inner.reentrant).isEqualTo(1);
        assertThat(inner.timed).isZero();
        assertThat(inner.holdNanos.count()).isZero();
        // the outer hold encloses the middle one
        assertThat(outer.holdNanos.maxNanos()).isGreaterThanOrEqualTo(middle.holdNanos.maxNanos());
    }

    @Test
    void blocksOneAfterTheOtherEachRecordTheirOwnHold() throws Throwable {
        Rewritten r = rewritten(1);
        assertThat(r.call("twoInARow")).isEqualTo(2);
        assertThat(mine(r.site("twoInARow", "monitor", 0)).holdNanos.count()).isEqualTo(1);
        assertThat(mine(r.site("twoInARow", "monitor", 1)).holdNanos.count()).isEqualTo(1);
    }

    @Test
    void aLoopRightAfterTheEnterRunsTheEnterProbeOnce() throws Throwable {
        Rewritten r = rewritten(1);
        assertThat(r.call("loopRightAfterEnter", 50)).isEqualTo(50);
        SiteStats s = mine(r.site("loopRightAfterEnter", "monitor", 0));
        assertThat(s.acquisitionsNow()).isEqualTo(1);
        assertThat(s.timed).isEqualTo(1);
        assertThat(s.holdNanos.count()).isEqualTo(1);
    }

    @Test
    void aSynchronizedMethodRecordsAHoldAtEveryReturnAndAtAThrow() throws Throwable {
        Rewritten r = rewritten(1);
        assertThat(r.call("severalReturns", 0)).isEqualTo(0);
        assertThat(r.call("severalReturns", 1)).isEqualTo(1);
        assertThat(r.call("severalReturns", 5)).isEqualTo(5);
        assertThatThrownBy(() -> r.call("severalReturns", -1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("negative");
        assertThat(Thread.holdsLock(r.instance())).isFalse();
        SiteStats s = mine(r.site("severalReturns", "monitor-method", 0));
        assertThat(s.acquisitionsNow()).isEqualTo(4);
        assertThat(s.holdNanos.count()).isEqualTo(4);
        assertThat(s.waitNanos.count()).isZero();
        assertThat(r.type().getMethod("staticMethod", long.class).invoke(null, 41L)).isEqualTo(42L);
        assertThat(mine(r.site("staticMethod", "monitor-method", 0)).holdNanos.count()).isEqualTo(1);
    }

    @Test
    void waitNotifyAndTheirExceptionsBehaveAsWithoutTheProbes() throws Throwable {
        Rewritten r = rewritten(1);
        assertThat(r.call("waitsAndNotifiesInside")).isEqualTo(true);
        assertThatThrownBy(() -> r.call("notifyWithoutTheMonitor")).isInstanceOf(IllegalMonitorStateException.class);
        assertThatThrownBy(() -> r.call("enterNull", (Object) null)).isInstanceOf(NullPointerException.class);
        assertThat(mine(r.site("enterNull", "monitor", 0)).acquisitionsNow()).isZero();
        assertThat(mine(r.site("waitsAndNotifiesInside", "monitor", 0)).holdNanos.count()).isEqualTo(1);
    }

    @Test
    void oneEnterInNIsTimedAndTheRestReadNoClock() throws Throwable {
        Rewritten r = rewritten(4);
        for (int i = 0; i < 8; i++) {
            r.call("throwInside", false);
            r.call("severalReturns", 2);
        }
        SiteStats block = mine(r.site("throwInside", "monitor", 0));
        assertThat(block.acquisitionsNow()).isEqualTo(8);
        // enters 1 and 5 took the sampled path, each adding the interval its countdown stood for
        assertThat(block.acquisitions).as("an enter sampled out writes only its countdown").isEqualTo(5);
        assertThat(block.timed).isEqualTo(2);
        assertThat(block.holdNanos.count()).isEqualTo(2);
        SiteStats method = mine(r.site("severalReturns", "monitor-method", 0));
        assertThat(method.acquisitionsNow()).isEqualTo(8);
        assertThat(method.acquisitions).as("an entry sampled out writes only its countdown").isEqualTo(5);
        assertThat(method.holdNanos.count()).isEqualTo(2);
    }

    @Test
    @Timeout(10)
    void anEnterThatWaitsForAnotherThreadIsContendedWithItsWait() throws Throwable {
        Rewritten r = rewritten(1);
        Site site = r.site("throwInside", "monitor", 0);
        AtomicReference<SiteStats> seen = new AtomicReference<>();
        CountDownLatch done = new CountDownLatch(1);
        Thread waiter;
        synchronized (r.lock()) {
            waiter = new Thread(() -> {
                try {
                    r.call("throwInside", false);
                } catch (Throwable t) {
                    throw new AssertionError(t);
                }
                seen.set(mine(site));
                done.countDown();
            });
            waiter.start();
            while (waiter.getState() != Thread.State.BLOCKED) {
                Thread.onSpinWait();
            }
        }
        assertThat(done.await(5, TimeUnit.SECONDS)).isTrue();
        waiter.join(5000);
        SiteStats s = seen.get();
        assertThat(s.timed).isEqualTo(1);
        assertThat(s.contended).isEqualTo(1);
        assertThat(s.waitNanos.count()).isEqualTo(1);
        assertThat(s.holdNanos.count()).isEqualTo(1);
    }
}
