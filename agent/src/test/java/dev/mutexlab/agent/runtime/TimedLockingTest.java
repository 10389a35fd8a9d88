package dev.mutexlab.agent.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The profiled lock takes the path the lock takes without the profiler: one call of the serving
 * lock's method per acquisition, never a {@code tryLock} first; and it times one acquisition in
 * {@code sample=N}, outermost holds only.
 */
class TimedLockingTest {

    /** A profiled JDK lock that counts the serving lock's calls. */
    static final class Counting extends AgentReentrantLock {
        private static final long serialVersionUID = 1L;
        int locks;
        int tryLocks;
        int timedTryLocks;

        Counting(int site) {
            super(false, site);
        }

        @Override
        public void stockLock() {
            locks++;
            super.stockLock();
        }

        @Override
        public boolean stockTryLock() {
            tryLocks++;
            return super.stockTryLock();
        }

        @Override
        public boolean stockTryLock(long timeout, TimeUnit unit) throws InterruptedException {
            timedTryLocks++;
            return super.stockTryLock(timeout, unit);
        }
    }

    @AfterEach
    void noSettings() {
        Settings.install(Settings.NONE);
    }

    private static Counting profiled(int sampleEvery) {
        Settings.install(new Settings(null, false, true, sampleEvery, 0));
        return new Counting(Sites.add(TimedLockingTest.class.getName(), "profiled", 1, "new", -1, null));
    }

    @Test
    void aTimedAcquisitionCallsTheLockOnceAndNeverTriesFirst() {
        Counting lock = profiled(1);
        lock.lock();
        lock.unlock();
        assertThat(lock.locks).isEqualTo(1);
        assertThat(lock.tryLocks).as("no tryLock before the lock: it would barge past a line").isZero();
        SiteStats s = ThreadStats.current().site(lock.probe().site());
        assertThat(s.timed).isEqualTo(1);
        assertThat(s.contended).isZero();
        assertThat(s.holdNanos.count()).isEqualTo(1);
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void anArrivalThatFindsTheLockHeldIsContendedAndStillCallsTheLockOnce() throws Exception {
        Counting lock = profiled(1);
        HeldElsewhere held = HeldElsewhere.hold(lock);
        Thread main = Thread.currentThread();
        Thread releaser = new Thread(() -> {
            // releases the holder's lock once this test's thread waits for it (arrived at a held lock)
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (main.getState() != Thread.State.TIMED_WAITING && System.nanoTime() - deadline < 0) {
                Thread.onSpinWait();
            }
            held.release();
        });
        releaser.start();
        assertThat(lock.tryLock(10, TimeUnit.SECONDS)).isTrue();
        lock.unlock();
        held.close();
        releaser.join();
        assertThat(lock.timedTryLocks).isEqualTo(1);
        assertThat(lock.tryLocks).isZero();
        SiteStats s = ThreadStats.current().site(lock.probe().site());
        assertThat(s.contended).isEqualTo(1);
        assertThat(s.waitNanos.count()).isEqualTo(1);
        assertThat(s.maxWaiting).isEqualTo(1);
    }

    @Test
    void oneAcquisitionInNIsTimedAndReentrantOnesNever() {
        Counting lock = profiled(4);
        for (int i = 0; i < 16; i++) {
            lock.lock();
            lock.unlock();
        }
        SiteStats s = ThreadStats.current().site(lock.probe().site());
        assertThat(s.acquisitionsNow()).isEqualTo(16);
        assertThat(s.timed).isEqualTo(4);
        assertThat(s.holdNanos.count()).isEqualTo(4);
        assertThat(lock.tryLocks).isZero();

        lock.lock();                 // the outermost hold, timed
        long timedBefore = s.timed;
        long holdsBefore = s.holdNanos.count();
        for (int i = 0; i < 8; i++) {
            lock.lock();             // the sampled ones among these are reentrant: not timed
            lock.unlock();           // nor is any inner release a hold
        }
        assertThat(s.timed).as("no reentrant acquisition is timed").isEqualTo(timedBefore);
        assertThat(s.holdNanos.count()).isEqualTo(holdsBefore);
        assertThat(s.reentrant).isPositive();
        lock.unlock();
        assertThat(s.holdNanos.count()).as("the outermost release ends the hold").isEqualTo(holdsBefore + (timedBefore - 4));
        assertThat(lock.isLocked()).isFalse();
    }
}
