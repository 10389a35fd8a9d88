package dev.mutexlab.lab.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.Cli;
import dev.mutexlab.lab.cli.ExitCode;
import dev.mutexlab.lab.results.ResultFiles;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The census of a small real result against a small sweep: the queue's hot site sits at a shape
 * where the sweep's pick is the real winner, logback's at one where it is not, and the pool's lock
 * is not contended enough to matter.
 */
class CensusTest {
    static Path resource(String name) throws Exception {
        return Path.of(CensusTest.class.getResource("/results/" + name).toURI());
    }

    @Test
    void predictionsSetTheLoopsPickAgainstTheRealWinner() throws Exception {
        ResultFiles.Loaded real = ResultFiles.load(resource("real-small.json"));
        List<Census.Prediction> p = Census.predictions(real.real(), List.of(ResultFiles.load(resource("sweep-small.json"))));

        assertThat(p).extracting(Census.Prediction::workload).containsExactly("logback-file", "queue", "pool");
        Census.Prediction logback = p.get(0);
        assertThat(logback.hottest().point()).isEqualTo(new SeedLoop.Point("platform", 2, 4, 10_000, 100));
        assertThat(logback.pick().lock()).isEqualTo("go:threshold=0");
        assertThat(logback.winner()).isEqualTo("go");
        assertThat(logback.predicted()).isFalse();
        assertThat(logback.pickRatio()).isCloseTo(91_000.0 / 102_000.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(p.get(1).predicted()).isTrue();
        assertThat(p.get(1).pick().shape().holdNanos()).isEqualTo(1000);
        assertThat(p.get(2).hottest()).isNull();
    }

    @Test
    void censusCommandCountsThePredictions() throws Exception {
        Cli r = Cli.run("census", resource("real-small.json").toString(), "--results", resource("sweep-small.json").toString());

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("predicted the real winner in 1 of 2 cells")
                .contains("its pick ran at 0.89-0.89x the winner")
                .contains("1 of 3 cells had no lock contended enough to matter")
                .contains("ArrayBlockingQueue.<init>");
    }

    @Test
    void censusWithoutResultsPrintsTheRunsThatMeasureTheShapes() throws Exception {
        Cli r = Cli.run("census", resource("real-small.json").toString());

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("(not measured)")
                .contains("./mutexlab run --quick --threads platform --procs 2 --workers 4 --hold 1us --outside 1us");
    }

    @Test
    void censusOfAnotherSchemaIsBadInput() throws Exception {
        Cli r = Cli.run("census", resource("apps-small.json").toString());

        assertThat(r.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(r.err()).contains("not a 'mutexlab real' result");
    }

    @Test
    void theRunCommandOfAShapeParses() {
        String cmd = new SeedLoop.Point("virtual", 2, 16, 2_345, 87).runCommand(
                List.of("lineup", "go", "go:threshold=0", "jdk", "jdk-fair", "spinbit", "kernel"), "shape.json");
        String[] args = cmd.substring("./mutexlab ".length()).split(" ");

        org.assertj.core.api.Assertions.assertThatCode(() -> dev.mutexlab.lab.Main.commandLine().parseArgs(args))
                .doesNotThrowAnyException();
        assertThat(cmd).contains("--hold 2.3us --outside 87ns");
    }

    @Test
    void shapeDurationsRoundToTwoDigitsAsRunTakesThem() {
        assertThat(SeedLoop.duration(2_345)).isEqualTo("2.3us");
        assertThat(SeedLoop.duration(0)).isEqualTo("0");
        assertThat(SeedLoop.duration(87)).isEqualTo("87ns");
        assertThat(SeedLoop.duration(1_260_000)).isEqualTo("1.3ms");
    }
}
