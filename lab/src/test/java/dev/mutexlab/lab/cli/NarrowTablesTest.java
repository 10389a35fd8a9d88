package dev.mutexlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.Main;
import dev.mutexlab.lab.compare.Columns;
import dev.mutexlab.lab.compare.CompareTable;
import dev.mutexlab.lab.compare.Comparison;
import dev.mutexlab.lab.fairness.FairnessRunner;
import dev.mutexlab.lab.gobench.SuiteReport;
import dev.mutexlab.lab.jmh.JmhResult;
import dev.mutexlab.lab.jmh.UncontendedTable;
import dev.mutexlab.lab.real.Advice;
import dev.mutexlab.lab.real.LockEventsTable;
import dev.mutexlab.lab.results.GroupResult;
import dev.mutexlab.lab.results.LockResult;
import dev.mutexlab.lab.results.ProfileReport;
import dev.mutexlab.lab.results.RealResult;
import dev.mutexlab.lab.results.ResultFiles;
import dev.mutexlab.lab.results.RunResult;
import dev.mutexlab.lab.results.ShapeResult;
import dev.mutexlab.lab.results.SweepResult;
import dev.mutexlab.lab.runner.Progress;
import dev.mutexlab.lab.sweep.SweepTable;
import dev.mutexlab.lab.torture.TortureOutcome;
import dev.mutexlab.lab.torture.TortureReport;
import dev.mutexlab.lab.torture.TortureReportPrinter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every table the lab prints, rendered from a built result (nothing measured): within 100 columns by
 * default, and where it has a --wide form, that form wider (it holds the columns the default leaves out).
 * TableColumnsTest holds run's, apps' and real's tables alike.
 */
