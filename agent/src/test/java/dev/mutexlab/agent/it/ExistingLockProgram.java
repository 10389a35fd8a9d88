package dev.mutexlab.agent.it;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A running program whose lock was made, and fought over, before any agent came: three threads
 * take {@link #LOCK} (one with {@code lock()}, one with {@code lockInterruptibly()}, one with
 * {@code tryLock(timeout)}), each holding it for a few microseconds, until its standard input
 * ends (the test closes it; a test that dies closes it too); prints {@code READY} once every
 * thread has taken the lock. Then it checks its own work:
 * the count kept under the lock equals the sum of the threads' own counts, the lock is free and is
 * the JDK's, and prints {@code SELF_CHECK=ok}.
 */
public final class ExistingLockProgram {

    /** Made before any agent: no allocation site the agent could rewrite. */
    static final ReentrantLock LOCK = new ReentrantLock();
    static long underLock;
    static volatile boolean stop;
    /** Counted down by each worker on its first acquisition. */
    static final CountDownLatch FIRST_TAKEN = new CountDownLatch(3);

    private ExistingLockProgram() {
    }

    public static void main(String[] args) throws Exception {
        Worker[] workers = {new Worker(0), new Worker(1), new Worker(2)};
        for (Worker w : workers) {
            w.start();
        }
        if (!FIRST_TAKEN.await(60, TimeUnit.SECONDS)) {
            System.out.println("SELF_CHECK=FAILED (a worker never took the lock)");
            System.exit(1);
        }
        System.out.println("READY");
        System.out.flush();
        while (System.in.read() >= 0) {
            // the test says nothing on it: the end of the input is the signal to stop
        }
        stop = true;
        long sum = 0;
        for (Worker w : workers) {
            w.join();
            sum += w.own;
        }
        boolean ok = sum == underLock && !LOCK.isLocked() && LOCK.getClass() == ReentrantLock.class;
        System.out.println("COUNTS=" + sum + "/" + underLock);
        System.out.println("SELF_CHECK=" + (ok ? "ok" : "FAILED"));
        System.exit(ok ? 0 : 1);
    }

    /** Takes the lock its way, holds it a few microseconds, counts. */
    static final class Worker extends Thread {
        final int way;
        volatile long own;

        Worker(int way) {
            super("worker-" + way);
            this.way = way;
            setDaemon(true);
        }

        @Override
        public void run() {
            try {
                while (!stop) {
                    if (way == 0) {
                        LOCK.lock();
                    } else if (way == 1) {
                        LOCK.lockInterruptibly();
                    } else if (!LOCK.tryLock(10, TimeUnit.SECONDS)) {
                        continue;
                    }
                    try {
                        underLock++;
                        if (own++ == 0) {
                            FIRST_TAKEN.countDown();
                        }
                        long until = System.nanoTime() + 5_000;
                        while (System.nanoTime() < until) {
                            Thread.onSpinWait();
                        }
                    } finally {
                        LOCK.unlock();
                    }
                    Thread.yield();
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException("never interrupted", e);
            }
        }
    }
}
