package dev.mutexlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.Cli;
import dev.mutexlab.lab.compare.Comparison;
import dev.mutexlab.lab.compare.Figure;
import dev.mutexlab.lab.compare.Figures;
import dev.mutexlab.lab.results.ResultFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** 'report' and 'compare' read every result schema the lab writes, from small checked-in files. */
class EverySchemaTest {
    @TempDir
    Path dir;

    static Path resource(String name) throws Exception {
        return Path.of(EverySchemaTest.class.getResource("/results/" + name).toURI());
    }

    @ParameterizedTest
    @CsvSource({"run-small.json, mutexlab.run/1", "run-instruments.json, mutexlab.run/1.1", "sweep-small.json, mutexlab.sweep/1", "suite-small.json, mutexlab.suite/1",
            "fairness-small.json, mutexlab.fairness/1", "apps-small.json, mutexlab.apps/1",
            "real-small.json, mutexlab.real/1"})
    void reportDrawsEverySchema(String file, String schema) throws Exception {
        Path html = dir.resolve("report.html");
        Cli r = Cli.run("report", resource(file).toString(), "-o", html.toString());

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).containsPattern("\\([1-9][0-9]* charts\\)");
        assertThat(Files.readString(html)).contains(schema).contains("data-points=");
    }

    @ParameterizedTest
    @CsvSource({"run-small.json, throughput", "sweep-small.json, throughput", "suite-small.json, ns/op",
            "fairness-small.json, deviance µs/op", "apps-small.json, p99 latency µs/op",
            "real-small.json, p99 latency µs/op"})
    void compareReadsEverySchema(String file, String metric) throws Exception {
        Cli r = Cli.run("compare", resource(file).toString(), resource(file).toString());

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains(metric).contains("~ (p=1.000").contains("0 faster, 0 slower");
    }

    @Test
    void suiteComparesAsCompareDoes() throws Exception {
        ResultFiles.Loaded suite = ResultFiles.load(resource("suite-small.json"));
        List<Comparison.Row> rows = Comparison.againstFirst(Figures.of(suite), suite.suite().config().locks().getFirst());

        assertThat(rows).hasSameSizeAs(suite.suite().comparisons());
        for (int i = 0; i < rows.size(); i++) {
            assertThat(rows.get(i).metric()).isEqualTo(Figure.Metric.NS_PER_OP);
            assertThat(rows.get(i).p()).isEqualTo(suite.suite().comparisons().get(i).p());
            assertThat(rows.get(i).delta() * 100).isEqualTo(suite.suite().comparisons().get(i).deltaPercent());
        }
    }

    @Test
    void aTortureReportIsNotAMeasurement(@TempDir Path tmp) throws Exception {
        Path torture = tmp.resolve("t.json");
        Files.writeString(torture, "{\"schema\": \"mutexlab.torture/1\"}");
        Cli r = Cli.run("compare", torture.toString(), torture.toString());

        assertThat(r.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).contains("a torture report").contains("not a measurement result");
    }
}
