package dev.mutexlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.config.LabLock;
import dev.mutexlab.lab.config.Outside;
import dev.mutexlab.lab.config.RunConfig;
import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.gobench.Launcher;
import dev.mutexlab.lab.gotoolchain.GoSeedLoop;
import dev.mutexlab.lab.gotoolchain.GoToolchain;
import dev.mutexlab.lab.gotoolchain.GoVariant;
import dev.mutexlab.lab.results.SuiteResult;
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
    @Timeout(60)
    void goWhoseMutexTheLabCannotPatchLeavesTheGoColumnsOutWithANote(@TempDir Path dir) throws Exception {
        Path goroot = dir.resolve("goroot");
        Files.createDirectories(goroot.resolve("src/sync"));
        Files.writeString(goroot.resolve("src/sync/mutex.go"), "package sync\n\nconst starvationThresholdNs = 2e6\n");
        GoToolchain fake = new GoToolchain(Path.of("/bin/false"), "go version go9.99 fake", goroot);
        GoSeedLoop.Config config = new GoSeedLoop.Config(List.of(GoVariant.parse("go-native")), List.of(1), List.of(2),
                List.of(1_000L), Outside.parse("1x"), 1_000_000L, 0, 1);
        List<Experiment> plan = List.of(new Experiment(Plan.GO_SWEEP, "tiny", List.of(Claims.HANDOFF_HEADLINE.id()), null,
                config, null));
        StringWriter log = new StringWriter();
        Path out = dir.resolve("out");
        new Reproduction(out, plan, Optional.of(fake), "test", new PrintWriter(log, true)).measure();
        assertThat(log.toString()).contains("the Go columns are left out").contains("starvationThresholdNs = 1e6");
        assertThat(out.resolve(Plan.GO_SWEEP + ".json")).doesNotExist();
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
        assertThat(headline.interval().n()).isEqualTo(1);
        assertThat(headline.verdictText()).as("one batch carries no verdict").isEqualTo("cannot tell here (n = 1 < 5)");
        assertThat(findings).filteredOn(f -> f.claim().equals("lineup-best")).extracting(Finding::verdict)
                .containsExactly(Verdict.CANNOT_TELL);
        String summary = Files.readString(dir.resolve("summary.md"));
        assertThat(summary).contains("| handoff-headline | platform |").contains("docs/verdicts.md")
                .contains("`sweep-headline.json`").contains("Commit: ");
        assertThat(dir.resolve(Host.FILE)).isRegularFile();
        assertThat(Files.readString(dir.resolve(ClaimChart.SVG))).startsWith("<svg");
        String page = Files.readString(dir.resolve("index.html"));
        assertThat(page).contains("Claims and verdicts").contains("sweep-headline.json").contains("<canvas id=\"claims\"")
                .contains("<img src=\"" + ClaimChart.SVG + "\"");
    }

    @Test
    @Timeout(120)
    void replicasMeasureInTheirOwnFilesAndTheClaimsPoolThem(@TempDir Path dir) throws Exception {
        Experiment one = tinyPlan().get(0);
        List<Experiment> plan = List.of(one, one.replica(2));
        Reproduction r = new Reproduction(dir, plan, Optional.empty(), "test", new PrintWriter(new StringWriter(), true));
        r.measure();
        assertThat(dir.resolve(Plan.SWEEP + ".json")).isRegularFile();
        assertThat(dir.resolve(Plan.SWEEP + ".r2.json")).isRegularFile();
        Finding headline = r.writeFindings().stream().filter(f -> f.claim().equals("handoff-headline")).findFirst().orElseThrow();
        assertThat(headline.interval().n()).isEqualTo(2);
        assertThat(headline.measured()).endsWith("2 JVMs");
    }

    @Test
    @Timeout(120)
    void theSuiteExperimentWritesItsResultAndFeedsTheHybridClaims(@TempDir Path dir) throws Exception {
        Experiment.Suite suite = new Experiment.Suite(new SuiteResult.Config(List.of(HybridClaims.OLD, HybridClaims.NEW),
                List.of("platform"), List.of(1), List.of("SelectContended", "MutexOnSema"), "200x", 1),
                new Launcher.BenchTime(0, 200));
        List<Experiment> plan = List.of(new Experiment(Plan.HYBRID, "tiny", List.of(Claims.HYBRID_SELECT.id()), null, null, null,
                suite));
        StringWriter log = new StringWriter();
        Reproduction r = new Reproduction(dir, plan, Optional.empty(), "test", new PrintWriter(log, true));
        r.measure();
        assertThat(dir.resolve(Plan.HYBRID + ".json")).isRegularFile();
        List<Finding> findings = r.writeFindings();
        assertThat(findings).filteredOn(f -> f.claim().equals("hybrid-select") && f.shape().equals("SelectContended P=1"))
                .singleElement().satisfies(f -> {
                    assertThat(f.column()).isEqualTo("platform");
                    assertThat(f.value()).isPositive();
                    assertThat(f.here()).contains("p = ").contains("n = 1 + 1");
                });
        assertThat(findings).filteredOn(f -> f.claim().equals("hybrid-chan")).extracting(Finding::verdict)
                .as("no channel benchmark measured").containsOnly(Verdict.CANNOT_TELL);
        assertThat(Files.readString(dir.resolve("index.html"))).contains(Plan.HYBRID + ".json");
    }
}
