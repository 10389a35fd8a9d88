package dev.mutexlab.agent.runtime;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.Lock;

/**
 * A lock held by another thread until {@link #release()}: the built state a test of a contended
 * arrival starts from (no sleeping, no timing).
 */
public final class HeldElsewhere {
    private final CountDownLatch release = new CountDownLatch(1);
    private final Thread holder;

    private HeldElsewhere(Lock lock) throws InterruptedException {
        CountDownLatch held = new CountDownLatch(1);
        holder = new Thread(() -> {
            lock.lock();
            held.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                lock.unlock();
            }
        }, "held-elsewhere");
        holder.start();
        held.await();
    }

    /** Starts a thread that takes {@code lock} and holds it; returns once it holds it. */
    public static HeldElsewhere hold(Lock lock) throws InterruptedException {
        return new HeldElsewhere(lock);
    }

    /** Lets the holder release the lock; callable from any thread. */
    public void release() {
        release.countDown();
    }

    /** Releases the lock, if not yet, and waits for the holder to end. */
    public void close() throws InterruptedException {
        release.countDown();
        holder.join();
    }
}
