package dev.mutexlab.lab.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.mutexlab.lab.config.LabLock;
import dev.mutexlab.lab.config.Shape;
import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.results.RunQueueDelay;
import dev.mutexlab.lab.results.Sample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The schedstat parser, the shares, and the run-queue delay of a real measurement (Linux only). */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SchedStatTest {
    @Test
    void runDelayIsTheSecondField() {
        assertThat(SchedStat.parseRunDelayNanos("191612962 8225004 384\n")).isEqualTo(8_225_004L);
        assertThat(SchedStat.parseRunDelayNanos("0 0 1")).isZero();
    }

    @Test
    void malformedSchedstatIsUnknown() {
        assertThat(SchedStat.parseRunDelayNanos("")).isEqualTo(-1);
        assertThat(SchedStat.parseRunDelayNanos("12 34")).isEqualTo(-1);
        assertThat(SchedStat.parseRunDelayNanos("12 x 3")).isEqualTo(-1);
        assertThat(SchedStat.parseRunDelayNanos("12 -5 3")).isEqualTo(-1);
    }

    @Test
    void sharesAreOverTheWindowAndLeaveOutUnknownThreads() {
        RunQueueDelay d = SchedStat.delay("workers", new long[] {100, 0, -1}, new long[] {300, 600, 500}, 1_000);

        assertThat(d.threads()).isEqualTo(2);
        assertThat(d.meanShare()).isEqualTo(0.4);
        assertThat(d.maxShare()).isEqualTo(0.6);
        assertThat(d.of()).isEqualTo("workers");
    }

    @Test
    void noThreadKnownMeansNoFigure() {
        assertThat(SchedStat.delay("workers", new long[] {-1}, new long[] {5}, 1_000)).isNull();
        assertThat(SchedStat.delay("carriers", new long[0], new long[0], 1_000)).isNull();
        assertThat(SchedStat.runDelayNanos(-1)).isEqualTo(-1);
    }

    @Test
    void aThreadReadsItsOwnSchedstat() {
        assumeTrue(Files.isDirectory(Path.of("/proc/thread-self")), "Linux only");
        long tid = SchedStat.currentTid();

        assertThat(tid).isPositive();
        assertThat(SchedStat.runDelayNanos(tid)).isGreaterThanOrEqualTo(0);
    }

    @Test
    void everyPlatformWorkerIsReadEvenWithNoWarmUp() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/thread-self")), "Linux only");
        Shape shape = new Shape(ThreadKind.PLATFORM, 1, 3, 1_000, 1_000);
        for (int i = 0; i < 3; i++) { // the first measurement of a JVM is the slowest to start and stop
            Sample s = Measurement.run(shape, LabLock.parse("jdk"), BusyWork.withRate(1), 0, 20_000_000, true, 0, 0, null);

            assertThat(s.runQueue()).isNotNull();
            assertThat(s.runQueue().of()).isEqualTo(RunQueueDelay.WORKERS);
            assertThat(s.runQueue().threads()).isEqualTo(3);
            assertThat(s.runQueue().maxShare()).isBetween(s.runQueue().meanShare(), 1.5);
        }
    }

    @Test
    void virtualWorkersReportTheirCarriers() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/thread-self")), "Linux only");
        Shape shape = new Shape(ThreadKind.VIRTUAL, 1, 3, 1_000, 1_000);
        Sample s = Measurement.run(shape, LabLock.parse("jdk"), BusyWork.withRate(1), 0, 20_000_000, true, 0, 0, null);

        assertThat(s.runQueue()).isNotNull();
        assertThat(s.runQueue().of()).isEqualTo(RunQueueDelay.CARRIERS);
        assertThat(s.runQueue().threads()).isBetween(1, Runtime.getRuntime().availableProcessors());
    }
}