class NarrowTablesTest {
    /** A table printed with the given columns. */
    private record Table(String name, boolean hasWide, Function<Columns, String> text) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Arguments> tables() {
        ResultFiles.Loaded run = load("run-small.json");
        return Stream.of(
                wide("sweep with an A/A copy", (c, out) -> SweepTable.print(withAaCopy(load("sweep-small.json").sweep()), c, out)),
                wide("suite", (c, out) -> SuiteReport.printTable(SuiteReport.withVerdicts(load("suite-small.json").suite()), c, out)),
                wide("fairness", (c, out) -> FairnessRunner.print(FairnessRunner.withVerdicts(load("fairness-small.json").fairness()),
                        c, out)),
                wide("compare", (c, out) -> CompareTable.print("results/run-2026-01-01T00-00-00.json",
                        "results/run-2026-01-02T00-00-00.json", Comparison.of(run, run), c, out)),
                wide("profile's sites", (c, out) -> Advice.printSites(Advice.read(EverySchemaTest.resource("profile-small.json")),
                        "platform", c, out)),
                wide("a sampled profile's sites", (c, out) -> Advice.printSites(
                        Advice.read(EverySchemaTest.resource("profile-sampled.json")), "platform", c, out)),
                narrow("uncontended", out -> UncontendedTable.print(JmhResult.read(EverySchemaTest.resource("jmh-small.json")), out)),
                narrow("lock events", out -> LockEventsTable.print(lockEvents(), out)),
                narrow("torture", out -> TortureReportPrinter.print(torture(), out)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tables")
    void theDefaultTableFits100Columns(Table table) {
        String text = table.text().apply(Columns.DEFAULT);
        assertThat(text).isNotBlank();
        assertThat(text.lines()).allSatisfy(line -> assertThat(line.length()).as(line).isLessThanOrEqualTo(Columns.WIDTH));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tables")
    void wideShowsMoreThanTheDefault(Table table) {
        if (table.hasWide()) {
            assertThat(table.text().apply(Columns.WIDE).lines()).as("the wide table is wider")
                    .anySatisfy(line -> assertThat(line.length()).isGreaterThan(Columns.WIDTH));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"run", "sweep", "suite", "fairness", "apps", "real", "compare",
        "advise", "profile", "reproduce"})
    void everyCommandThatPrintsATableTakesWide(String command) {
        assertThat(Main.commandLine().getSubcommands().get(command).getCommandSpec().findOption("--wide")).as(command).isNotNull();
    }

    @Test
    void reproducesFindingsFit100Columns(@TempDir Path dir) {
        StringWriter out = new StringWriter();
        int status = Main.execute(new String[] {"reproduce", "--no-go", "--findings-only", "--out", dir.toString()},
                new PrintWriter(out, true), new PrintWriter(new StringWriter(), true));

        assertThat(status).isZero();
        assertThat(out.toString()).contains("source ");
        assertThat(out.toString().lines()).allSatisfy(line -> assertThat(line.length()).as(line).isLessThanOrEqualTo(Columns.WIDTH));
    }

    @Test
    void theProgressBarFits100ColumnsWithFiveDigitCountsAndALongLabel() {
        StringWriter err = new StringWriter();
        Progress progress = new Progress(new PrintWriter(err, true), 12_345, true);
        for (int i = 0; i < 12_345; i++) {
            progress.step("virtual P=16 W=4096 hold=100us outside=1.5ms go:threshold=never");
        }
        progress.more(9, "mutexlab: virtual P=16 W=4096 hold=100us outside=1.5ms: 8 undecided after 5 batches; adding"
                + " (--budget) " + "and a reason long enough to need a second line of its own, however wide");
        progress.finish();

        List<String> lines = Arrays.stream(err.toString().split("[\r\n]")).filter(l -> !l.isEmpty()).toList();
        assertThat(lines).hasSizeGreaterThan(3)
                .allSatisfy(line -> assertThat(line.length()).as(line).isLessThanOrEqualTo(Columns.WIDTH));
    }

    @Test
    void thePlanLineFits100Columns() {
        StringWriter err = new StringWriter();
        Planned.print("run", "270 measurements and 15 hiccup-meter windows", 154_000_000_000L, 120_000_000_000L, false,
                new PrintWriter(err, true));

        assertThat(err.toString()).contains("about 2 min 34 s").contains("at most 4 min 34 s");
        assertThat(err.toString().lines()).allSatisfy(line -> assertThat(line.length()).as(line).isLessThanOrEqualTo(Columns.WIDTH));
    }

    private static Arguments wide(String name, ThrowingWidePrint print) {
        return Arguments.of(new Table(name, true, columns -> render(out -> print.print(columns, out))));
    }

    private interface ThrowingWidePrint {
        void print(Columns columns, PrintWriter out) throws Exception;
    }

    private static Arguments narrow(String name, ThrowingPrint print) {
        return Arguments.of(new Table(name, false, columns -> render(print)));
    }

    private interface ThrowingPrint {
        void print(PrintWriter out) throws Exception;
    }

    private static String render(ThrowingPrint print) {
        StringWriter text = new StringWriter();
        try {
            print.print(new PrintWriter(text, true));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        return text.toString();
    }

    private static ResultFiles.Loaded load(String file) {
        try {
            return ResultFiles.load(EverySchemaTest.resource(file));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** The sweep as {@code --aa} measures it: the first lock again, last in every shape. */
    private static SweepResult withAaCopy(SweepResult s) {
        List<GroupResult> groups = new ArrayList<>();
        for (GroupResult g : s.groups()) {
            List<ShapeResult> shapes = new ArrayList<>();
            for (ShapeResult x : g.shapes()) {
                List<LockResult> locks = new ArrayList<>(x.locks());
                locks.add(x.locks().getFirst());
                shapes.add(new ShapeResult(x.threads(), x.procs(), x.workers(), x.holdNanos(), x.outsideNanos(),
                        x.ceilingPerSec(), locks, x.hiccups()));
            }
            groups.add(new GroupResult(g.threads(), g.procs(), g.enforcement(), g.busyStepsPerNano(), g.peakHeapBytes(), shapes));
        }
        RunResult.Config c = s.config();
        List<String> locks = new ArrayList<>(c.locks());
        locks.add(c.locks().getFirst());
        RunResult.Config aa = new RunResult.Config(locks, c.threads(), c.procs(), c.workers(), c.holdNanos(), c.outside(),
                c.durationNanos(), c.warmupNanos(), c.runs(), c.recordWaits());
        return new SweepResult(s.schema(), s.command(), s.createdAt(), s.machine(), aa, s.clipped(), s.sessions(), groups,
                s.summary());
    }

    /** lineup:stats in the longest workload's name, on many CPUs, with every policy at the end. */
    private static RealResult lockEvents() {
        Map<String, Long> events = Map.of("POLICY_TRIAL", 123_456L, "POLICY_SWITCH", 12_345L, "CONTENDED_ACQUIRE", 9_876_543L);
        Map<String, Integer> policies = new LinkedHashMap<>();
        policies.put("barge", 1234);
        policies.put("line", 567);
        policies.put("spin", 89);
        policies.put("handoff", 12);
        List<RealResult.Swap> swaps = new ArrayList<>();
        for (String workload : List.of("logback-rolling", "priority-queue")) {
            ProfileReport.RewriteSite site = new ProfileReport.RewriteSite("java.util.concurrent.PriorityBlockingQueue", "<init>",
                    275, "new", events, policies, 1L, 1L);
            swaps.add(RealResult.Swap.of(workload, "virtual", 16, "lineup:stats", 0,
                    new ProfileReport.Rewrites(List.of(site), List.of(), 1)));
        }
        return new RealResult(RealResult.SCHEMA, "", "", null, null, List.of(), swaps, List.of());
    }

    /** A failing lock with long names and messages, as a bad run prints it. */
    private static TortureReport torture() {
        Map<String, Long> faults = new LinkedHashMap<>();
        for (String f : List.of("long-hold", "stutter", "interrupt", "timeout", "cancel", "carrier-change", "park-spurious")) {
            faults.put(f, 123_456L);
        }
        Map<String, Long> failures = new LinkedHashMap<>();
        failures.put("mutual-exclusion", 3L);
        failures.put("lost-wakeup", 12L);
        failures.put("stuck", 1L);
        TortureOutcome outcome = new TortureOutcome("go:threshold=never", "virtual", 64, 10_000_000_000L, 123_456_789_012L,
                9_876_543_210L, 1_234_567L, true, Map.of(), faults, failures,
                List.of("writer 17 held the lock while writer 42 held it too, at acquisition 123456789 of"
                        + " 987654321, the owner field read 0 where 17 was expected and the counter went back by 2"),
                "carriers varied 1..16 every 250ms (jdk.virtualThreadScheduler.parallelism set per run)", List.of(),
                TortureOutcome.FAILURE);
        return new TortureReport(TortureReport.SCHEMA, "mutexlab torture", "2026-01-01T00:00:00Z", "25.0.1+8-LTS-27", 192,
                10_000_000_000L, 64, "virtual", 10_000_000L, 5_000_000_000L, 30_000_000_000L, 1, List.of(outcome),
                TortureOutcome.FAILURE);
    }
}
