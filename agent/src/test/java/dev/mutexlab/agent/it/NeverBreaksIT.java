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
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a program does with the agent is what it does without it: serialization, computed fairness,
 * its own copy of the library, a renamed jar, and a late attach (a bad option leaves it running; a
 * good one rewrites classes it had already loaded).
 */
class NeverBreaksIT {

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void queuesLocksAndConditionsRoundTripAndAJvmWithoutTheAgentReadsThem() throws Exception {
        for (String options : List.of("lock=lineup", "profile", "lock=lineup,profile")) {
            Path file = dir.resolve(options.replace(',', '-').replace('=', '-') + ".ser");
            ChildJvm.Outcome written = ChildJvm.run(options, List.of(), SerialProgram.class, "write", file.toString());
            assertThat(written.exitCode()).as(options + ": " + written.stderr()).isZero();
            assertThat(written.stdout()).as(options)
                    .contains("LOCK_BEFORE=dev.mutexlab.agent.runtime.AgentReentrantLock")
                    .contains("NAMES_AGENT=false")
                    .contains("HERE_ABQ=true").contains("HERE_LBQ=true").contains("HERE_LBD=true")
                    .contains("HERE_GUARDED=true").contains("DONE");
            ChildJvm.Outcome read = ChildJvm.run((String) null, List.of(), SerialProgram.class, "read", file.toString());
            assertThat(read.exitCode()).as(options + ": " + read.stderr()).isZero();
            assertThat(read.stdout()).as(options)
                    .contains("THERE_ABQ=true").contains("THERE_LBQ=true").contains("THERE_LBD=true")
                    .contains("THERE_GUARDED=true").contains("DONE");
        }
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aFairnessComputedAtRunTimeGetsAFairLock() throws Exception {
        for (String options : List.of("lock=lineup", "lock=lineup,profile")) {
            ChildJvm.Outcome run = ChildJvm.run(options, List.of(), ComputedFairnessProgram.class);
            assertThat(run.exitCode()).as(options + ": " + run.stderr()).isZero();
            assertThat(run.stdout()).as(options).contains("FAIR_1=true").contains("FAIR_0=false")
                    .containsPattern("SERVES_0=.*LineupMutex")
                    .containsPattern("SERVES_1=.*\\[Unlocked\\]");
        }
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aRenamedJarStillReachesTheJdksRewrittenClasses() throws Exception {
        Path renamed = Files.copy(ChildJvm.agentJar(), dir.resolve("locks-agent-1.0.jar"));
        ChildJvm.Outcome run = ChildJvm.run(renamed, "lock=lineup",
                List.of("--add-opens", "java.base/java.util.concurrent=ALL-UNNAMED"), QueueProgram.class, "2000");
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).contains("ABQ_LOCK=dev.mutexlab.agent.runtime.AgentReentrantLock")
                .contains("ABQ_SUM_OK=true").contains("LBQ_SUM_OK=true");
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aProgramWithItsOwnLibrarySeesItsOwnCopy() throws Exception {
        ChildJvm.Outcome run = ChildJvm.run("lock=lineup", List.of(), OwnLibraryProgram.class);
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).contains("LIBRARY_LOADER=app")
                .contains("OWN_JDK_LOCK=java.util.concurrent.locks.ReentrantLock")
                .contains("OWN_LINEUP=dev.mutexlab.locks.LineupMutex");
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void aBadOptionUnderAttachLeavesTheProgramRunningAndAGoodOneRewritesItsLoadedClasses() throws Exception {
        Path go = dir.resolve("go");
        Path err = dir.resolve("target.err");
        Process target = new ProcessBuilder(ChildJvm.command(null, null, List.of(), AttachTarget.class, go.toString()))
                .redirectError(err.toFile()).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(target.getInputStream(), StandardCharsets.UTF_8))) {
            StringBuilder seen = new StringBuilder();
            for (String line = out.readLine(); line != null && !line.equals("READY"); line = out.readLine()) {
                seen.append(line).append('\n');
            }
            assertThat(seen.toString()).contains("BEFORE=java.util.concurrent.locks.ReentrantLock");

            VirtualMachine vm = VirtualMachine.attach(Long.toString(target.pid()));
            try {
                vm.loadAgent(ChildJvm.agentJar().toAbsolutePath().toString(), "bogus=1");
                assertThat(target.isAlive()).as("a bad option under attach must not stop the program").isTrue();
                vm.loadAgent(ChildJvm.agentJar().toAbsolutePath().toString(), "lock=lineup,report=none");
            } finally {
                vm.detach();
            }
            Files.createFile(go);
            String rest = out.lines().reduce("", (a, b) -> a + b + "\n");
            assertThat(target.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(target.exitValue()).as(Files.readString(err)).isZero();
            assertThat(rest).as(Files.readString(err)).contains("AFTER=dev.mutexlab.agent.runtime.AgentReentrantLock")
                    .contains("ITERATED=ab").contains("MAIN RAN");
            List<String> lines = Files.readAllLines(err).stream().filter(l -> l.startsWith("mutexlab-agent")).toList();
            assertThat(lines).hasSize(1);
            assertThat(lines.get(0)).contains("bogus").contains("attach refused");
        } finally {
            target.destroyForcibly();
        }
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void aTimedAttachProfilesTheRunningProgramThenUndoesItsRewrites() throws Exception {
        Path go = dir.resolve("go");
        Path report = dir.resolve("attach-profile.json");
        Path err = dir.resolve("target.err");
        int perThread = 200_000;
        Process target = new ProcessBuilder(ChildJvm.command(null, null, List.of(), AttachProfileTarget.class,
                go.toString(), report.toString(), Integer.toString(perThread))).redirectError(err.toFile()).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(target.getInputStream(), StandardCharsets.UTF_8))) {
            assertThat(out.readLine()).isEqualTo("READY");
            VirtualMachine vm = VirtualMachine.attach(Long.toString(target.pid()));
            try {
                vm.loadAgent(ChildJvm.agentJar().toAbsolutePath().toString(),
                        "profile,sample=1,report=none,stopAfter=3s,out=" + report);
            } finally {
                vm.detach();
            }
            Files.createFile(go);
            String rest = out.lines().reduce("", (a, b) -> a + b + "\n");
            assertThat(target.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(target.exitValue()).as(Files.readString(err)).isZero();
            assertThat(rest).as(Files.readString(err))
                    .contains("DURING=dev.mutexlab.agent.runtime.AgentReentrantLock")
                    .contains("COUNT=" + 2 * perThread)
                    .contains("AFTER_STOP=java.util.concurrent.locks.ReentrantLock")
                    .contains("MAIN RAN");
            JsonNode json = new ObjectMapper().readTree(report.toFile());
            JsonNode site = ReportJson.find(json.get("sites"), AttachProfileTarget.Counter.class.getName());
            assertThat(site).as("the counter's site in the profile written at the stop").isNotNull();
            assertThat(site.get("acquisitions").asLong()).isEqualTo(2L * perThread);
            assertThat(site.get("holdNanos").get("count").asLong()).isEqualTo(2L * perThread);
        } finally {
            target.destroyForcibly();
        }
    }
}
