package dev.mutexlab.agent.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A thread's buffers fold into its sites' totals once it has ended, so the buffers kept are bounded
 * by the threads alive; a report counts every thread once, from the totals or from its buffers.
 * Each test uses a site of its own (the tables are static, shared with the other tests of the JVM).
 */
class ThreadStatsTest {

    private static int newSite(String method) {
        return Sites.add(ThreadStatsTest.class.getName(), method, 1, "new", -1, "ThreadStatsTest.java");
    }

    /** Acquisitions at {@code site} and threads that made them, over the snapshot's ended totals and live buffers. */
    private static long[] counted(ThreadStats.Snapshot snapshot, int site) {
        long acquisitions = 0;
        long threads = snapshot.endedThreads(site);
        SiteStats ended = snapshot.ended(site);
        if (ended != null) {
            acquisitions += ended.acquisitions;
        }
        for (ThreadStats thread : snapshot.live()) {
            SiteStats s = thread.peek(site);
            if (s != null) {
                acquisitions += s.acquisitions;
                threads += s.acquisitions > 0 ? 1 : 0;
            }
        }
        return new long[] {acquisitions, threads};
    }

    /** Counts {@code acquisitions} timed acquisitions at {@code site} in this thread's buffers, as a profiled lock does. */
    private static void acquire(int site, int acquisitions) {
        SiteStats s = ThreadStats.current().site(site);
        for (int i = 0; i < acquisitions; i++) {
            s.acquisitions++;
            s.timed++;
            s.holdNanos.record(100);
        }
    }

    /** A thread that makes {@code acquisitions} acquisitions at {@code site} and ends. */
    private static Thread user(int site, int acquisitions) {
        return new Thread(() -> acquire(site, acquisitions));
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void endedThreadsFoldAsNewOnesRegisterSoTheBuffersKeptStayBounded() throws Exception {
        int site = newSite("bounded");
        int threads = 4000;
        int batch = 20;
        int perThread = 3;
        // Every Thread object stays reachable: a thread the program still holds folds too (isAlive).
        List<Thread> all = new ArrayList<>();
        int mostKept = 0;
        for (int started = 0; started < threads; started += batch) {
            List<Thread> running = new ArrayList<>();
            for (int i = 0; i < batch; i++) {
                Thread t = user(site, perThread);
                running.add(t);
                t.start();
            }
            for (Thread t : running) {
                t.join();
            }
            all.addAll(running);
            mostKept = Math.max(mostKept, ThreadStats.registeredThreads());
        }
        // No explicit sweep above: registrations alone keep the buffers within twice the threads
        // alive at a sweep (here a batch and the JVM's own few) or twice the minimum.
        assertThat(mostKept).as("buffers kept while %d threads came and went", threads)
                .isLessThan(4 * ThreadStats.MIN_REGISTRATIONS_PER_SWEEP);

        ThreadStats.Snapshot snapshot = ThreadStats.snapshot();
        assertThat(counted(snapshot, site)).containsExactly((long) threads * perThread, threads);
        assertThat(snapshot.endedThreads(site)).as("all of them ended and folded").isEqualTo(threads);
        assertThat(all).allMatch(t -> !t.isAlive());
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aReportTakenBeforeAThreadEndsCountsItOnceAfterItFolds() throws Exception {
        int site = newSite("once");
        CountDownLatch used = new CountDownLatch(1);
        CountDownLatch end = new CountDownLatch(1);
        Thread t = new Thread(() -> {
            acquire(site, 5);
            used.countDown();
            try {
                end.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        t.start();
        assertThat(used.await(20, TimeUnit.SECONDS)).isTrue();

        // The report's snapshot is taken while t runs; t ends and folds before the report reads it.
        ThreadStats.Snapshot before = ThreadStats.snapshot();
        end.countDown();
        t.join();
        ThreadStats.sweepNow();
        ThreadStats.Snapshot after = ThreadStats.snapshot();

        assertThat(counted(before, site)).as("live then, read from its buffers").containsExactly(5L, 1L);
        assertThat(before.ended(site)).as("the totals are a copy as of the snapshot").isNull();
        assertThat(counted(after, site)).as("folded since").containsExactly(5L, 1L);
        assertThat(after.ended(site).acquisitions).isEqualTo(5);
        assertThat(after.ended(site).holdNanos.count()).as("histograms fold too").isEqualTo(5);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void reportsTakenWhileThreadsEndNeverCountOneTwice() throws Exception {
        int site = newSite("concurrent");
        int threads = 2000;
        int perThread = 4;
        AtomicBoolean done = new AtomicBoolean();
        List<long[]> overcounts = new ArrayList<>();
        Thread reporter = new Thread(() -> {
            while (!done.get()) {
                long[] c = counted(ThreadStats.snapshot(), site);
                if (c[0] > (long) threads * perThread || c[1] > threads) {
                    overcounts.add(c);
                }
            }
        });
        reporter.start();
        try {
            for (int started = 0; started < threads; started += 10) {
                List<Thread> running = new ArrayList<>();
                for (int i = 0; i < 10; i++) {
                    Thread t = user(site, perThread);
                    running.add(t);
                    t.start();
                }
                for (Thread t : running) {
                    t.join();
                }
            }
        } finally {
            done.set(true);
            reporter.join();
        }
        assertThat(overcounts).as("reports that counted more than was made").isEmpty();
        assertThat(counted(ThreadStats.snapshot(), site)).containsExactly((long) threads * perThread, threads);
    }

    @Test
    void anEntryWhoseThreadWasCollectedHasEnded() {
        ThreadStats.Entry entry = new ThreadStats.Entry(Thread.currentThread(), ThreadStats.current());
        assertThat(entry.ended()).as("the current thread runs").isFalse();
        entry.clear(); // what the collector does once the Thread is unreachable
        assertThat(entry.ended()).isTrue();
    }
}
