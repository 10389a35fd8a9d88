package dev.mutexlab.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.agent.runtime.AgentReentrantLock;
import dev.mutexlab.agent.runtime.HeldElsewhere;
import dev.mutexlab.agent.runtime.ReentrantLockHooks;
import dev.mutexlab.agent.runtime.Settings;
import dev.mutexlab.agent.runtime.Site;
import dev.mutexlab.agent.runtime.SiteStats;
import dev.mutexlab.agent.runtime.Sites;
import dev.mutexlab.agent.runtime.ThreadStats;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The hooks the probed {@code ReentrantLock} calls, driven directly the way the rewritten methods
 * call them: a sampled acquisition is charged to its caller's frame and timed; a reentrant one is
 * counted and not timed; the agent's own lock and a stopped profile are left alone.
 */
class ReentrantLockHooksTest {

    @AfterEach
    void stop() {
        ReentrantLockHooks.end();
        Settings.install(Settings.NONE);
    }

    private static void start(int sampleEvery) {
        Settings.install(new Settings(null, false, true, sampleEvery, 0));
        ReentrantLockHooks.begin();
    }

    /** What the rewritten {@code lock()} does. */
    private static void lock(ReentrantLock lock) {
        long token = ReentrantLockHooks.arriving(lock);
        lock.lock();
        ReentrantLockHooks.acquired(lock, token);
    }

    /** What the rewritten {@code unlock()} does. */
    private static void unlock(ReentrantLock lock) {
        long token = ReentrantLockHooks.unlocking(lock);
        lock.unlock();
        ReentrantLockHooks.released(token);
    }

    /** The acquisition-point sites in this class's method {@code method}, added since {@code from}. */
    private static List<Site> sitesIn(String method, int from) {
        List<Site> all = Sites.all();
        return all.subList(from, all.size()).stream()
                .filter(s -> s.kind().equals(ReentrantLockHooks.KIND) && s.method().equals(method)
                        && s.className().equals(ReentrantLockHooksTest.class.getName()))
                .toList();
    }

    @Test
    void aSampledAcquisitionIsTimedAtItsCallersSite() {
        int from = Sites.all().size();
        start(1);
        ReentrantLock lock = new ReentrantLock();
        for (int i = 0; i < 3; i++) {
            lock(lock);
            unlock(lock);
        }
        List<Site> sites = sitesIn("lock", from);
        assertThat(sites).as("one site: the frame that called the lock's method").hasSize(1);
        assertThat(sites.get(0).lockClass().get()).isEqualTo(ReentrantLock.class.getName());
        SiteStats s = ThreadStats.current().peek(sites.get(0).id());
        assertThat(s.acquisitions).isEqualTo(3);
        assertThat(s.timed).isEqualTo(3);
        assertThat(s.contended).isZero();
        assertThat(s.holdNanos.count()).isEqualTo(3);
        assertThat(lock.isLocked()).isFalse();
    }

    @Test
    void aReentrantAcquisitionIsCountedAndNotTimed() {
        int from = Sites.all().size();
        start(1);
        ReentrantLock lock = new ReentrantLock();
        lock(lock);
        lock(lock);
        unlock(lock);
        assertThat(lock.isHeldByCurrentThread()).as("the inner release ends no hold").isTrue();
        unlock(lock);
        SiteStats s = ThreadStats.current().peek(sitesIn("lock", from).get(0).id());
        assertThat(s.acquisitions).isEqualTo(2);
        assertThat(s.timed).isEqualTo(1);
        assertThat(s.reentrant).isEqualTo(1);
        assertThat(s.holdNanos.count()).as("the outermost release ends the timed hold").isEqualTo(1);
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void anArrivalThatFindsTheLockHeldIsContendedWithItsWait() throws Exception {
        int from = Sites.all().size();
        start(1);
        ReentrantLock lock = new ReentrantLock();
        HeldElsewhere held = HeldElsewhere.hold(lock);
        Thread main = Thread.currentThread();
        Thread releaser = new Thread(() -> {
            // lets the holder go once this test's thread waits for the lock
            while (main.getState() != Thread.State.WAITING) {
                Thread.onSpinWait();
            }
            held.release();
        });
        releaser.start();
        lock(lock);
        unlock(lock);
        held.close();
        releaser.join();
        SiteStats s = ThreadStats.current().peek(sitesIn("lock", from).get(0).id());
        assertThat(s.contended).isEqualTo(1);
        assertThat(s.waitNanos.count()).isEqualTo(1);
        assertThat(s.maxWaiting).isGreaterThanOrEqualTo(1);
    }

    @Test
    void theAgentsOwnLockAndAStoppedProfileAreLeftAlone() {
        int from = Sites.all().size();
        start(1);
        ReentrantLock agents = new AgentReentrantLock(false, Sites.add("X", "m", 1, "new", -1, null));
        lock(agents);
        unlock(agents);
        assertThat(sitesIn("lock", from)).as("the agent's lock has its own probe").isEmpty();
        ReentrantLockHooks.end();
        ReentrantLock plain = new ReentrantLock();
        lock(plain);
        unlock(plain);
        assertThat(sitesIn("lock", from)).as("no profile, no site").isEmpty();
        assertThat(ReentrantLockHooks.arriving(plain)).isEqualTo(ReentrantLockHooks.NOT_TIMED);
    }

    @Test
    void oneInNIsSampledOnAverage() {
        int from = Sites.all().size();
        start(16);
        ReentrantLock lock = new ReentrantLock();
        int n = 16 * 400;
        for (int i = 0; i < n; i++) {
            lock(lock);
            unlock(lock);
        }
        SiteStats s = ThreadStats.current().peek(sitesIn("lock", from).get(0).id());
        // countdowns uniform in 1..31: 400 expected; 6 standard deviations either way
        assertThat(s.timed).isBetween(300L, 500L);
        assertThat(s.acquisitions).as("each sample stands for N").isEqualTo(16 * s.timed);
    }
}
