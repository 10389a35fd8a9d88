package dev.mutexlab.lab.real;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mutexlab.lab.Cli;
import dev.mutexlab.lab.cli.ExitCode;
import dev.mutexlab.lab.results.RealResult;
import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.results.UsageException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whether two runs agree, pair by pair (cell, lock against the reference), from built results. */
class CensusAgreementTest {
    /** go faster than jdk, lineup within, kernel slower, in two cells. */
    static RealFixture run() {
        return run(6, 150);
    }

    /** As {@link #run()}, the caffeine cell measured in {@code batches} batches with go at {@code goOps}. */
    static RealFixture run(int batches, double goOps) {
        return new RealFixture("jdk", "go", "lineup", "kernel").cell("platform", 2, 8, "caffeine", batches, 100, goOps, 101, 60)
                .cell("platform", 2, 8, "queue", 6, 100, 130, 99, 70);
    }

    private static CensusAgreement.Result compare(RealResult a, RealResult b) {
        return CensusAgreement.of("a.json", CensusCells.of("a.json", a), "b.json", CensusCells.of("b.json", b));
    }

    private static String printed(CensusAgreement.Result r) {
        StringWriter out = new StringWriter();
        CensusAgreement.print(r, new PrintWriter(out, true));
        return out.toString();
    }

    @Test
    void aRunAgreesWithItsTwin() {
        CensusAgreement.Result r = compare(run().build(), run().build());

        assertThat(r.pairs()).hasSize(6);
        assertThat(r.decided()).hasSize(6);
        assertThat(r.agreeing()).isEqualTo(6);
        assertThat(r.opposite()).isZero();
        assertThat(r.meetsTarget()).isTrue();
    }

    @Test
    void aLockFasterInOneRunAndSlowerInTheOtherIsOpposite() {
        CensusAgreement.Result r = compare(run().build(), run(6, 70).build());

        assertThat(r.agreeing()).isEqualTo(5);
        assertThat(r.opposite()).isEqualTo(1);
        assertThat(r.meetsTarget()).isFalse();
        assertThat(printed(r)).contains("agree: 5 of 6 (83%; target >= 95%)").contains("opposite directions: 1 (target 0)")
                .contains("OPPOSITE platform P=2 W=8 caffeine go:").contains("target NOT met");
    }

    @Test
    void undecidedPairsAreCountedAndListedApart() {
        CensusAgreement.Result r = compare(run().build(), run(3, 150).build());

        assertThat(r.decided()).hasSize(3);
        assertThat(r.undecided()).hasSize(3);
        assertThat(r.meetsTarget()).isTrue();
        assertThat(printed(r)).contains("undecided in either run: 3 (in a.json only: 0; in b.json only: 3; in both: 0)")
                .contains("Undecided in either run").contains("platform P=2 W=8 caffeine kernel:");
    }

    @Test
    void cellsInOneRunOnlyAndErrorCellsAreLeftOut() {
        RealResult b = new RealFixture("jdk", "go", "lineup", "kernel").cellFailing("platform", 2, 8, "caffeine", 6, 2, 100, 150,
                101, 60).cell("platform", 2, 8, "lucene", 6, 100, 130, 99, 70).build();
        CensusAgreement.Result r = compare(run().build(), b);

        assertThat(r.pairs()).isEmpty();
        assertThat(r.errorCells()).singleElement().asString().contains("caffeine (b.json)");
        assertThat(r.onlyInOne()).containsExactly("platform P=2 W=8 queue (a.json only)", "platform P=2 W=8 lucene (b.json only)");
        assertThat(r.meetsTarget()).isFalse();
    }

    @Test
    void runsWithDifferentReferencesCannotBeCompared() {
        RealResult b = new RealFixture("go", "jdk").cell("platform", 2, 8, "caffeine", 6, 150, 100).build();

        assertThatThrownBy(() -> compare(run().build(), b)).isInstanceOf(UsageException.class)
                .hasMessageContaining("the same reference lock");
    }

    @Test
    void theCommandComparesTwoFilesNamedAsGiven(@TempDir Path dir) {
        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        ResultIO.writeJson(a, run().build());
        ResultIO.writeJson(b, run().build());

        Cli r = Cli.run("census", a.toString(), "--against", b.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("Agreement: " + a + " against " + b).contains("agree: 6 of 6 (100%")
                .contains("target met");
        Cli two = Cli.run("census", a.toString(), b.toString(), "--against", b.toString());
        assertThat(two.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(two.err().strip().lines()).hasSize(1);
    }
}
