package dev.mutexlab.lab.workload;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.config.LabLock;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Which waits a worker records: every one that overlaps the measured window. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WorkerTest {
    private static final long WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(30);

    @Test
    void aWaitThatBeganInTheWarmUpAndEndedInTheWindowIsRecorded() throws Exception {
        ReentrantLock lock = new ReentrantLock();
        Worker.Phase phase = new Worker.Phase();
        Histogram waits = new Histogram(TimeUnit.SECONDS.toNanos(60), 3);
        Worker worker = new Worker(phase, Section.of(LabLock.parse("jdk"), lock, true), 0, 0, 1, waits, false);
        Thread t;
        lock.lock();
        try {
            t = Thread.ofPlatform().start(worker);
            while (!lock.hasQueuedThread(t)) { // it asked during the warm-up
                Thread.onSpinWait();
            }
            phase.startMeasuring();
            TimeUnit.NANOSECONDS.sleep(WAIT_NANOS);
            phase.value = Worker.STOP; // it is still waiting: the wait spans the whole window
        } finally {
            lock.unlock();
        }
        t.join();

        assertThat(waits.getTotalCount()).as("the one wait, which ended after the window").isEqualTo(1);
        assertThat(waits.getMaxValue()).isGreaterThanOrEqualTo(WAIT_NANOS);
        assertThat(worker.acquisitions).as("asked before the window: not counted").isZero();
    }

    @Test
    void onlyWaitsThatOverlapTheWindowAreRecorded() {
        Worker.Phase phase = new Worker.Phase();
        assertThat(Worker.records(Worker.WARMUP, phase, 100)).as("asked and made in the warm-up").isFalse();

        phase.value = Worker.MEASURE;
        phase.measureStartNanos = 1_000;
        assertThat(Worker.records(Worker.WARMUP, phase, 999)).as("made just before the window").isFalse();
        assertThat(Worker.records(Worker.WARMUP, phase, 1_000)).as("asked in the warm-up, made in the window").isTrue();
        assertThat(Worker.records(Worker.MEASURE, phase, 5_000)).as("asked in the window").isTrue();

        phase.value = Worker.STOP;
        assertThat(Worker.records(Worker.MEASURE, phase, 9_000)).as("asked in the window, made after it").isTrue();
        assertThat(Worker.records(Worker.WARMUP, phase, 9_000)).as("a wait that spans the window").isTrue();
    }
}
