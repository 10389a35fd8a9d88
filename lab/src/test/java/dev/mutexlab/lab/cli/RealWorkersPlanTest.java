package dev.mutexlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.Cli;
import dev.mutexlab.lab.real.Workers;
import dev.mutexlab.lab.results.RealResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code real --workers} in the plan, the configurations draw-shapes prints, and bad values. */
class RealWorkersPlanTest {
    @Test
    void aListOfCountsAndMultiplesIsADimensionOfThePlan() {
        RealResult.Config c = RealPlanTest.parse("--workers", "1x,4x,16x").config(List.of(2));

        assertThat(c.workersValues()).containsExactly("1x", "4x", "16x");
        assertThat(Workers.counts(c, 2)).containsExactly(2, 8, 32);
        assertThat(c.workers()).isEqualTo(2);
        assertThat(RealPlanTest.parse("--workers", "8").config(List.of(2)).workersValues()).containsExactly("8");
    }

    /** What {@code draw-shapes SEED N --real} prints, with the {@code ./mutexlab real} in front taken off. */
    @ParameterizedTest
    @ValueSource(strings = {"--threads virtual --workers 4 --outside 10us", "--threads platform --workers 32 --outside 0ns",
            "--threads platform --workers 16 --outside 1us"})
    void theConfigurationsDrawShapesPrintsRunAsTheyAre(String line) {
        RealResult.Config c = RealPlanTest.parse(line.split(" ")).config(List.of(2));

        assertThat(c.workersValues()).hasSize(1);
        assertThat(c.threads()).hasSize(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"--workers=0", "--workers=abc", "--workers=4,4", "--workers=2x,0x", "--workers=5000",
            "--workers=1x"})
    void badWorkersAreOneLineAndExitTwo(String option, @TempDir Path dir) {
        // 1x at P=1 is one thread, and the queue needs a producer and a consumer
        Cli r = Cli.run("real", option, "--procs", "1", "--workloads", "queue", "--out", dir.resolve("r.json").toString());

        assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(r.err()).contains("--workers");
        assertThat(Files.exists(dir.resolve("r.json"))).isFalse();
    }
}
