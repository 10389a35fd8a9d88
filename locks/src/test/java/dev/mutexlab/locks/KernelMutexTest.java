package dev.mutexlab.locks;

import static dev.mutexlab.locks.ThreadKind.join;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.locks.internal.Waiter;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The Linux mutex's owner-word invariants under contention. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class KernelMutexTest {

    @Test
    void handoffIsRequestedOnlyByTheFirstWaiterAndPickupIsClearedByTheNewOwner() throws Exception {
        AtomicInteger handoffByNonFirst = new AtomicInteger();
        KernelMutex m = new KernelMutex(true, new KernelMutexHooks() {
            @Override
            void handoffRequested(KernelMutex lock, Waiter node) {
                lock.waitList.lockGuard();
                boolean first = lock.waitList.peekFirst() == node;
                lock.waitList.unlockGuard();
                if (!first) {
                    handoffByNonFirst.incrementAndGet();
                }
            }
        });
        AtomicBoolean done = new AtomicBoolean();
        AtomicLong badWord = new AtomicLong(-1);
        Thread sampler = ThreadKind.PLATFORM.start(() -> {
            while (!done.get()) {
                long o = m.owner;
                if ((o & (KernelMutex.HANDOFF | KernelMutex.PICKUP)) != 0 && (o & ~KernelMutex.FLAGS) == 0) {
                    badWord.compareAndSet(-1, o); // HANDOFF or PICKUP on an unowned mutex
                }
            }
        });
        try {
            // Rounds until the run has exercised a handoff at least once (normally the first).
            for (int round = 0; round < 20 && m.stats().count(LockEvent.HANDOFF) == 0; round++) {
                Hammer.run(m, 4, 5_000, 50_000, (t, i) -> {
                    long o = m.owner;
                    long me = KernelMutex.token(Thread.currentThread());
                    if ((o & ~KernelMutex.FLAGS) != me) {
                        throw new AssertionError("owner word names another task: " + KernelMutex.describe(o));
                    }
                    if ((o & KernelMutex.PICKUP) != 0) {
                        throw new AssertionError("new owner left PICKUP set: " + KernelMutex.describe(o));
                    }
                });
            }
        } finally {
            done.set(true);
            join(sampler, 5_000);
        }
        assertThat(badWord.get()).as("a sampled word had HANDOFF/PICKUP without owner").isEqualTo(-1);
        assertThat(handoffByNonFirst.get()).as("HANDOFF requests by a waiter that was not first").isZero();
        LockStats s = m.stats();
        assertThat(s.count(LockEvent.HANDOFF)).as("handoffs exercised").isPositive();
        assertThat(s.count(LockEvent.HANDOFF)).as("every handoff was requested").isLessThanOrEqualTo(s.count(LockEvent.HANDOFF_REQUEST));
        assertThat(m.owner).as(KernelMutex.describe(m.owner)).isZero();
    }

    @Test
    void onlyTheOsqHeadSpinsOnTheOwnerWord() throws Exception {
        AtomicInteger holders = new AtomicInteger();
        AtomicInteger maxHolders = new AtomicInteger();
        KernelMutex m = new KernelMutex(true, new KernelMutexHooks() {
            @Override
            void osqLocked() {
                maxHolders.accumulateAndGet(holders.incrementAndGet(), Math::max);
            }

            @Override
            void osqUnlocking() {
                holders.decrementAndGet();
            }
        });
        Hammer.run(m, 6, 10_000, 50_000, (t, i) -> { });
        assertThat(maxHolders.get()).as("threads holding the OSQ at once").isLessThanOrEqualTo(1);
        assertThat(holders.get()).isZero();
        assertThat(m.owner).isZero();
    }

    @Test
    void theLastWaiterToGiveUpClearsTheFlags() throws Exception {
        KernelMutex m = new KernelMutex(true);
        m.lock();
        long me = KernelMutex.token(Thread.currentThread());
        AtomicReference<Object> result = new AtomicReference<>();
        Thread t = ThreadKind.PLATFORM.start(() -> {
            try {
                result.set(m.tryLock(1, TimeUnit.MINUTES));
            } catch (InterruptedException e) {
                result.set("interrupted");
            }
        });
        Hammer.awaitParked(t, 10_000);
        assertThat(m.owner).isEqualTo(me | KernelMutex.WAITERS);
        t.interrupt();
        join(t, 10_000);
        assertThat(result.get()).isEqualTo("interrupted");
        assertThat(m.owner).as(KernelMutex.describe(m.owner)).isEqualTo(me);
        m.unlock();
        assertThat(m.owner).isZero();
    }

    @Test
    void unlockWithWaitersReleasesAndWakesTheFirst() throws Exception {
        KernelMutex m = new KernelMutex(true);
        m.lock();
        AtomicBoolean got = new AtomicBoolean();
        Thread t = ThreadKind.PLATFORM.start(() -> {
            m.lock();
            got.set(true);
            m.unlock();
        });
        Hammer.awaitParked(t, 10_000);
        m.unlock();
        join(t, 10_000);
        assertThat(got).isTrue();
        assertThat(m.stats().count(LockEvent.WAKEUP)).isEqualTo(1);
        assertThat(m.owner).isZero();
    }
}
