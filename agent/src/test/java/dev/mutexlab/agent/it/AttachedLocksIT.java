package dev.mutexlab.agent.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.tools.attach.VirtualMachine;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An attach profiles the locks a program made before it: the probes in the JDK's
 * {@code ReentrantLock} time them at their acquisition points, come out when the profile stops, and
 * the program runs on and checks its own work; a second attach to the same JVM does it again.
 */
class AttachedLocksIT {

    private static final String WORKER = ExistingLockProgram.Worker.class.getName();

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void aLockMadeBeforeTheAttachIsProfiledAndTheProgramRunsOnTwice() throws Exception {
        Path err = dir.resolve("target.err");
        Process target = start(err);
        try (BufferedReader out = new BufferedReader(new InputStreamReader(target.getInputStream(), StandardCharsets.UTF_8))) {
            assertThat(out.readLine()).isEqualTo("READY");
            for (int attach = 1; attach <= 2; attach++) {
                Path report = dir.resolve("attach-" + attach + ".json");
                profile(target, report);
                assertThat(target.isAlive()).as("attach %d: the program runs on; %s", attach, Files.readString(err)).isTrue();
                JsonNode json = new ObjectMapper().readTree(report.toFile());
                List<JsonNode> sites = sitesOf(json.get("sites"), WORKER);
                assertThat(sites).as("attach %d: lock(), lockInterruptibly() and tryLock(timeout) each at its own"
                        + " acquisition point; %s", attach, json).hasSize(3);
                long holds = 0;
                long waits = 0;
                for (JsonNode site : sites) {
                    assertThat(site.get("kind").asText()).isEqualTo("acquire");
                    assertThat(site.get("method").asText()).isEqualTo("run");
                    assertThat(site.get("lockClass").asText()).isEqualTo("java.util.concurrent.locks.ReentrantLock");
                    assertThat(site.get("acquisitions").asLong()).isPositive();
                    holds += site.get("holdNanos").get("count").asLong();
                    waits += site.get("waitNanos").get("count").asLong();
                }
                assertThat(holds).as("attach %d: holds timed", attach).isPositive();
                assertThat(waits).as("attach %d: waits timed (three threads on one lock)", attach).isPositive();
            }
            String stderr = stopAndCheck(target, out, err);
            assertThat(stderr).as("the probes went in both times").doesNotContain("not profiled");
            assertThat(stderr).as("the second attach's report replaces the first's MBean").doesNotContain("no on-demand report");
            assertThat(stderr.lines().filter(l -> l.startsWith("mutexlab-agent: stopped after"))).hasSize(2);
        } finally {
            target.destroyForcibly();
        }
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void whenTheJdksLockCannotBeProbedOneLineSaysSoAndTheProfileGoesOn() throws Exception {
        Path err = dir.resolve("target.err");
        Path report = dir.resolve("attach.json");
        Process target = start(err);
        try (BufferedReader out = new BufferedReader(new InputStreamReader(target.getInputStream(), StandardCharsets.UTF_8))) {
            assertThat(out.readLine()).isEqualTo("READY");
            profile(target, report, ",fail=java.util.concurrent.locks.ReentrantLock");
            JsonNode json = new ObjectMapper().readTree(report.toFile());
            assertThat(sitesOf(json.get("sites"), WORKER)).as("no acquisition points: %s", json).isEmpty();
            assertThat(ReportJson.find(json.get("rewrites").get("skipped"), "java.util.concurrent.locks.ReentrantLock"))
                    .as("the report says why").isNotNull();
            String stderr = stopAndCheck(target, out, err);
            assertThat(stderr.lines().filter(l -> l.contains("not profiled"))).hasSize(1);
        } finally {
            target.destroyForcibly();
        }
    }

    /** Starts {@link ExistingLockProgram}, its stderr to {@code err}. */
    private static Process start(Path err) throws Exception {
        return new ProcessBuilder(ChildJvm.command(null, null, List.of(), ExistingLockProgram.class))
                .redirectError(err.toFile()).start();
    }

    /**
     * Ends the target's input, which tells it to stop and check its own work; asserts that it
     * passed its check and exited 0; returns its stderr.
     */
    private static String stopAndCheck(Process target, BufferedReader out, Path err) throws Exception {
        target.getOutputStream().close();
        String rest = out.lines().reduce("", (a, b) -> a + b + "\n");
        assertThat(target.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String stderr = Files.readString(err);
        assertThat(rest).as(stderr).contains("SELF_CHECK=ok");
        assertThat(target.exitValue()).as(stderr).isZero();
        return stderr;
    }

    /** Attaches for two seconds and waits for the report the agent writes when it stops. */
    private static void profile(Process target, Path report) throws Exception {
        profile(target, report, "");
    }

    private static void profile(Process target, Path report, String moreOptions) throws Exception {
        VirtualMachine vm = VirtualMachine.attach(Long.toString(target.pid()));
        try {
            vm.loadAgent(ChildJvm.agentJar().toAbsolutePath().toString(),
                    "profile,sample=1,monitors=false,stopAfter=2s,out=" + report + moreOptions);
        } finally {
            vm.detach();
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!Files.exists(report) && target.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(report).exists();
    }

    private static List<JsonNode> sitesOf(JsonNode sites, String className) {
        List<JsonNode> found = new ArrayList<>();
        for (JsonNode n : sites) {
            if (n.get("class").asText().equals(className)) {
                found.add(n);
            }
        }
        return found;
    }
}
