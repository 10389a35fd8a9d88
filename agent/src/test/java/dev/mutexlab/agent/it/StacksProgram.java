package dev.mutexlab.agent.it;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Child program: a wrapper that allocates one {@code ReentrantLock} for every caller
 * ({@link AutoLock}, after Jetty's), constructed by {@link Ledger}, whose {@code transfer} and
 * {@code audit} take it. {@code ROUNDS} times, {@code audit} holds the lock until a thread in
 * {@code transfer} waits for it (parked in the lock), then releases it: a contended acquisition
 * and a release that kept a waiter waiting, whatever the machine's speed. Then four threads
 * contend freely for a while. Prints {@code DONE}.
 */
public final class StacksProgram {

    private static final int ROUNDS = 3;

    /** One lock for all its callers: its constructor is the allocation site. */
    static final class AutoLock {
        private final ReentrantLock lock = new ReentrantLock();

        void lock() {
            lock.lock();
        }

        void unlock() {
            lock.unlock();
        }
    }

    /** A caller of the wrapper. */
    static final class Ledger {
        private final AutoLock lock = new AutoLock();
        private long balance;

        void transfer(Runnable inside) {
            lock.lock();
            try {
                balance++;
                inside.run();
            } finally {
                lock.unlock();
            }
        }

        void audit(Runnable inside) {
            lock.lock();
            try {
                balance--;
                inside.run();
            } finally {
                lock.unlock();
            }
        }
    }

    public static void main(String[] args) throws Exception {
        Ledger ledger = new Ledger();
        for (int round = 0; round < ROUNDS; round++) {
            forcedWait(ledger);
        }
        Thread[] threads = new Thread[4];
        for (int t = 0; t < threads.length; t++) {
            boolean auditor = t % 2 == 0;
            threads[t] = new Thread(() -> {
                for (int i = 0; i < 20_000; i++) {
                    if (auditor) {
                        ledger.audit(Thread::onSpinWait);
                    } else {
                        ledger.transfer(Thread::onSpinWait);
                    }
                }
            });
            threads[t].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        System.out.println("DONE");
    }

    /** {@code audit} holds the lock until a thread in {@code transfer} is parked waiting for it. */
    static void forcedWait(Ledger ledger) throws InterruptedException {
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread holder = new Thread(() -> ledger.audit(() -> {
            held.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }));
        holder.start();
        held.await();
        Thread waiter = new Thread(() -> ledger.transfer(() -> { }));
        waiter.start();
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (waiter.getState() != Thread.State.WAITING) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("the waiter never parked in the lock: " + waiter.getState());
            }
            Thread.onSpinWait();
        }
        release.countDown();
        holder.join();
        waiter.join();
    }
}
