package dev.mutexlab.locks;

import static dev.mutexlab.locks.ThreadKind.join;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.Lock;

/** Contended lock/unlock loops for the per-algorithm invariant tests; bounded, and failures are rethrown. */
final class Hammer {
    private Hammer() {
    }

    /** What a thread checks while it holds the lock; throws AssertionError on a violation. */
    interface Inside {
        void check(int thread, int iteration);
    }

    /**
     * {@code threads} platform threads each take and release {@code lock} {@code iterations}
     * times, yielding inside every 16th critical section so that waiters go to sleep, and call
     * {@code inside} while holding it. Fails if two threads are inside at once, if a check fails,
     * or if a thread is still running after {@code joinMillis}.
     */
    static void run(Lock lock, int threads, int iterations, long joinMillis, Inside inside) throws InterruptedException {
        AtomicInteger holders = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int id = t;
            ts.add(ThreadKind.PLATFORM.start(() -> {
                try {
                    for (int i = 0; i < iterations && failure.get() == null; i++) {
                        lock.lock();
                        try {
                            if (holders.incrementAndGet() != 1) {
                                throw new AssertionError("two threads hold the lock");
                            }
                            inside.check(id, i);
                            if ((i & 15) == 0) {
                                Thread.yield();
                            } else {
                                Thread.onSpinWait();
                            }
                            holders.decrementAndGet();
                        } finally {
                            lock.unlock();
                        }
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }));
        }
        for (Thread t : ts) {
            join(t, joinMillis);
        }
        if (failure.get() != null) {
            throw new AssertionError("failure while hammering " + lock, failure.get());
        }
    }

    /** Waits until {@code t} is parked (WAITING or TIMED_WAITING); fails after {@code millis}. */
    static void awaitParked(Thread t, long millis) {
        ThreadKind.awaitCondition(t.getName() + " parked", millis, () -> LockContractTest.isWaiting(t));
    }
}
