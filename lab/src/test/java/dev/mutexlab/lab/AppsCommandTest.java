package dev.mutexlab.lab;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.mutexlab.lab.results.AppsResult;
import dev.mutexlab.lab.results.ResultFiles;
import dev.mutexlab.lab.results.ResultIO;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code mutexlab apps} end to end, through the CLI, with real child JVMs; then report and compare on its file. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AppsCommandTest {
    @TempDir
    Path dir;

    @Test
    void shortRunWritesAnAppsResultThatReportAndCompareRead() throws Exception {
        Path file = dir.resolve("apps.json");
        Cli o = Cli.run("apps", "--budget", "0s", "--locks", "jdk,synchronized", "--apps", "queue,pool", "--threads", "platform,virtual",
                "--procs", "1", "--duration", "30ms", "--warmup", "10ms", "--runs", "2", "--out", file.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.err()).contains("16 measurements, about");
        assertThat(o.out()).contains("platform threads, P=1").contains("virtual threads, P=1").contains("queue")
                .contains("pool").contains("Result:");
        JsonNode root = ResultIO.json().readTree(file.toFile());
        assertThat(root.get("schema").asText()).isEqualTo(AppsResult.SCHEMA);
        assertThat(root.get("groups")).hasSize(2);
        for (JsonNode g : root.get("groups")) {
            assertThat(g.get("enforcement").asText()).contains("ActiveProcessorCount=1");
            assertThat(g.get("samples")).hasSize(2 * 2 * 2);
            for (JsonNode s : g.get("samples")) {
                assertThat(s.get("check").asText()).isEqualTo("ok");
                assertThat(s.get("ops").asLong()).isPositive();
                assertThat(s.get("perThread")).hasSize(4);
                assertThat(s.get("latency").get("p99Nanos").asLong()).isPositive();
                assertThat(s.get("cpuNanosPerOp").asDouble()).isPositive();
            }
            assertThat(g.get("samples").get(0).get("lock").asText()).isEqualTo("jdk");
            assertThat(g.get("samples").get(4).get("lock").asText()).as("rotated in batch 1").isEqualTo("synchronized");
        }
        assertThat(dir.toFile().list()).as("no temporary files left").containsExactly("apps.json");

        Path html = dir.resolve("report.html");
        Cli report = Cli.run("report", file.toString(), "-o", html.toString());
        assertThat(report.exit()).as(report.err()).isZero();
        assertThat(report.out()).containsPattern("\\([1-9][0-9]* charts\\)");
        assertThat(Files.readString(html)).contains(AppsResult.SCHEMA).contains("ops/s: platform P=1").contains("queue");

        Cli compare = Cli.run("compare", file.toString(), file.toString());
        assertThat(compare.exit()).as(compare.err()).isZero();
        assertThat(compare.out()).contains("k ops/s").contains("p99 latency").contains("CPU ns/op")
                .contains("platform P=1 queue");
    }

    @Test
    void aaMeasuresTheFirstLockTwiceAndRecordsItsVerdicts() throws Exception {
        Path file = dir.resolve("aa.json");
        Cli o = Cli.run("apps", "--budget", "0s", "--aa", "--locks", "jdk,synchronized", "--apps", "pool", "--threads", "platform",
                "--procs", "1", "--duration", "20ms", "--warmup", "10ms", "--runs", "2", "--out", file.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.out()).contains("jdk (A/A)").contains("~? (n=2)").contains("A/A control: 0 of 1 cells within the band");
        AppsResult r = dev.mutexlab.lab.results.ResultFiles.load(file).apps();
        assertThat(r.config().locks()).containsExactly("jdk", "synchronized", "jdk");
        assertThat(r.groups().getFirst().samples()).hasSize(2 * 3);
        assertThat(r.verdicts()).filteredOn(v -> v.metric().equals("ops/s")).extracting(v -> v.lock() + ":" + v.aa())
                .containsExactly("synchronized:false", "jdk:true");
    }

    @Test
    void undecidedWorkloadsGetMoreBatchesInAFreshJvmUntilTheBudgetIsSpent() throws Exception {
        Path file = dir.resolve("adaptive.json");
        // 2 planned batches decide nothing (n < 5). A round is estimated at 2 s for the JVM, 2 x 70 ms of warm-up
        // pass and 4 x 270 ms of measurements, 3.22 s: the first fits 3.5 s; it takes at least its 4 x 210 ms
        // windows and a JVM start, which leaves less than a second round's estimate
        Cli o = Cli.run("apps", "--budget", "3500ms", "--locks", "jdk,synchronized", "--apps", "pool", "--threads", "platform",
                "--procs", "1", "--duration", "200ms", "--warmup", "10ms", "--runs", "2", "--out", file.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        // standard error's lines wrap at 100 columns: read it as one paragraph
        assertThat(o.err().replaceAll("\\s+", " ")).contains("round 1: 2 more batches in a fresh JVM for 1 undecided workload(s)")
                .contains("adaptive replication stopped: 1 workload(s) with undecided cells left: the --budget is spent");
        AppsResult r = dev.mutexlab.lab.results.ResultFiles.load(file).apps();
        List<AppsResult.Sample> samples = r.groups().getFirst().samples();
        assertThat(samples).extracting(AppsResult.Sample::run).containsOnly(0, 1, 2, 3);
        assertThat(samples).filteredOn(s -> s.run() >= 2).extracting(AppsResult.Sample::jvmNumber).containsOnly(1);
        assertThat(samples).filteredOn(s -> s.run() < 2).extracting(AppsResult.Sample::jvmNumber).containsOnly(0);
        assertThat(r.verdicts().getFirst().verdict().n()).isEqualTo(4);
        assertThat(r.verdicts().getFirst().verdict().jvms()).isEqualTo(2);
    }

    @Test
    void helpNamesEveryWorkloadAndTheDefaults() {
        Cli o = Cli.run("apps", "--help");
        assertThat(o.exit()).isZero();
        assertThat(o.out()).contains("cache").contains("queue").contains("logger").contains("pool").contains("striped")
                .contains("--workers").contains("--skew").contains("--quick").contains("lineup,go,");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "--apps=nosuch", "--apps=cache,cache", "--locks=nosuch", "--locks=synchronized+yield", "--workers=1",
            "--workers=x", "--skew=-1", "--keys=0", "--procs=999", "--duration=0", "--runs=0", "--threads=green",
            "--outside=fast", "--out=/proc/nope/a.json"})
    void badInputGetsOneLineAndExitTwo(String arg) {
        Cli o = Cli.run("apps", arg);
        assertThat(o.exit()).as(o.err()).isEqualTo(2);
        assertThat(o.err().strip().lines().count()).as(o.err()).isEqualTo(1);
    }

    @Test
    void aResultFileRoundTrips() throws Exception {
        Path small = Path.of(AppsCommandTest.class.getResource("/results/apps-small.json").toURI());
        AppsResult read = ResultFiles.load(small).apps();
        Path again = dir.resolve("again.json");
        ResultIO.writeJson(again, read);
        assertThat(ResultFiles.load(again).apps()).isEqualTo(read);
        assertThat(read.groups().getFirst().samples()).allSatisfy(s -> assertThat(s.checkPassed()).isTrue());
    }
}
