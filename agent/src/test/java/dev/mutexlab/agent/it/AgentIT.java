package dev.mutexlab.agent.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class AgentIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aRecordingThatEnablesTheLibrarysEventsDoesNotBreakSwappedLocks() throws Exception {
        // The agent puts the library on the boot class path, where JFR refuses its events' commits.
        ChildJvm.Outcome run = ChildJvm.run("lock=lineup", List.of(), JfrProgram.class);
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).contains("LOADER=boot").contains("WENT ON");
        assertThat(run.stderr()).doesNotContain("Error");
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void logbackFileAppenderRunsOnTheSwappedLockWithEveryLineAndAProfile() throws Exception {
        Path log = dir.resolve("app.log");
        Path report = dir.resolve("profile.json");
        int lines = 2000;
        ChildJvm.Outcome run = ChildJvm.run("lock=lineup,profile,sample=1,out=" + report, List.of(),
                LogbackProgram.class, log.toString(), Integer.toString(lines));
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).contains("LOCKCLASS=dev.mutexlab.agent.runtime.AgentReentrantLock");
        // The waiting thread's thread info names the library's lock, as jstack would.
        assertThat(run.stdout()).containsPattern("WAITING_ON=dev\\.mutexlab\\.agent\\.bundled\\.locks\\.");

        List<String> written = Files.readAllLines(log);
        Set<String> expected = new HashSet<>();
        for (int t = 0; t < 8; t++) {
            for (int i = 0; i < lines; i++) {
                expected.add("t" + t + " line " + i);
            }
        }
        expected.add("waiter line");
        assertThat(written).hasSize(expected.size());
        assertThat(new HashSet<>(written)).isEqualTo(expected);

        JsonNode json = JSON.readTree(report.toFile());
        assertThat(json.get("schema").asText()).isEqualTo("mutexlab.profile/1");
        JsonNode rewritten = ReportJson.find(json.get("rewrites").get("sites"), "ch.qos.logback.core.OutputStreamAppender");
        assertThat(rewritten).as("the appender's site in rewrites.sites").isNotNull();
        assertThat(rewritten.get("instances").asLong()).isGreaterThanOrEqualTo(1);
        JsonNode site = ReportJson.find(json.get("sites"), "ch.qos.logback.core.OutputStreamAppender");
        assertThat(site).as("the appender's site in sites").isNotNull();
        assertThat(site.get("lockClass").asText()).isEqualTo("dev.mutexlab.agent.bundled.locks.LineupMutex");
        assertThat(site.get("acquisitions").asLong()).isGreaterThanOrEqualTo(8L * lines);
        assertThat(site.get("holdNanos").get("count").asLong()).isPositive();
        assertThat(site.get("holdNanos").get("buckets").size()).isPositive();
        assertThat(site.get("waitNanos").get("count").asLong()).isPositive();
        assertThat(site.get("contended").asLong()).isPositive();
        assertThat(site.get("threads").asLong()).isGreaterThanOrEqualTo(9);
        // The exit summary on stderr carries the lock_stat-like table.
        assertThat(run.stderr()).contains("hold p99").contains("OutputStreamAppender");
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aJdkQueueGetsTheSwappedLockAndLosesNoItem() throws Exception {
        Path report = dir.resolve("swap.json");
        ChildJvm.Outcome run = queueProgram("lock=lineup,out=" + report, 20000);
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout())
                .contains("LBQ_PUTLOCK=dev.mutexlab.agent.runtime.AgentReentrantLock")
                .contains("LBQ_TAKELOCK=dev.mutexlab.agent.runtime.AgentReentrantLock")
                .contains("ABQ_LOCK=dev.mutexlab.agent.runtime.AgentReentrantLock")
                .contains("LBQ_SUM_OK=true")
                .contains("ABQ_SUM_OK=true");
        JsonNode json = JSON.readTree(report.toFile());
        JsonNode lbq = ReportJson.find(json.get("rewrites").get("sites"), "java.util.concurrent.LinkedBlockingQueue");
        assertThat(lbq).isNotNull();
        assertThat(lbq.get("swapped").asLong()).as("every LinkedBlockingQueue lock is swapped")
                .isEqualTo(lbq.get("instances").asLong()).isPositive();
        assertThat(lbq.has("lockEvents")).as("no lock events without :stats").isFalse();
        assertThat(json.has("sites")).as("no profile without the profile option").isFalse();
        assertThat(run.stderr()).doesNotContain("lock events of");
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aSwappedLockWithStatisticsReportsItsLockEventsAndPolicy() throws Exception {
        Path report = dir.resolve("stats.json");
        ChildJvm.Outcome run = queueProgram("lock=lineup:stats,out=" + report, 20000);
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).contains("ABQ_SUM_OK=true");
        JsonNode abq = ReportJson.find(JSON.readTree(report.toFile()).get("rewrites").get("sites"), "java.util.concurrent.ArrayBlockingQueue");
        assertThat(abq).isNotNull();
        assertThat(abq.get("lockEventsLocks").asInt()).as("the program keeps its queue to the end").isEqualTo(1);
        assertThat(abq.get("lockEventsLeftOut").asInt()).isZero();
        assertThat(abq.get("lockEvents").isObject()).isTrue();
        int running = 0;
        for (JsonNode n : abq.get("policies")) {
            running += n.asInt();
        }
        assertThat(running).as("the one lock runs one policy").isEqualTo(1);
        assertThat(abq.get("policies").fieldNames().next()).isIn("line", "barge", "solo");
        assertThat(run.stderr()).contains("lock events of 1 lock:").contains("policy now:");
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void jdkFairMakesAJdkQueuesNonfairLockFair() throws Exception {
        Path report = dir.resolve("fair.json");
        ChildJvm.Outcome run = queueProgram("lock=jdk-fair,out=" + report, 5000);
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout())
                .contains("ABQ_LOCK=java.util.concurrent.locks.ReentrantLock")
                .contains("ABQ_FAIR=true")
                .contains("LBQ_SUM_OK=true")
                .contains("ABQ_SUM_OK=true");
        JsonNode json = JSON.readTree(report.toFile());
        JsonNode abq = ReportJson.find(json.get("rewrites").get("sites"), "java.util.concurrent.ArrayBlockingQueue");
        assertThat(abq).isNotNull();
        assertThat(abq.get("swapped").asLong()).as("the nonfair lock made fair counts as swapped").isEqualTo(1);
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aReentrantLockSubclassIsReparentedAndBehaves() throws Exception {
        for (String options : List.of("lock=lineup", "profile", "lock=go,profile")) {
            Path report = dir.resolve("reparent-" + options.replace(',', '-').replace('=', '-') + ".json");
            ChildJvm.Outcome run = ChildJvm.run(options + ",out=" + report, List.of(), ReparentProgram.class, "20000");
            assertThat(run.exitCode()).as(options + ": " + run.stderr()).isZero();
            String expectedSuper = "dev.mutexlab.agent.runtime.AgentReentrantLock";
            assertThat(run.stdout()).as(options)
                    .contains("SUPER=" + expectedSuper)
                    .contains("IN_ORDER=true")
                    .contains("HAS_WAITERS=false")
                    .contains("HOLD_COUNT=1")
                    .contains("LOCK_CALLS_AT_LEAST=true");
            JsonNode json = JSON.readTree(report.toFile());
            JsonNode site = ReportJson.find(json.get("rewrites").get("sites"), ReparentProgram.Buffer.class.getName());
            assertThat(site).as(options).isNotNull();
            assertThat(site.get("kind").asText()).isEqualTo("reparent");
            if (options.contains("profile")) {
                JsonNode profiled = ReportJson.find(json.get("sites"), ReparentProgram.Buffer.class.getName());
                assertThat(profiled.get("conditionWaits").asLong() + profiled.get("acquisitions").asLong()).isPositive();
            }
        }
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void badOptionsStopTheJvmWithOneLineBeforeMain() throws Exception {
        for (String options : List.of("lock=nosuchlock", "=3", "bogus=1", "sample=abc", "sample=0", "lock=go:threshold=x",
                "fair=maybe")) {
            ChildJvm.Outcome run = ChildJvm.run(options, List.of(), PlainProgram.class);
            assertThat(run.exitCode()).as(options).isEqualTo(2);
            assertThat(run.stdout()).as(options).doesNotContain("MAIN RAN");
            List<String> lines = run.stderr().lines().filter(l -> !l.isBlank()).toList();
            assertThat(lines).as(options + ": " + run.stderr()).hasSize(1);
            assertThat(lines.get(0)).startsWith("mutexlab-agent: ").doesNotContain("Exception");
        }
        ChildJvm.Outcome spec = ChildJvm.run("lock=nosuchlock", List.of(), PlainProgram.class);
        assertThat(spec.stderr()).contains("lock").contains("nosuchlock");
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aClassThatFailsToTransformIsReportedAndTheProgramRuns() throws Exception {
        Path report = dir.resolve("fail.json");
        ChildJvm.Outcome run = ChildJvm.run("lock=lineup,fail=" + FailTarget.class.getName() + ",out=" + report,
                List.of(), PlainProgram.class);
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).contains("MAIN RAN").contains("LOCKCLASS=java.util.concurrent.locks.ReentrantLock");
        JsonNode json = JSON.readTree(report.toFile());
        JsonNode skipped = ReportJson.find(json.get("rewrites").get("skipped"), FailTarget.class.getName());
        assertThat(skipped).isNotNull();
        assertThat(skipped.get("reason").asText()).startsWith("failed: ").contains("fail=");
        assertThat(run.stderr()).contains("skipped").contains(FailTarget.class.getName());
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void withoutTheFailOptionTheSameClassIsSwapped() throws Exception {
        ChildJvm.Outcome run = ChildJvm.run("lock=lineup", List.of(), PlainProgram.class);
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).contains("LOCKCLASS=dev.mutexlab.agent.runtime.AgentReentrantLock");
    }

    /** QueueProgram under the agent with {@code agentOptions}, its queues opened to it for the lock classes it prints. */
    private static ChildJvm.Outcome queueProgram(String agentOptions, int items) throws Exception {
        return ChildJvm.run(agentOptions, List.of("--add-opens", "java.base/java.util.concurrent=ALL-UNNAMED"),
                QueueProgram.class, Integer.toString(items));
    }
}
