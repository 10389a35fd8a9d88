package dev.mutexlab.lab.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.results.GroupResult;
import dev.mutexlab.lab.results.HiccupResult;
import dev.mutexlab.lab.results.HiccupSample;
import dev.mutexlab.lab.results.LockResult;
import dev.mutexlab.lab.results.Machine;
import dev.mutexlab.lab.results.ResultFiles;
import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.results.RunQueueDelay;
import dev.mutexlab.lab.results.RunResult;
import dev.mutexlab.lab.results.Sample;
import dev.mutexlab.lab.results.ShapeResult;
import dev.mutexlab.lab.results.WaitSummary;
import dev.mutexlab.lab.stats.Spread;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run table's instruments (run-queue delay, stall floor, lock events) and their JSON, new and old. */
class RunTableTest {
    @TempDir
    Path dir;

    private static final Spread ONE = new Spread(1, 1, 1);

    private static Sample sample(int run, Map<String, Long> events, RunQueueDelay runQueue) {
        return new Sample(run, 0, 1e5, 50_000, 500_000_000L, List.of(25_000L, 25_000L), new WaitSummary(1, 1, 1, 1, 1),
                1, 1.0, 1, 0, 0, events, 0, runQueue);
    }

    private static LockResult lock(String spec, Map<String, Long> events, RunQueueDelay runQueue) {
        List<Sample> runs = List.of(sample(0, events, runQueue), sample(1, events, runQueue));
        Spread mean = runQueue == null ? null : new Spread(runQueue.meanShare(), runQueue.meanShare(), runQueue.meanShare());
        Spread max = runQueue == null ? null : new Spread(runQueue.maxShare(), runQueue.maxShare(), runQueue.maxShare());
        return new LockResult(spec, runs, ONE, ONE, ONE, new WaitSummary(2, 1_000, 2_000, 3_000, 4_500_000), ONE, ONE,
                new Spread(0, 0, 0), mean, max);
    }

    static RunResult withInstruments() {
        HiccupSample window = new HiccupSample(0, 2, 500_000_000L, 3_600_000, 0.01, new WaitSummary(5, 20_000, 3_000_000,
                3_500_000, 3_600_000));
        HiccupResult perWorker = new HiccupResult(HiccupResult.LABEL, 4, HiccupResult.PER_WORKER,
                new Spread(8_100_000, 7_700_000, 10_500_000), new WaitSummary(9, 20_000, 8_000_000, 9_000_000, 10_500_000),
                new Spread(0.02, 0.01, 0.03), List.of(window));
        HiccupResult perCpu = new HiccupResult(HiccupResult.LABEL, 2, HiccupResult.PER_CPU,
                new Spread(3_900_000, 3_600_000, 4_100_000), new WaitSummary(5, 20_000, 3_000_000, 3_500_000, 4_100_000),
                new Spread(0.01, 0.01, 0.01), List.of(window));
        // lineup counted 1000 handoffs, 250 of them requested twice (an event the table does not show), 2000 wake-ups in 0.5 s
        LockResult lineup = lock("lineup", Map.of("HANDOFF", 1_000L, "HANDOFF_REQUEST", 250L,
                "WAKEUP", 2_000L), new RunQueueDelay(RunQueueDelay.WORKERS, 4, 0.021, 0.093));
        LockResult jdk = lock("jdk", Map.of(), new RunQueueDelay(RunQueueDelay.WORKERS, 4, 0.3, 0.5));
        ShapeResult shape = new ShapeResult("platform", 2, 4, 10_000, 10_000, 100_000, List.of(lineup, jdk),
                List.of(perWorker, perCpu));
        RunResult.Config config = new RunResult.Config(List.of("lineup", "jdk"), List.of("platform"), List.of(2),
                List.of(4), List.of(10_000L), "1x", 500_000_000L, 100_000_000L, 2, true);
        return new RunResult(RunResult.SCHEMA, "mutexlab run (synthetic)", "2026-01-01T00:00:00Z",
                new Machine("test", 2, "Linux", "25", "vm"), config,
                List.of(new GroupResult("platform", 2, "taskset", 1, 0, List.of(shape))));
    }

    /** withInstruments' run with line probes of {@code slowNanos} before the first batch's windows and {@code fastNanos} before the second's. */
    private static RunResult withLineProbes(double slowNanos, double fastNanos) {
        RunResult r = withInstruments();
        ShapeResult shape = r.groups().getFirst().shapes().getFirst();
        List<LockResult> locks = new java.util.ArrayList<>();
        for (LockResult lr : shape.locks()) {
            List<Sample> runs = new java.util.ArrayList<>();
            for (Sample x : lr.runs()) {
                double probe = x.run() == 0 ? slowNanos : fastNanos;
                runs.add(new Sample(x.run(), x.order(), x.throughputPerSec(), x.acquisitions(), x.wallNanos(), x.perWorker(),
                        x.waits(), x.jain(), x.maxMinRatio(), x.cpuPerWall(), x.voluntarySwitches(), x.involuntarySwitches(),
                        x.lockEvents(), x.starvationShare(), x.runQueue(),
                        dev.mutexlab.lab.results.Noise.of(0, 0, 0, 0, 0, x.wallNanos()).withLineRoundTrip(probe, probe)));
            }
            locks.add(new LockResult(lr.spec(), runs, lr.throughput(), lr.utilization(), lr.ratio(), lr.waits(), lr.jain(),
                    lr.cpuPerWall(), lr.starvationShare(), lr.runQueueShare(), lr.runQueueMaxShare()));
        }
        ShapeResult probed = new ShapeResult(shape.threads(), shape.procs(), shape.workers(), shape.holdNanos(),
                shape.outsideNanos(), shape.ceilingPerSec(), locks, shape.hiccups());
        GroupResult g = r.groups().getFirst();
        return new RunResult(r.schema(), r.command(), r.createdAt(), r.machine(), r.config(),
                List.of(new GroupResult(g.threads(), g.procs(), g.enforcement(), g.busyStepsPerNano(), g.peakHeapBytes(),
                        List.of(probed))));
    }

