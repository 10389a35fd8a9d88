package dev.mutexlab.lab.gobench;

import dev.mutexlab.lab.results.SuiteResult;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.results.Machine;
import dev.mutexlab.lab.stats.MannWhitney;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The suite's machinery: every benchmark runs and reports in Go's format; RunParallel's claiming; the statistics. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SuiteTest {

    @Test
    void everyBenchmarkRunsBrieflyOnEveryThreadKindAndItsOutputParsesAsGoBenchmarkFormat() {
        List<String> names = GoBenchmark.all().stream().map(GoBenchmark::name).toList();
        assertThat(names).hasSize(23).contains("ChanContended", "SelectContended", "ChanProdConsWork100", "SemaWorkBlock",
                "MutexOnSema", "ContendedSemaphore", "MutexWorkSlack", "RWMutexWorkWrite10");
        for (ThreadKind kind : ThreadKind.values()) {
            SuiteTask task = new SuiteTask(names, List.of("spinbit", "go"), 1, 0, 2_000, kind.label(), 2, "test");
            SuiteResult.Group g = SuiteChild.run(task, m -> { });
            assertThat(g.measurements()).hasSize(names.size() * 2);
            SuiteResult r = new SuiteResult(SuiteResult.SCHEMA, "test", "now", Machine.current(),
                    new SuiteResult.Config(List.of("spinbit", "go"), List.of(kind.label()), List.of(2), names, "2000x", 1),
                    List.of(g), SuiteRunner.compare(List.of(g), List.of("spinbit", "go"), names));
            int results = 0;
            for (String line : SuiteReport.goFormat(r).lines().toList()) {
                if (line.startsWith("Benchmark")) {
                    GoFormat.Parsed p = GoFormat.parse(line);
                    assertThat(p).as(line).isNotNull();
                    assertThat(p.name()).endsWith("-2");
                    assertThat(p.n()).isEqualTo(2_000);
                    assertThat(p.nsPerOp()).isPositive();
                    results++;
                } else {
                    assertThat(line).as("a configuration line").matches("[a-z][a-zA-Z0-9_]*: \\S.*");
                }
            }
            assertThat(results).isEqualTo(names.size() * 2);
            assertThat(r.comparisons()).hasSize(names.size());
        }
    }

    @Test
    void goNamesAndNumbersAreFormattedAsGoTestPrintsThem() {
        assertThat(GoFormat.fullName("Mutex", 1)).isEqualTo("BenchmarkMutex");
        assertThat(GoFormat.fullName("Mutex", 8)).isEqualTo("BenchmarkMutex-8");
        assertThat(GoFormat.nsPerOp(3147.2)).isEqualTo("      3147 ns/op");
        assertThat(GoFormat.nsPerOp(26.8)).isEqualTo("        26.80 ns/op");
        GoFormat.Parsed p = GoFormat.parse("BenchmarkChanContended-20   \t  86592\t     13740 ns/op\t  0 B/op");
        assertThat(p).isEqualTo(new GoFormat.Parsed("ChanContended-20", 86592, 13740));
        assertThat(GoFormat.parse("lock: go")).isNull();
    }

    @Test
    void runParallelThreadsTogetherRunExactlyN() {
        AtomicLong counter = new AtomicLong();
        long total = 0;
        for (int t = 0; t < 3; t++) {
            PB pb = new PB(counter, 7, 100);
            while (pb.next()) {
                total++;
            }
        }
        assertThat(total).isEqualTo(100);
    }

    @Test
    void predictionGrowsAsGoLaunchDoes() {
        assertThat(Launcher.predictN(1_000_000_000L, 1, 1_000)).isEqualTo(100);            // at most 100x
        assertThat(Launcher.predictN(1_000_000_000L, 100, 1_000_000)).isEqualTo(10_000);
        assertThat(Launcher.predictN(1_000_000_000L, 10_000, 500_000_000)).isEqualTo(24_000); // 2x plus 20%
        assertThat(Launcher.predictN(1_000, 10, 1_000_000)).isEqualTo(11);                   // at least +1
    }

    @Test
    void mannWhitneyMatchesExactTables() {
        double[] low5 = {1, 2, 3, 4, 5};
        double[] high5 = {6, 7, 8, 9, 10};
        assertThat(MannWhitney.pValue(low5, high5)).isCloseTo(2.0 / 252, within(1e-12));
        double[] low10 = new double[10];
        double[] high10 = new double[10];
        for (int i = 0; i < 10; i++) {
            low10[i] = i;
            high10[i] = 100 + i;
        }
        assertThat(MannWhitney.pValue(high10, low10)).isCloseTo(2.0 / 184_756, within(1e-12));
        assertThat(MannWhitney.pValue(new double[] {1, 3, 5}, new double[] {2, 4, 6})).isCloseTo(0.7, within(1e-12));
        assertThat(MannWhitney.pValue(new double[] {5, 5, 5}, new double[] {5, 5, 5})).isEqualTo(1.0);
        assertThat(MannWhitney.u(new double[] {1, 3, 5}, new double[] {2, 4, 6})).isEqualTo(3.0);
    }
}
