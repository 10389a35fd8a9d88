package dev.mutexlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.stats.Bootstrap;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** docs/verdicts.md against the code: the rules' constants, the replication, every claim and the source's table. */
class VerdictsDocTest {
    private static String doc() throws IOException {
        Path here = Path.of("docs/verdicts.md");
        return Files.readString(Files.isRegularFile(here) ? here : Path.of("../docs/verdicts.md"));
    }

    @Test
    void theDocNamesTheRulesConstants() throws IOException {
        String doc = doc();
        assertThat(doc).contains("tolerance **" + Verdicts.TOLERANCE + "**")
                .contains("±" + Math.round(Verdicts.MIN_NOISE * 100) + "%")
                .contains("fixed\n±" + Math.round(Verdicts.FIXED_NOISE * 100) + "% band")
                .contains("**p < " + Verdicts.ALPHA + "**")
                .contains("fewer than " + Verdicts.MIN_BATCHES + " batches")
                .contains(Bootstrap.RESAMPLES + "\nresamples")
                .contains("**bootstrap " + Math.round(Bootstrap.CONFIDENCE * 100) + "% interval**");
    }

    @Test
    void theDocStatesThePlansReplication() throws IOException {
        String doc = doc();
        assertThat(Plan.Timing.QUICK.replicas()).isEqualTo(Plan.Timing.FULL.replicas());
        assertThat(Plan.Timing.QUICK.runs()).isEqualTo(Plan.Timing.FULL.runs());
        assertThat(doc).contains("**" + Plan.Timing.FULL.replicas() + " replicas**")
                .contains("each shape runs " + Plan.Timing.FULL.runs() + " batches")
                .contains("n = " + Plan.Timing.FULL.batches() + " batches");
        assertThat(Plan.Timing.QUICK.testMutexRuns()).isEqualTo(Plan.Timing.FULL.testMutexRuns());
        assertThat(doc).contains("(" + Plan.Timing.FULL.testMutexRuns() + " runs in each, every lock once a run)")
                .contains("each benchmark " + Plan.Timing.QUICK.suiteCount() + "\ntimes per lock in each JVM with `--quick`, "
                        + Plan.Timing.FULL.suiteCount() + " times in the full run");
    }

    @Test
    void everyClaimHasARowInTheDocsTable() throws IOException {
        String doc = doc();
        for (Claims.Claim c : Claims.ALL) {
            assertThat(doc).as(c.id()).contains("| `" + c.id() + "` |");
        }
    }

    @Test
    void theChannelRangesAreTheSourcesTable() throws IOException {
        String doc = doc();
        List<String> benchmarks = HybridClaims.BENCHMARKS.get(Claims.HYBRID_CHAN.id());
        for (int at = 0; at < HybridClaims.SOURCE_PROCS.size(); at++) {
            double low = Double.POSITIVE_INFINITY;
            double high = 0;
            for (String b : benchmarks) {
                double[][] t = HybridClaims.SOURCE.get(b);
                low = Math.min(low, t[0][at] / t[1][at]);
                high = Math.max(high, t[0][at] / t[1][at]);
            }
            String range = String.format(Locale.ROOT, "**%.2f–%.2f**", low, high);
            assertThat(doc).as("P=" + HybridClaims.SOURCE_PROCS.get(at)).contains(range);
        }
    }
}