    @Test
    void tableNamesTheLineProbesAndAMachineThatChangedSpeed() {
        String steady = table(withLineProbes(480, 470));
        assertThat(steady).contains("line round trip between two CPUs before each measurement: median")
                .contains("(470–480 over 4)").doesNotContain("changed speed");
        assertThat(table(withLineProbes(480, 300))).as("1.6x: one state").doesNotContain("changed speed");
        assertThat(table(withLineProbes(480, 150))).contains("the machine changed speed during this block");
        assertThat(table(withInstruments())).as("files without probes print no line").doesNotContain("line round trip");
    }

    /** The wide table, which holds the instruments, with the prose under it unwrapped. */
    private static String table(RunResult r) {
        StringWriter text = new StringWriter();
        RunTable.print(r, Columns.WIDE, new PrintWriter(text));
        return text.toString().replaceAll("\\s+", " ");
    }

    @Test
    void tableShowsRunQueueDelayStallFloorAndLockEvents() {
        String out = table(withInstruments());

        assertThat(out).contains("run-queue delay, share of the window workers were runnable but not running")
                .contains("2.1% / 9.3%").contains("30% / 50%")
                .contains("platform stall floor, (hiccup)")
                .contains("4 threads (one per worker) 8.1ms (7.7ms–11ms), p99.9 of stalls 9.0ms")
                .contains("2 threads (one per CPU) 3.9ms (3.6ms–4.1ms)")
                .contains("lineup: handoffs 2.0k, wake-ups 4.0k");
        assertThat(out).as("a lock that counts none of them gets no entry").doesNotContain("jdk: ");
    }

    @Test
    void verdictsSurviveTheJsonRoundTrip() {
        RunResult plain = withInstruments();
        RunResult r = plain.withVerdicts(CellVerdicts.rows(CellVerdicts.of(Figures.ofShapes(plain.groups()))));
        assertThat(r.verdicts()).isNotEmpty();
        Path file = dir.resolve("v.json");
        ResultIO.writeJson(file, r);

        RunResult back = ResultFiles.load(file).run();

        assertThat(back.verdicts()).isEqualTo(r.verdicts());
        assertThat(back.verdicts().getFirst().word()).startsWith("~ cannot tell (n=");
    }

    @Test
    void theTableShowsTheVerdictOfEveryRatio() {
        StringWriter text = new StringWriter();
        RunTable.print(withInstruments(), new PrintWriter(text));
        assertThat(text.toString()).contains("~? (n=").contains("cells decided").contains("no-effect band, platform P=2: ±5%")
                .contains("!n: n of the lock's batches disturbed");
        assertThat(RunTable.disturbedMark(0)).isEmpty();
        assertThat(RunTable.disturbedMark(2)).isEqualTo(" !2");
    }

    @Test
    void newFieldsSurviveTheJsonRoundTrip() {
        RunResult r = withInstruments();
        Path file = dir.resolve("r.json");
        ResultIO.writeJson(file, r);

        ResultFiles.Loaded back = ResultFiles.load(file);

        assertThat(back.schema()).isEqualTo(RunResult.SCHEMA);
        assertThat(back.run()).isEqualTo(r);
        ShapeResult s = back.run().groups().get(0).shapes().get(0);
        assertThat(s.hiccups().get(0).longestStall().median()).isEqualTo(8_100_000);
        assertThat(s.locks().get(0).runs().get(0).runQueue().maxShare()).isEqualTo(0.093);
        assertThat(s.locks().get(0).runs().get(0).lockEvents()).containsEntry("HANDOFF_REQUEST", 250L);
    }

    @Test
    void aVersionOneFileStillReadsAndPrintsWithoutTheNewLines() throws Exception {
        Path old = Path.of(RunTableTest.class.getResource("/results/run-small.json").toURI());

        ResultFiles.Loaded back = ResultFiles.load(old);

        assertThat(back.schema()).isEqualTo(RunResult.SCHEMA_1_0);
        ShapeResult s = back.run().groups().get(0).shapes().get(0);
        assertThat(s.hiccups()).isNull();
        assertThat(s.locks().get(0).runQueueShare()).isNull();
        assertThat(s.locks().get(0).runs().get(0).runQueue()).isNull();
        assertThat(table(back.run())).contains("wait to acquire").doesNotContain("run-queue delay")
                .doesNotContain("stall floor");
    }

    @Test
    void csvHasTheRunQueueColumns() {
        List<String> lines = RunTable.csv(withInstruments()).lines().toList();

        assertThat(lines.get(0)).endsWith(",run_queue_mean_share,run_queue_max_share");
        assertThat(lines.get(1)).endsWith(",0.0210,0.0930");
    }
}
