package dev.mutexlab.lab.real;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mutexlab.lab.apps.AppsTable;
import dev.mutexlab.lab.compare.Figure;
import dev.mutexlab.lab.compare.Figures;
import dev.mutexlab.lab.results.RealResult;
import dev.mutexlab.lab.results.UsageException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code real --workers}: counts, multiples of P, lists; each value a dimension of the plan. */
class WorkersTest {
    @Test
    void aCountIsThreadsAndAMultipleIsThreadsPerCpu() {
        assertThat(Workers.parse("8").threadsOn(2)).isEqualTo(8);
        assertThat(Workers.parse("4x").threadsOn(2)).isEqualTo(8);
        assertThat(Workers.parse("4X").threadsOn(1)).isEqualTo(4);
        assertThat(Workers.parse("16x").text()).isEqualTo("16x");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "0x", "x", "-4", "4y", "4.5", "", "5000", "99999999999"})
    void anythingElseIsOneLineOfBadInput(String value) {
        assertThatThrownBy(() -> Workers.parse(value)).isInstanceOf(UsageException.class)
                .hasMessageContaining("--workers").satisfies(e -> assertThat(e.getMessage().lines()).hasSize(1));
    }

    @Test
    void valuesThatComeToTheSameCountAtSomePMeasureItOnceThere() {
        RealResult.Config c = new RealResult.Config(List.of("jdk"), List.of("platform"), List.of(1, 2), List.of("queue"), 1,
                0, 1, 1, 1, null, null, 1, List.of("1x", "2"));

        assertThat(Workers.counts(c, 1)).containsExactly(1, 2);
        assertThat(Workers.counts(c, 2)).containsExactly(2);
        assertThat(Workers.several(c)).isTrue();
        assertThat(RealRunner.sampleCount(c)).isEqualTo(3);
        assertThat(RealRunner.profileCount(c)).isZero();
    }

    @Test
    void eachCountOfWorkersGetsItsOwnVerdictsInTheTable() {
        RealResult r = new RealFixture("jdk", "go").cell("platform", 2, 2, "queue", 6, 100, 150)
                .cell("platform", 2, 32, "queue", 6, 100, 50).build();
        StringWriter out = new StringWriter();
        AppsTable.print(r.asApps(), new PrintWriter(out, true));

        assertThat(out.toString()).contains("faster").contains("slower");
        assertThat(Figures.ofApps(r.asApps())).extracting(Figure::group).contains("platform P=2 W=2", "platform P=2 W=32");
    }

    @Test
    void theCensusNamesTheWinnerOfEachCount() {
        RealResult r = new RealFixture("jdk", "go").cell("platform", 2, 2, "queue", 6, 100, 150)
                .cell("platform", 2, 32, "queue", 6, 100, 50)
                .profile("platform", 2, 2, "queue", 1_000_000_000L).profile("platform", 2, 32, "queue", 1_000_000_000L).build();

        assertThat(Census.predictions(r, List.of())).extracting(p -> p.workers() + " " + p.winner())
                .containsExactly("2 go", "32 jdk");
    }

    @Test
    void aFileWithOneCountReadsAsThatCount() {
        RealResult.Config c = new RealResult.Config(List.of("jdk"), List.of("platform"), List.of(2), List.of("queue"), 4,
                0, 1, 1, 1, null, null, 1);

        assertThat(Workers.counts(c, 2)).containsExactly(4);
        assertThat(Workers.several(c)).isFalse();
    }
}
