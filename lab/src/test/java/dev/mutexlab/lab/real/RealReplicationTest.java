package dev.mutexlab.lab.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.compare.CellVerdicts;
import dev.mutexlab.lab.compare.Figure;
import dev.mutexlab.lab.compare.Figures;
import dev.mutexlab.lab.results.AppsResult;
import dev.mutexlab.lab.results.RealResult;
import dev.mutexlab.lab.results.ResultFiles;
import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.results.WaitSummary;
import dev.mutexlab.lab.stats.RatioVerdict.Call;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code real --aa} and {@code real --budget}, on results built as {@link RealRunner} measures them
 * (batch r runs the locks rotated by r): the first lock's copy is the A/A cell, and an adaptive round
 * is due exactly for the (group, workload) cells whose ops/s verdict cannot tell.
 */
class RealReplicationTest {
    private static final WaitSummary NONE = new WaitSummary(0, 0, 0, 0, 0);

    /** ops/s of the reference lock in each batch: the machine drifts, the ratios within a batch do not. */
    private static final double[] REFERENCE = {1000, 1100, 950, 1050, 1000, 980, 1020};

    /**
     * {@code batches} of each workload on {@code locks}, in the runner's rotated order: the reference
     * at {@link #REFERENCE}, its copy (the same name, listed again) at {@code aaGain} times it, any other
     * lock at {@code gain} times it.
     */
    static RealResult real(List<String> locks, Map<String, Integer> batches, double gain, double aaGain) {
        List<AppsResult.Sample> samples = new ArrayList<>();
        int n = locks.size();
        int most = batches.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        for (int run = 0; run < most; run++) {
            for (Map.Entry<String, Integer> w : batches.entrySet()) {
                if (run >= w.getValue()) {
                    continue;
                }
                for (int pos = 0; pos < n; pos++) {
                    int index = (pos + run) % n;
                    double ops = REFERENCE[run] * (index == 0 ? 1 : locks.get(index).equals(locks.getFirst()) ? aaGain : gain);
                    samples.add(new AppsResult.Sample(w.getKey(), locks.get(index), run, pos, (long) ops, 1_000_000_000L,
                            ops, List.of((long) ops), NONE, NONE, 100, 1, 1, AppsResult.Sample.OK));
                }
            }
        }
        RealResult.Config config = new RealResult.Config(locks, List.of("platform"), List.of(1),
                List.copyOf(batches.keySet()), 4, 1000, 100_000_000L, 50_000_000L, 3, null, null, 1);
        return new RealResult(RealResult.SCHEMA, "test", "now", null, config,
                List.of(new AppsResult.Group("platform", 1, "test", 0, samples)), List.of(), List.of());
    }

    private static List<CellVerdicts.Cell> opsCells(RealResult r, String workload) {
        return CellVerdicts.at(CellVerdicts.of(Figures.ofApps(r.asApps())), "platform P=1 " + workload,
                Figure.Metric.OPS_PER_SEC);
    }

    @Test
    void theFirstLocksCopyIsTheAaCellWithItsOwnSamples() {
        RealResult r = real(List.of("jdk", "lineup", "jdk"), Map.of("queue", 7), 1.5, 1.02);
        List<CellVerdicts.Cell> cells = opsCells(r, "queue");

        assertThat(cells).extracting(c -> c.figure().lock() + ":" + c.aa()).containsExactly("lineup:false", "jdk:true");
        // the copy's samples, told apart by their place in the rotation, are 2% above the first's in every batch
        assertThat(cells.get(1).verdict().median()).isCloseTo(1.02, Offset.offset(1e-9));
        assertThat(cells.get(1).verdict().call()).isEqualTo(Call.WITHIN);
        assertThat(cells.get(0).band().text()).startsWith("A/A jdk ÷ jdk");
        assertThat(cells.get(0).word()).isEqualTo("faster");
    }

    @Test
    void theRecordedVerdictsMarkTheCopyAndSurviveTheFile(@TempDir Path dir) throws Exception {
        RealResult r = real(List.of("jdk", "lineup", "jdk"), Map.of("queue", 7), 1.5, 1.02);
        RealResult judged = r.withVerdicts(CellVerdicts.rows(CellVerdicts.of(Figures.ofApps(r.asApps()))));
        Path file = dir.resolve("real.json");
        ResultIO.writeJson(file, judged);

        RealResult read = ResultFiles.load(file).real();
        assertThat(read.schema()).isEqualTo(RealResult.SCHEMA);
        assertThat(read.verdicts()).filteredOn(v -> v.metric().equals("ops/s"))
                .extracting(v -> v.lock() + ":" + v.aa() + ":" + v.word())
                .containsExactly("lineup:false:faster", "jdk:true:~ within ±5%");
    }

    @Test
    void aRoundIsDueOnlyForTheWorkloadsWhoseOpsPerSecondCannotTell() {
        // queue has the 5 batches a verdict needs and a clear 50% gain; pool has 3 batches: cannot tell
        RealResult r = real(List.of("jdk", "lineup"), Map.of("queue", 5, "pool", 3), 1.5, 1);
        assertThat(opsCells(r, "queue").getFirst().word()).isEqualTo("faster");
        assertThat(opsCells(r, "pool").getFirst().verdict().undecided()).isTrue();

        Map<String, List<String>> undecided = CellVerdicts.undecidedWorkloads(r.asApps());
        assertThat(undecided).containsExactly(Map.entry("platform P=1", List.of("pool")));
        // the round: 2 batches of pool on both locks, each sample a child JVM of its own
        assertThat(RealRunner.roundNanos(r.config(), undecided))
                .isEqualTo(RealRunner.ROUND_BATCHES * 2 * RealRunner.childNanos(r.config()));
    }

    @Test
    void noRoundIsDueOnceEveryCellIsDecided() {
        RealResult r = real(List.of("jdk", "lineup", "jdk"), Map.of("queue", 7, "pool", 7), 1.5, 1.0);
        assertThat(CellVerdicts.undecidedWorkloads(r.asApps())).isEmpty();
    }
}
