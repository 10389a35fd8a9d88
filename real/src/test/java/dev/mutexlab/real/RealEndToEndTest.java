package dev.mutexlab.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.Main;
import dev.mutexlab.lab.real.Jars;
import dev.mutexlab.lab.real.RealWorkloads;
import dev.mutexlab.lab.results.AppsResult;
import dev.mutexlab.lab.results.RealResult;
import dev.mutexlab.lab.results.ResultFiles;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mutexlab real} end to end, through the CLI, with child JVMs on this module's class path: a
 * small plan on the program's own lock (no agent needed), the same with its A/A copy and an adaptive
 * round, and — with the agent jar built — the same with a lock swapped in and the profile pass,
 * checking that the swap happened and the profile has the workload's lock sites.
 */
class RealEndToEndTest {
    /** The agent jar, where the reactor builds it. */
    static final Path AGENT = Path.of("../agent/target/mutexlab-agent.jar").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    @BeforeAll
    static void childrenRunOnThisClassPath() {
        System.setProperty(Jars.REAL_CLASSPATH_PROPERTY, System.getProperty("java.class.path"));
        System.setProperty(Jars.AGENT_PROPERTY, AGENT.toString());
    }

    record Run(int exit, String out, String err) {
    }

    static Run cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(exit, out.toString(), err.toString());
    }

    @Test
    void labAndModuleNameTheSameWorkloads() {
        assertThat(RealWorkload.names()).isEqualTo(RealWorkloads.NAMES);
    }

    @Test
    @Timeout(300)
    void theProgramsOwnLockRunsWithoutTheAgent() throws Exception {
        Path out = dir.resolve("real.json");
        Run r = cli("real", "--locks", "jdk", "--profile-lock", "none", "--workloads", "queue,pool", "--threads",
                "platform,virtual", "--procs", "1", "--runs", "1", "--duration", "100ms", "--warmup", "50ms", "--out",
                out.toString());

        assertThat(r.exit()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("queue").contains("pool").contains("Census");
        RealResult result = ResultFiles.load(out).real();
        List<AppsResult.Sample> samples = result.groups().stream().flatMap(g -> g.samples().stream()).toList();
        assertThat(samples).hasSize(4).allSatisfy(s -> {
            assertThat(s.check()).isEqualTo(AppsResult.Sample.OK);
            assertThat(s.opsPerSec()).isPositive();
        });
        assertThat(result.swaps()).isEmpty();
        assertThat(result.profiles()).isEmpty();
    }

    @Test
    @Timeout(300)
    void theAaCopyAndAnAdaptiveRoundRunWithoutTheAgentOnTheProgramsOwnLock() throws Exception {
        Path out = dir.resolve("real.json");
        // a round of 2 batches on jdk and its copy is estimated at 4 x (1.2 s + 100 ms + 150 ms) = 5.8 s: the
        // first fits 7 s; it takes its 4 JVM starts and windows, more than the 1.2 s a second round would need
        Run r = cli("real", "--quick", "--aa", "--budget", "7s", "--locks", "jdk", "--profile-lock", "none",
                "--workloads", "queue", "--procs", "1", "--out", out.toString());

        assertThat(r.exit()).as(r.out() + r.err()).isZero();
        // stderr lines wrap at 100 columns, their continuations indented: read them as one paragraph
        String err = r.err().replaceAll("\\R +", " ");
        assertThat(err).contains("round 1: 2 more batches in fresh child JVMs for 1 undecided workload(s)")
                .contains("adaptive replication stopped: 1 workload(s) with undecided cells left: the --budget is spent");
        assertThat(r.out()).contains("jdk (A/A)");
        RealResult result = ResultFiles.load(out).real();
        assertThat(result.config().locks()).containsExactly("jdk", "jdk");
        assertThat(result.config().agent()).as("no child needed the agent").isNull();
        assertThat(result.swaps()).isEmpty();
        List<AppsResult.Sample> samples = result.groups().getFirst().samples();
        // the planned batch 0, then batches 1 and 2 of the round; each batch has both copies, one per rotated position
        assertThat(samples).hasSize(6).allSatisfy(s -> assertThat(s.checkPassed()).isTrue());
        assertThat(samples).extracting(s -> s.run() + ":" + AppsResult.lockIndex(s, 2))
                .containsExactlyInAnyOrder("0:0", "0:1", "1:0", "1:1", "2:0", "2:1");
        assertThat(result.verdicts()).filteredOn(v -> v.metric().equals("ops/s")).singleElement().satisfies(v -> {
            assertThat(v.aa()).isTrue();
            assertThat(v.verdict().n()).isEqualTo(3);
        });
    }

    @Test
    @Timeout(300)
    void theProgramsOwnLockRunsProfiledBesideItself() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isRegularFile(AGENT), "the agent jar is built");
        Path out = dir.resolve("real.json");
        Run r = cli("real", "--locks", "jdk,jdk+profile", "--profile-lock", "none", "--workloads", "queue", "--threads",
                "platform", "--procs", "1", "--runs", "1", "--duration", "100ms", "--warmup", "50ms", "--out",
                out.toString());

        assertThat(r.exit()).as(r.out() + r.err()).isZero();
        RealResult result = ResultFiles.load(out).real();
        assertThat(result.groups().getFirst().samples()).extracting(AppsResult.Sample::lock)
                .containsExactlyInAnyOrder("jdk", "jdk+profile");
        assertThat(result.groups().getFirst().samples()).allSatisfy(s -> assertThat(s.checkPassed()).isTrue());
        assertThat(result.swaps()).singleElement().satisfies(s -> {
            assertThat(s.lock()).isEqualTo("jdk+profile");
            assertThat(s.instances()).as("locks made under the profile").isPositive();
        });
        assertThat(r.out()).contains("jdk+profile");
    }

    @Test
    @Timeout(600)
    void swappedLocksAndTheProfilePassEndToEnd() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isRegularFile(AGENT), "the agent jar is built");
        Path out = dir.resolve("real.json");
        Run r = cli("real", "--locks", "jdk,lineup", "--workloads", "queue,pool", "--threads", "platform", "--procs", "2",
                "--runs", "1", "--duration", "100ms", "--warmup", "50ms", "--out", out.toString());

        assertThat(r.exit()).as(r.out() + r.err()).isZero();
        RealResult result = ResultFiles.load(out).real();
        assertThat(result.groups().getFirst().samples()).hasSize(4).allSatisfy(s -> assertThat(s.checkPassed()).isTrue());
        assertThat(result.swaps()).hasSize(2).allSatisfy(s -> {
            assertThat(s.lock()).isEqualTo("lineup");
            assertThat(s.instances()).as("locks the swapped code created").isPositive();
        });
        assertThat(result.profiles()).hasSize(2).allSatisfy(p -> {
            assertThat(p.profile().sites()).as("%s's sites", p.workload()).isNotEmpty();
            assertThat(p.profile().sites()).anySatisfy(site -> assertThat(site.holdNanos().count()).isPositive());
        });
        assertThat(result.profiles().stream().filter(p -> p.workload().equals("queue")).findFirst().orElseThrow()
                .profile().sites()).anySatisfy(site -> assertThat(site.site()).contains("ArrayBlockingQueue"));
        assertThat(r.out()).contains("Census").contains("ArrayBlockingQueue");
    }

    @Test
    @Timeout(300)
    void profileThenAdviseAProgram() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isRegularFile(AGENT), "the agent jar is built");
        Path task = dir.resolve("task.json");
        dev.mutexlab.lab.results.ResultIO.writeJson(task, new dev.mutexlab.lab.real.RealTask("queue", "jdk", "platform", 2, 4,
                1000, 50_000_000L, 200_000_000L, 1, 0, 0));
        Path profile = dir.resolve("profile.json");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Run p = cli("profile", "--out", profile.toString(), "--", java, "-cp", System.getProperty("java.class.path"),
                RealChild.class.getName(), task.toString(), dir.resolve("sample.json").toString());

        assertThat(p.exit()).as(p.err()).isZero();
        assertThat(p.out()).contains("ArrayBlockingQueue").contains("Next: ./mutexlab advise " + profile)
                .contains("-javaagent:" + AGENT + "=lock=SPEC");
        Run a = cli("advise", profile.toString());
        assertThat(a.exit()).as(a.err()).isZero();
        assertThat(a.out()).containsAnyOf("1. java.util.concurrent.ArrayBlockingQueue", "No lock in this program is contended");
    }

    @Test
    @Timeout(120)
    void aLockThatCannotBeSwappedInIsOneLineBeforeAnythingRuns() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isRegularFile(AGENT), "the agent jar is built");
        Path out = dir.resolve("real.json");
        // a lab lock that is no library spec: the lab takes it, the agent cannot swap it in
        Run r = cli("real", "--locks", "jdk,synchronized", "--workloads", "queue", "--threads", "platform", "--procs", "1",
                "--runs", "1", "--duration", "100ms", "--out", out.toString());

        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(r.err()).contains("'synchronized' is not a library lock spec");
        assertThat(Files.exists(out)).isFalse();
    }
}
