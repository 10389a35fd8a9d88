package dev.mutexlab.lab.torture;

import dev.mutexlab.lab.config.Durations;
import dev.mutexlab.lab.results.ResultIO;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.locks.Locks;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A short torture of every real lock on platform and virtual writers together (all must succeed),
 * and of the two controls (each must fail, for its own reason). About 10 s in all; scale it with
 * {@code -Dmutexlab.test.scale=N}. Verdicts never depend on timing: the controls fail by
 * construction, and the real locks' detectors have no timed thresholds short enough to flicker
 * (a writer is stuck only after 1 s blocked while the lock sat free and idle for 500 ms).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TortureEngineTest {
    private static final int SCALE = Integer.getInteger("mutexlab.test.scale", 1);
    /** The budget for all real specs together, split among however many specs are registered. */
    private static final Duration REAL_SPECS_BUDGET = Duration.ofSeconds(6L * SCALE);
    private static final Duration MIN_PER_SPEC = Duration.ofMillis(200);
    private static final Duration CONTROL_DURATION = Duration.ofMillis(800L * SCALE);

    static Stream<String> realSpecs() {
        return Locks.exampleSpecs().stream();
    }

    private static TortureConfig config(String spec, Duration perLock) {
        // Stutter once in the middle (pause for an eighth of the run, then resume) so the run also
        // ends with every writer busy: state left behind by contention at the stop must show up.
        return TortureConfig.defaults(List.of(spec), perLock).withStutter(perLock.dividedBy(2));
    }

    private static TortureOutcome torture(String spec, Duration perLock) {
        TortureReport report = new TortureEngine(config(spec, perLock)).run(line -> { });
        assertThat(report.locks()).hasSize(1);
        return report.locks().getFirst();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("realSpecs")
    void realLockSurvivesTortureOnPlatformAndVirtualWriters(String spec) {
        Duration perSpec = REAL_SPECS_BUDGET.dividedBy(Math.max(1, Locks.exampleSpecs().size()));
        TortureOutcome r = torture(spec, perSpec.compareTo(MIN_PER_SPEC) < 0 ? MIN_PER_SPEC : perSpec);

        assertThat(r.verdict()).as("%s failures %s, e.g. %s", spec, r.failures(), r.failureSamples())
                .isEqualTo(TortureOutcome.SUCCESS);
        assertThat(r.totalAcquisitions()).isPositive();
        assertThat(r.writerResults()).extracting(WriterResult::kind).contains("platform", "virtual");
        assertThat(r.faults(FaultKind.TINY_TIMEOUT) + r.faults(FaultKind.INTERRUPT)).isPositive();
    }

    @Test
    void bustedLockFailsForAnExclusionViolation() {
        TortureOutcome r = torture("busted", CONTROL_DURATION);

        assertThat(r.verdict()).isEqualTo(TortureOutcome.FAILURE);
        assertThat(r.failures(FailureKind.EXCLUSION)).as("exclusion violations").isPositive();
        assertThat(r.failures(FailureKind.LOST_WAKEUP)).as("busted never blocks").isZero();
    }

    @Test
    void lostWakeupLockFailsForAStuckWriterNotForExclusion() {
        TortureOutcome r = torture("busted:lostwakeup", CONTROL_DURATION);

        assertThat(r.verdict()).isEqualTo(TortureOutcome.FAILURE);
        assertThat(r.failures(FailureKind.LOST_WAKEUP)).as("stuck writers, %s", r.failureSamples()).isPositive();
        assertThat(r.failures(FailureKind.EXCLUSION)).isZero();
        assertThat(r.failures(FailureKind.OWNER)).isZero();
        assertThat(r.failures(FailureKind.COUNTER)).isZero();
        assertThat(r.writerResults()).anyMatch(WriterResult::stuck);
    }

    @Test
    void reportIsWrittenAsJsonAndReadsBack(@TempDir Path dir) throws Exception {
        TortureReport report = new TortureEngine(config("jdk", MIN_PER_SPEC)).run(line -> { });
        Path out = dir.resolve("torture.json");

        ResultIO.writeJson(out, report);

        TortureReport back = ResultIO.read(out, TortureReport.class);
        assertThat(back).isEqualTo(report);
        assertThat(back.schema()).isEqualTo(TortureReport.SCHEMA);
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).as("no temporary file left behind").containsExactly(out);
        }
    }

    @Test
    void durationsTakeMinutesAndHours() {
        assertThat(Durations.parse("10m")).isEqualTo(Duration.ofMinutes(10));
        assertThat(Durations.parse("1.5h")).isEqualTo(Duration.ofMinutes(90));
        assertThat(Durations.parse("250ms")).isEqualTo(Duration.ofMillis(250));
        assertThat(Durations.parse("2s")).isEqualTo(Duration.ofSeconds(2));
    }
}
