package dev.mutexlab.agent.it;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Child program: many short-lived threads, each taking one lock once, as a server with a thread
 * per request does. Virtual threads where the JDK has them (reached by reflection, so that the
 * program runs on JDK 17), platform threads otherwise. Written against JDK 17's API.
 *
 * <p>Arguments: the threads to run when they are virtual, the threads when they are platform
 * threads, and how many to hold alive at once while it measures the heap that each live thread's
 * profile costs. Prints the kind of thread, the threads run, the acquisitions made (counted under
 * the lock), the lock's class and the bytes of heap per live thread that took the lock, over a
 * thread that did not.
 */
public final class ShortThreadsProgram {

    /** Threads started before the program waits for them to end. */
    private static final int BATCH = 1000;

    private static final ReentrantLock LOCK = new ReentrantLock();
    /** Acquisitions made; guarded by LOCK. */
    private static long acquisitions;

    public static void main(String[] args) throws Exception {
        ThreadFactory virtual = virtualThreadFactory();
        ThreadFactory factory = virtual != null ? virtual : Thread::new;
        int threads = Integer.parseInt(virtual != null ? args[0] : args[1]);
        int held = Integer.parseInt(args[2]);

        long withoutLockBytes = heapWithParkedThreads(factory, held, false);
        long withLockBytes = heapWithParkedThreads(factory, held, true);

        for (int started = 0; started < threads; started += BATCH) {
            List<Thread> running = new ArrayList<>();
            for (int i = 0; i < Math.min(BATCH, threads - started); i++) {
                Thread t = factory.newThread(ShortThreadsProgram::acquireOnce);
                running.add(t);
                t.start();
            }
            for (Thread t : running) {
                t.join();
            }
        }

        LOCK.lock();
        try {
            System.out.println("KIND=" + (virtual != null ? "virtual" : "platform"));
            System.out.println("THREADS=" + threads);
            System.out.println("ACQUISITIONS=" + (acquisitions + 1)); // this one included
            System.out.println("LOCKCLASS=" + LOCK.getClass().getName());
            System.out.println("PROFILE_BYTES_PER_LIVE_THREAD=" + (withLockBytes - withoutLockBytes) / held);
        } finally {
            LOCK.unlock();
        }
    }

    private static void acquireOnce() {
        LOCK.lock();
        try {
            acquisitions++;
        } finally {
            LOCK.unlock();
        }
    }

    /**
     * The heap in use, after a collection, while {@code count} threads are parked; each took the lock
     * once before it parked when {@code takeLock}.
     */
    private static long heapWithParkedThreads(ThreadFactory factory, int count, boolean takeLock)
            throws InterruptedException {
        CountDownLatch parked = new CountDownLatch(count);
        CountDownLatch release = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Thread t = factory.newThread(() -> {
                if (takeLock) {
                    acquireOnce();
                }
                parked.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            threads.add(t);
            t.start();
        }
        parked.await();
        long usedBytes = usedHeapAfterCollection();
        release.countDown();
        for (Thread t : threads) {
            t.join();
        }
        return usedBytes;
    }

    private static long usedHeapAfterCollection() {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return memory.getHeapMemoryUsage().getUsed();
    }

    /** {@code Thread.ofVirtual().factory()} where the JDK has it (21 and later), else null. */
    static ThreadFactory virtualThreadFactory() throws ReflectiveOperationException {
        if (Runtime.version().feature() < 21) {
            return null;
        }
        Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
        return (ThreadFactory) Class.forName("java.lang.Thread$Builder").getMethod("factory").invoke(builder);
    }
}
