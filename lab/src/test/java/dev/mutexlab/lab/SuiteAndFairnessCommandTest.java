package dev.mutexlab.lab;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.mutexlab.lab.gobench.GoFormat;
import dev.mutexlab.lab.results.FairnessResult;
import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.results.SuiteResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code mutexlab suite} and {@code mutexlab fairness} end to end, with real child JVMs. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SuiteAndFairnessCommandTest {
    @TempDir
    Path dir;


    @Test
    void suiteWritesJsonGoFormatAndTheComparisonTable() throws Exception {
        Path json = dir.resolve("s.json");
        Path go = dir.resolve("s.txt");
        Cli o = Cli.run("suite", "--locks", "futex,spinbit", "--bench", "^Mutex$|ChanSync", "--benchtime", "3000x", "--count", "2",
                "--procs", "1", "--threads", "platform,virtual", "--out", json.toString(), "--go-out", go.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.out()).contains("platform threads, P=1").contains("virtual threads, P=1").contains("vs futex")
                .contains("ChanSync").contains("p=");
        JsonNode root = ResultIO.json().readTree(json.toFile());
        assertThat(root.get("schema").asText()).isEqualTo(SuiteResult.SCHEMA);
        assertThat(root.get("groups")).hasSize(2);
        assertThat(root.get("groups").get(0).get("measurements")).hasSize(2 * 2 * 2);
        assertThat(root.get("comparisons")).hasSize(2 * 2);
        long lines = Files.readAllLines(go).stream().filter(l -> l.startsWith("Benchmark")).peek(l ->
                assertThat(GoFormat.parse(l)).as(l).isNotNull()).count();
        assertThat(lines).isEqualTo(2 * 2 * 2 * 2);
        assertThat(Files.readString(go)).contains("lock: spinbit").contains("threads: virtual");
        assertThat(dir.toFile().list()).containsExactlyInAnyOrder("s.json", "s.txt");
    }

    @Test
    void fairnessWritesEveryFigureForEveryLock() throws Exception {
        Path json = dir.resolve("f.json");
        Cli o = Cli.run("fairness", "--locks", "go,jdk-fair", "--tasks", "4", "--procs", "1", "--duration", "150ms", "--hold", "5us",
                "--out", json.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.out()).contains("avg ops/sec").contains("deviance/op").contains("running 4 parallel test-tasks");
        FairnessResult r = ResultIO.read(json, FairnessResult.class);
        assertThat(r.schema()).isEqualTo(FairnessResult.SCHEMA);
        assertThat(r.groups()).hasSize(1);
        for (FairnessResult.Sample s : r.groups().get(0).samples()) {
            assertThat(s.perTask()).hasSize(4);
            assertThat(s.opsPerSec()).isPositive();
            assertThat(s.costMicros()).isGreaterThanOrEqualTo(5.0 * 0.5);
            assertThat(s.jain()).isBetween(0.25, 1.0);
        }
    }

    @Test
    void suiteAaMeasuresTheFirstLockAgainAndRecordsItsCellAsTheControl() throws Exception {
        Path json = dir.resolve("aa.json");
        Cli o = Cli.run("suite", "--aa", "--locks", "futex,spinbit", "--bench", "^Mutex$", "--benchtime", "2000x", "--count", "2",
                "--procs", "1", "--threads", "platform", "--out", json.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.out()).contains("futex (A/A)").contains("no-effect band").contains("cells decided");
        SuiteResult r = dev.mutexlab.lab.results.ResultFiles.load(json).suite();
        assertThat(r.config().locks()).containsExactly("futex", "spinbit", "futex");
        assertThat(r.groups().get(0).measurements()).hasSize(3 * 2);
        assertThat(r.verdicts()).extracting(v -> v.lock() + ":" + v.aa()).containsExactly("spinbit:false", "futex:true");
    }

    @Test
    void fairnessAaMeasuresTheFirstLockAgainAndRecordsItsCellsAsTheControl() throws Exception {
        Path json = dir.resolve("aa.json");
        Cli o = Cli.run("fairness", "--aa", "--locks", "go,jdk-fair", "--tasks", "2", "--procs", "1", "--duration", "50ms",
                "--hold", "5us", "--runs", "2", "--out", json.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.out()).contains("go (A/A)").contains("no-effect band");
        FairnessResult r = dev.mutexlab.lab.results.ResultFiles.load(json).fairness();
        assertThat(r.config().locks()).containsExactly("go", "jdk-fair", "go");
        assertThat(r.verdicts()).filteredOn(v -> v.metric().equals("ops/s")).extracting(v -> v.lock() + ":" + v.aa())
                .containsExactly("jdk-fair:false", "go:true");
    }

    @Test
    void fairnessWithABudgetAddsRunsUntilAVerdictCanBeHad() throws Exception {
        Path json = dir.resolve("budget.json");
        // one planned run decides nothing (a verdict needs 5): the budget must add at least four
        Cli o = Cli.run("fairness", "--locks", "go,jdk-fair", "--tasks", "2", "--procs", "1", "--duration", "30ms",
                "--hold", "5us", "--budget", "30s", "--out", json.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.err()).contains("cannot tell after 1 run(s): adding runs");
        FairnessResult r = dev.mutexlab.lab.results.ResultFiles.load(json).fairness();
        long goRuns = r.groups().getFirst().samples().stream().filter(s -> s.lock().equals("go")).count();
        long fairRuns = r.groups().getFirst().samples().stream().filter(s -> s.lock().equals("jdk-fair")).count();
        assertThat(goRuns).isBetween(5L, 30L).isEqualTo(fairRuns);
        assertThat(r.verdicts()).filteredOn(v -> v.metric().equals("ops/s"))
                .allSatisfy(v -> assertThat(v.verdict().n()).isEqualTo((int) goRuns));
    }

    @ParameterizedTest
    @ValueSource(strings = {"--locks=nosuch", "--locks=synchronized", "--procs=999", "--procs=0", "--bench=(", "--bench=NoSuch",
            "--benchtime=0x", "--benchtime=soon", "--count=0", "--threads=green", "--out=/proc/nope/s.json", "--locks=go,go"})
    void suiteBadInputGetsOneLineAndExitTwo(String arg) {
        Cli o = Cli.run("suite", arg);
        assertThat(o.exit()).as(o.err()).isEqualTo(2);
        assertThat(o.err().strip().lines().count()).as(o.err()).isEqualTo(1);
        assertThat(o.err()).startsWith("mutexlab: ").doesNotContain("Exception");
    }

    @ParameterizedTest
    @ValueSource(strings = {"--locks=nosuch", "--tasks=0", "--tasks=x", "--hold=fast", "--duration=0", "--runs=0", "--procs=999",
            "--outside=-1x", "--threads=green"})
    void fairnessBadInputGetsOneLineAndExitTwo(String arg) {
        Cli o = Cli.run("fairness", arg);
        assertThat(o.exit()).as(o.err()).isEqualTo(2);
        assertThat(o.err().strip().lines().count()).as(o.err()).isEqualTo(1);
        assertThat(o.err()).startsWith("mutexlab: ").doesNotContain("Exception");
    }
}
