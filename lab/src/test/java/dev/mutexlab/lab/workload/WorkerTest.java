package dev.mutexlab.lab.workload;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.config.LabLock;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Which waits a worker records: every one that overlaps the measured window (PhaseTest has the rule). */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WorkerTest {
    private static final long WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(30);

    @Test
    void aWaitThatBeganInTheWarmUpAndEndedInTheWindowIsRecorded() throws Exception {
        ReentrantLock lock = new ReentrantLock();
        Phase phase = new Phase();
        Histogram waits = new Histogram(TimeUnit.SECONDS.toNanos(60), 3);
        Worker worker = new Worker(phase, Section.of(LabLock.parse("jdk"), lock, true), 0, 0, 1, waits, false);
        Thread t;
        lock.lock();
        try {
            t = Thread.ofPlatform().start(worker);
            while (!lock.hasQueuedThread(t)) { // it asked during the warm-up
                Thread.onSpinWait();
            }
            phase.startMeasuring(System.nanoTime());
            TimeUnit.NANOSECONDS.sleep(WAIT_NANOS);
            phase.value = Phase.STOP; // it is still waiting: the wait spans the whole window
        } finally {
            lock.unlock();
        }
        t.join();

        assertThat(waits.getTotalCount()).as("the one wait, which ended after the window").isEqualTo(1);
        assertThat(waits.getMaxValue()).isGreaterThanOrEqualTo(WAIT_NANOS);
        assertThat(worker.acquisitions).as("asked before the window: not counted").isZero();
    }
}
