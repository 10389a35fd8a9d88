package dev.mutexlab.lab.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.mutexlab.lab.results.GroupResult;
import dev.mutexlab.lab.results.LockResult;
import dev.mutexlab.lab.results.Machine;
import dev.mutexlab.lab.results.ResultFiles;
import dev.mutexlab.lab.results.RunResult;
import dev.mutexlab.lab.results.Sample;
import dev.mutexlab.lab.results.ShapeResult;
import dev.mutexlab.lab.results.UsageException;
import dev.mutexlab.lab.results.WaitSummary;
import dev.mutexlab.lab.stats.Metrics;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** compare on synthetic results with known answers. */
class ComparisonTest {
    static ResultFiles.Loaded result(String name, int workers, double[] go, double[] jdk) {
        ShapeResult shape = new ShapeResult("platform", 2, workers, 10_000, 10_000, 100_000,
                List.of(lock("go", go), lock("jdk", jdk)), List.of());
        RunResult.Config config = new RunResult.Config(List.of("go", "jdk"), List.of("platform"), List.of(2), List.of(workers),
                List.of(10_000L), "1x", 100_000_000, 10_000_000, go.length, true);
        RunResult run = new RunResult(RunResult.SCHEMA, "mutexlab run (synthetic)", "2026-01-01T00:00:00Z",
                new Machine("test", 2, "Linux", "25", "vm"), config,
                List.of(new GroupResult("platform", 2, "none", 1, 0, List.of(shape))));
        return new ResultFiles.Loaded(Path.of(name), RunResult.SCHEMA, run);
    }

    static LockResult lock(String spec, double[] throughputs) {
        List<Sample> runs = new ArrayList<>();
        for (int i = 0; i < throughputs.length; i++) {
            runs.add(new Sample(i, 0, throughputs[i], (long) throughputs[i], 1_000_000_000L, List.of((long) throughputs[i]),
                    new WaitSummary(1, 1, 1, 1, 1), 1, 1.0, 1, 0, 0, Map.of(), 0, null));
        }
        return new LockResult(spec, runs, Metrics.spread(throughputs), Metrics.spread(throughputs),
                Metrics.spread(throughputs), new WaitSummary(1, 1, 1, 1, 1), Metrics.spread(new double[] {1}),
                Metrics.spread(new double[] {1}), Metrics.spread(new double[] {0}), null, null);
    }

    @Test
    void aClearSpeedUpIsSignificantAndAnOverlapIsNot() {
        var old = result("old.json", 4, new double[] {100e3, 101e3, 102e3, 103e3, 104e3}, new double[] {50e3, 52e3, 54e3, 56e3, 58e3});
        var now = result("new.json", 4, new double[] {110e3, 111e3, 112e3, 113e3, 114e3}, new double[] {51e3, 53e3, 55e3, 57e3, 59e3});
        List<Comparison.Row> rows = Comparison.of(old, now);
        assertThat(rows).hasSize(2);
        Comparison.Row go = rows.get(0);
        assertThat(go.lock()).isEqualTo("go");
        assertThat(go.delta()).isCloseTo(112.0 / 102 - 1, within(1e-12));
        assertThat(go.p()).isCloseTo(2.0 / 252, within(1e-12));
        assertThat(go.significant()).isTrue();
        Comparison.Row jdk = rows.get(1);
        assertThat(jdk.p()).isCloseTo(0.6904761904761905, within(1e-12));
        assertThat(jdk.significant()).isFalse();

        StringWriter out = new StringWriter();
        CompareTable.print("old.json", "new.json", rows, new PrintWriter(out));
        assertThat(out.toString())
                .contains("102 ± 2%").contains("112 ± 2%").contains("+9.8% (p=0.008 n=5+5)")
                .contains("~ (p=0.690 n=5+5)").contains("1 of 2 significant at p < 0.05: 1 faster, 0 slower");
    }

    /** A run whose first lock, go, was measured twice in each batch (--aa): go, jdk, go. */
    static ResultFiles.Loaded withAaCopy(String name, double[] go, double[] jdk, double[] copy) {
        ShapeResult shape = new ShapeResult("platform", 2, 4, 10_000, 10_000, 100_000,
                List.of(lock("go", go), lock("jdk", jdk), lock("go", copy)), List.of());
        RunResult.Config config = new RunResult.Config(List.of("go", "jdk", "go"), List.of("platform"), List.of(2), List.of(4),
                List.of(10_000L), "1x", 100_000_000, 10_000_000, go.length, true);
        RunResult run = new RunResult(RunResult.SCHEMA, "mutexlab run --aa (synthetic)", "2026-01-01T00:00:00Z",
                new Machine("test", 2, "Linux", "25", "vm"), config,
                List.of(new GroupResult("platform", 2, "none", 1, 0, List.of(shape))));
        return new ResultFiles.Loaded(Path.of(name), RunResult.SCHEMA, run);
    }

    @Test
    void aLockMeasuredTwiceIsComparedCopyWithCopy() {
        double[] ref = {100e3, 101e3, 102e3, 103e3, 104e3};
        double[] copy = {200e3, 201e3, 202e3, 203e3, 204e3};
        double[] jdk = {50e3, 51e3, 52e3, 53e3, 54e3};
        List<Comparison.Row> rows = Comparison.of(withAaCopy("old.json", ref, jdk, copy), withAaCopy("new.json", ref, jdk, copy));
        // the reference against the reference, the copy against the copy: no change anywhere
        assertThat(rows).hasSize(3);
        assertThat(rows).extracting(Comparison.Row::lock).containsExactly("go", "jdk", "go");
        assertThat(rows).allSatisfy(r -> assertThat(r.delta()).isCloseTo(0.0, within(1e-12)));
    }

    @Test
    void filesWithNothingInCommonAreBadInput() {
        var old = result("old.json", 4, new double[] {1, 2, 3}, new double[] {1, 2, 3});
        var now = result("new.json", 8, new double[] {1, 2, 3}, new double[] {1, 2, 3});
        assertThatThrownBy(() -> Comparison.of(old, now)).isInstanceOf(UsageException.class)
                .hasMessageContaining("no (shape, lock) in common");
    }
}
