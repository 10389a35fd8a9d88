package dev.mutexlab.lab.jmh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mutexlab.lab.Cli;
import dev.mutexlab.lab.report.Chart;
import dev.mutexlab.lab.results.UsageException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** JMH's JSON result read back, charted, tabulated, and drawn by {@code mutexlab report}. */
class JmhResultTest {
    @TempDir
    Path dir;

    private static Path small() throws URISyntaxException {
        return Path.of(JmhResultTest.class.getResource("/results/jmh-small.json").toURI());
    }

    @Test
    void readsEveryScoreWithItsSpec() throws Exception {
        List<JmhResult> results = JmhResult.read(small());
        assertThat(results).extracting(JmhResult::method)
                .containsExactly("casFloor", "lockUnlock", "lockUnlock", "synchronizedBlock");
        assertThat(results).extracting(JmhResult::spec).containsExactly(null, "go", "jdk", null);
        assertThat(results.get(1).className()).isEqualTo("Uncontended");
        assertThat(results.get(1).unit()).isEqualTo("ns/op");
        assertThat(results.get(1).score()).isEqualTo(14.336309192504304);
        assertThat(JmhResult.isJmhFile(small())).isTrue();
    }

    @Test
    void uncontendedTableGivesRatiosToReentrantLockAndTheFloor() throws Exception {
        StringWriter sw = new StringWriter();
        assertThat(UncontendedTable.print(JmhResult.read(small()), new PrintWriter(sw, true))).isTrue();
        String go = sw.toString().lines().filter(l -> l.startsWith("go ")).findFirst().orElseThrow();
        assertThat(go).contains("14.34").contains(String.format(java.util.Locale.ROOT, "%.3f", 14.336309192504304 / 14.106001741278142))
                .contains(String.format(java.util.Locale.ROOT, "%.3f", 14.336309192504304 / 6.305131007708112));
    }

    @Test
    void chartsHaveABarPerSpecAndPerBaseline() throws Exception {
        List<Chart> charts = JmhCharts.of(JmhResult.read(small()), 0);
        assertThat(charts).hasSize(1);
        Chart c = charts.get(0);
        assertThat(c.kind()).isEqualTo(Chart.Kind.BAR);
        assertThat(c.categories()).containsExactly("casFloor", "go", "jdk", "synchronizedBlock");
        assertThat(c.series()).extracting(Chart.Series::name).containsExactly("baseline", "lockUnlock");
        assertThat(c.pointCount()).isEqualTo(4);
    }

    @Test
    void reportDrawsAJmhFile() throws Exception {
        Path html = dir.resolve("r.html");
        Cli o = Cli.run("report", small().toString(), "-o", html.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.out()).contains("(1 charts)");
        assertThat(Files.readString(html)).contains("jmh-small.json").contains("JMH").contains("Uncontended (ns/op)");
    }

    @Test
    void launcherAddsAResultFileUnlessTheArgumentsListOrNameOne() {
        assertThat(JmhLauncher.resultFile(List.of("-l"))).isNull();
        assertThat(JmhLauncher.resultFile(List.of("Uncontended", "-rf", "json", "-rff", "x.json"))).isNull();
        assertThat(JmhLauncher.namedJsonResult(List.of("Uncontended", "-rf", "json", "-rff", "x.json")))
                .isEqualTo(Path.of("x.json"));
        assertThat(JmhLauncher.namedJsonResult(List.of("Uncontended", "-rf", "csv", "-rff", "x.csv"))).isNull();
    }

    @Test
    void aJsonObjectIsNotAJmhFile() throws Exception {
        Path f = dir.resolve("x.json");
        Files.writeString(f, "{\"schema\":\"x\"}");
        assertThat(JmhResult.isJmhFile(f)).isFalse();
        assertThatThrownBy(() -> JmhResult.read(f)).isInstanceOf(UsageException.class).hasMessageContaining("array");
    }
}
