package dev.mutexlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.spec.LabLock;
import dev.mutexlab.lab.spec.Outside;
import dev.mutexlab.lab.spec.RunConfig;
import dev.mutexlab.lab.spec.ThreadKind;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A one-experiment plan with tiny measurements, run for real into a folder, then resumed. */
class ReproductionTest {
    private static List<Experiment> tinyPlan() {
        RunConfig config = new RunConfig(List.of(LabLock.parse("go"), LabLock.parse("go:threshold=0")),
                List.of(ThreadKind.PLATFORM), List.of(1), List.of(2), List.of(10_000L), List.of(Outside.parse("1x")),
                20_000_000L, 5_000_000L, 1, true);
        return List.of(new Experiment(Plan.SWEEP, "tiny", List.of(Claims.HANDOFF_HEADLINE.id()), config, null, null));
    }

    @Test
    @Timeout(120)
    void writesResultsSummaryAndPageThenResumesWithNothingLeft(@TempDir Path dir) throws Exception {
        StringWriter log = new StringWriter();
        Reproduction first = new Reproduction(dir, tinyPlan(), Optional.empty(), "test", new PrintWriter(log, true));
        assertThat(first.left()).hasSize(1);
        first.measure();
        assertThat(dir.resolve("sweep-headline.json")).isRegularFile();
        assertThat(dir.resolve("sweep-headline.json.journal")).doesNotExist();

        Reproduction again = new Reproduction(dir, tinyPlan(), Optional.empty(), "test", new PrintWriter(log, true));
        assertThat(again.left()).isEmpty();
        assertThat(again.estimatedNanosLeft()).isZero();
        List<Finding> findings = again.writeFindings();

        Finding headline = findings.stream().filter(f -> f.claim().equals("handoff-headline")).findFirst().orElseThrow();
        assertThat(headline.column()).isEqualTo("platform");
        assertThat(headline.verdict()).isNotEqualTo(Verdict.CANNOT_TELL);
        assertThat(findings).filteredOn(f -> f.claim().equals("lineup-best")).extracting(Finding::verdict)
                .containsExactly(Verdict.CANNOT_TELL);
        String summary = Files.readString(dir.resolve("summary.md"));
        assertThat(summary).contains("| handoff-headline | platform |").contains("docs/verdicts.md")
                .contains("`sweep-headline.json`");
        String page = Files.readString(dir.resolve("index.html"));
        assertThat(page).contains("Claims and verdicts").contains("sweep-headline.json").contains("<canvas id=\"claims\"");
    }
}
