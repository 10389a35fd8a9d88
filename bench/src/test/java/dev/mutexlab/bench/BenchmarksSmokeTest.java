package dev.mutexlab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collection;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Keeps the benchmarks from rotting: every benchmark runs once, for one short iteration, for one
 * lock, inside this JVM. It checks that each runs and reports a score, not what the score is.
 */
class BenchmarksSmokeTest {

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void everyBenchmarkRunsOneShortIteration() throws Exception {
        Options options = new OptionsBuilder()
                .include("dev\\.mutexlab\\.bench\\..*")
                .param("spec", "go")
                .param("holdTokens", "10")
                .forks(0)
                .warmupIterations(0)
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(50))
                .shouldFailOnError(true)
                .verbosity(VerboseMode.SILENT)
                .build();
        Collection<RunResult> results = new Runner(options).run();
        assertThat(results).extracting(r -> r.getParams().getBenchmark().replace("dev.mutexlab.bench.", ""))
                .contains("Uncontended.lockUnlock", "Uncontended.casFloor", "Uncontended.synchronizedBlock",
                        "TryLockFails.tryLock", "Reentrant.reenter", "ConditionPingPong.pingPong",
                        "BoundedBufferConditions.buffer",
                        "Contended.twoThreads", "Contended.fourThreads");
        for (RunResult r : results) {
            double score = r.getPrimaryResult().getScore();
            assertThat(score).as(r.getParams().getBenchmark()).isPositive().isFinite();
        }
    }
}
