package dev.mutexlab.lab;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.results.RunResult;
import dev.mutexlab.lab.runner.Confinement;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code mutexlab run} end to end, through the CLI, with real child JVMs. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RunCommandTest {
    @TempDir
    Path dir;


    @Test
    void aaAddsTheFirstLockAgainAndItsCellIsTheControl() throws Exception {
        Path file = dir.resolve("aa.json");
        Cli o = Cli.run("run", "--aa", "--locks", "go,jdk", "--workers", "2", "--procs", "1", "--hold", "2us",
                "--duration", "20ms", "--warmup", "10ms", "--runs", "2", "--budget", "0s", "--threads", "platform",
                "--out", file.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.out()).contains("go (A/A)").contains("~? (n=2)").contains("cells decided");
        RunResult r = dev.mutexlab.lab.results.ResultFiles.load(file).run();
        assertThat(r.config().locks()).containsExactly("go", "jdk", "go");
        assertThat(r.verdicts()).extracting(v -> v.lock() + ":" + v.aa()).containsExactly("jdk:false", "go:true");
        assertThat(r.verdicts()).allSatisfy(v -> assertThat(v.verdict().undecided()).as("two batches decide nothing").isTrue());
    }

    @Test
    void shortRunWritesAResultFileWithEveryFigure() throws Exception {
        Path file = dir.resolve("r.json");
        Cli o = Cli.run("run", "--locks", "go,jdk,synchronized+yield", "--workers", "3", "--procs", "1",
                "--hold", "2us", "--outside", "1x", "--duration", "60ms", "--warmup", "20ms", "--runs", "2", "--budget", "0s",
                "--threads", "platform,virtual", "--out", file.toString(), "--csv", dir.resolve("r.csv").toString(), "--wide");
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.out()).contains("platform threads, P=1").contains("virtual threads, P=1").contains("Result:");
        JsonNode root = ResultIO.json().readTree(file.toFile());
        assertThat(root.get("schema").asText()).isEqualTo(RunResult.SCHEMA);
        assertThat(root.get("machine").get("cpus").asInt()).isPositive();
        assertThat(root.get("config").get("locks")).hasSize(3);
        assertThat(root.get("groups")).hasSize(2);
        for (JsonNode g : root.get("groups")) {
            assertThat(g.get("procs").asInt()).isEqualTo(1);
            assertThat(g.get("enforcement").asText()).contains("ActiveProcessorCount=1");
            assertThat(g.get("busyStepsPerNano").asDouble()).isPositive();
            JsonNode shape = g.get("shapes").get(0);
            assertThat(shape.get("workers").asInt()).isEqualTo(3);
            assertThat(shape.get("holdNanos").asLong()).isEqualTo(2000);
            assertThat(shape.get("outsideNanos").asLong()).isEqualTo(2000);
            assertThat(shape.get("ceilingPerSec").asDouble()).isEqualTo(500_000.0);
            JsonNode first = shape.get("locks").get(0);
            assertThat(first.get("spec").asText()).isEqualTo("go");
            assertThat(first.get("ratio").get("median").asDouble()).isEqualTo(1.0);
            for (JsonNode lock : shape.get("locks")) {
                assertThat(lock.get("runs")).hasSize(2);
                assertThat(lock.get("throughput").get("median").asDouble()).isPositive();
                assertThat(lock.get("utilization").get("median").asDouble()).isBetween(0.0, 1.05);
                assertThat(lock.get("waits").get("count").asLong()).isPositive();
                assertThat(lock.get("waits").get("maxNanos").asLong()).isGreaterThanOrEqualTo(lock.get("waits").get("p50Nanos").asLong());
                JsonNode run = lock.get("runs").get(0);
                assertThat(run.get("perWorker")).hasSize(3);
                long sum = 0;
                for (JsonNode c : run.get("perWorker")) {
                    sum += c.asLong();
                }
                assertThat(run.get("acquisitions").asLong()).isEqualTo(sum);
                assertThat(run.get("jain").asDouble()).isBetween(0.33, 1.0);
                assertThat(run.get("cpuPerWall").asDouble()).isPositive();
            }
            assertThat(shape.get("locks").get(0).get("runs").get(0).get("lockEvents")).isNotNull();
            JsonNode hiccups = shape.get("hiccups");
            boolean platform = g.get("threads").asText().equals("platform");
            assertThat(hiccups).as("one busy thread per worker and one per CPU; virtual: per carrier only")
                    .hasSize(platform ? 2 : 1);
            for (JsonNode h : hiccups) {
                assertThat(h.get("label").asText()).isEqualTo("(hiccup)");
                assertThat(h.get("runs")).hasSize(2);
                assertThat(h.get("longestStall").get("max").asLong()).isPositive();
            }
            if (Files.isDirectory(Path.of("/proc/thread-self"))) {
                for (JsonNode lock : shape.get("locks")) {
                    JsonNode runQueue = lock.get("runs").get(0).get("runQueue");
                    assertThat(runQueue.get("of").asText()).isEqualTo(platform ? "workers" : "carriers");
                    assertThat(runQueue.get("threads").asInt()).isEqualTo(platform ? 3 : 1);
                    assertThat(lock.get("runQueueShare").get("median").asDouble()).isBetween(0.0, 1.5);
                }
            }
        }
        assertThat(o.out()).contains("platform stall floor, (hiccup)");
        if (Files.isDirectory(Path.of("/proc/thread-self"))) {
            assertThat(o.out()).contains("run-queue delay, share of the window workers")
                    .contains("run-queue delay, share of the window carriers");
        }
        assertThat(Files.readAllLines(dir.resolve("r.csv"))).hasSize(1 + 2 * 3 * 2);
        assertThat(dir.toFile().list()).as("no temporary files left").containsExactlyInAnyOrder("r.json", "r.csv");
    }

    @Test
    void aBudgetAddsBatchesToAShapeThatCannotTellAndSaysSo() throws Exception {
        Path file = dir.resolve("adaptive.json");
        // Two planned batches decide nothing (a verdict needs 5): the budget must add at least three.
        Cli o = Cli.run("run", "--locks", "go,jdk", "--workers", "2", "--procs", "1", "--hold", "2us",
                "--duration", "20ms", "--warmup", "10ms", "--runs", "2", "--budget", "60s", "--threads", "platform",
                "--out", file.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.err()).contains("undecided after 2 batches; adding (--budget)")
                .containsPattern("\\d+ batch\\(es\\) added to 1 of 1 shapes \\(planned: 2 each\\)");
        RunResult r = dev.mutexlab.lab.results.ResultFiles.load(file).run();
        var locks = r.groups().getFirst().shapes().getFirst().locks();
        int batches = locks.getFirst().runs().size();
        assertThat(batches).isBetween(5, 30);
        assertThat(locks).allSatisfy(l -> assertThat(l.runs()).hasSize(batches));
        assertThat(locks.getFirst().runs()).extracting(s -> s.run()).doesNotHaveDuplicates();
        assertThat(r.verdicts().getFirst().verdict().n()).isEqualTo(batches);
    }

    @Test
    void quickAddsNoBatchesUnlessABudgetIsGiven() throws Exception {
        Path file = dir.resolve("quick.json");
        Cli o = Cli.run("run", "--quick", "--locks", "go,jdk", "--workers", "2", "--procs", "1", "--hold", "2us",
                "--duration", "20ms", "--threads", "platform", "--out", file.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.err()).contains("--quick adds no batches").contains("0 batch(es) added to 0 of 1 shapes");
        RunResult r = dev.mutexlab.lab.results.ResultFiles.load(file).run();
        assertThat(r.groups().getFirst().shapes().getFirst().locks().getFirst().runs()).hasSize(2);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "--budget=soon", "--locks=nosuch", "--locks=go:threshold=-1ms", "--hold=-5us", "--hold=fast", "--workers=0",
            "--workers=x", "--procs=999", "--duration=0", "--runs=0", "--threads=green", "--outside=-1x",
            "--out=/proc/nope/r.json"})
    void badInputGetsOneLineAndExitTwo(String arg) {
        Cli o = Cli.run("run", arg);
        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.err().strip().lines().count()).as(o.err()).isEqualTo(1);
        assertThat(o.err()).startsWith("mutexlab: ").doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void cpuListsParse() {
        assertThat(Confinement.parseCpuList("0-3,8,10-11")).containsExactly(0, 1, 2, 3, 8, 10, 11);
        assertThat(Confinement.allowedCpus()).isNotEmpty();
    }

    @Test
    void locksListsEverySpec() {
        Cli o = Cli.run("locks");
        assertThat(o.exit()).isZero();
        assertThat(o.out()).contains("go:threshold=0").contains("jdk-fair").contains("synchronized").contains("+yield");
    }
}
