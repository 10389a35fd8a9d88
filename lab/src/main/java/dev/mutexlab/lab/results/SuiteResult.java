package dev.mutexlab.lab.results;

import dev.mutexlab.lab.stats.Spread;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code mutexlab suite} writes ({@value #SCHEMA}, documented in docs/results-schema.md): every
 * measured run, grouped by child JVM, the A-vs-B comparisons computed from them, and every lock's
 * verdict against the first.
 *
 * @param verdicts every lock's ns/op against the first lock's, per group and benchmark, ratio taken
 *                 within each repetition, with interval and verdict (1.1; null in older files, where
 *                 the table and {@code compare} recompute them)
 */
public record SuiteResult(String schema, String command, String createdAt, Machine machine, Config config,
                          List<Group> groups, List<Comparison> comparisons, List<VerdictRow> verdicts) implements Result {
    public static final String SCHEMA = "mutexlab.suite/1.1";
    /** The version before the verdicts, still read. */
    public static final String SCHEMA_1_0 = "mutexlab.suite/1";

    /** A result without verdicts (they are added once every run is in: {@link #withVerdicts}). */
    public SuiteResult(String schema, String command, String createdAt, Machine machine, Config config, List<Group> groups,
                       List<Comparison> comparisons) {
        this(schema, command, createdAt, machine, config, groups, comparisons, null);
    }

    /** The same result with {@code rows} as its verdicts. */
    public SuiteResult withVerdicts(List<VerdictRow> rows) {
        return new SuiteResult(schema, command, createdAt, machine, config, groups, comparisons, rows);
    }

    /** The options, as given. */
    public record Config(List<String> locks, List<String> threads, List<Integer> procs, List<String> benchmarks,
                         String benchtime, int count) {
    }

    /** One child JVM: one thread kind on P processors. */
    public record Group(String threads, int procs, String enforcement, double busyStepsPerNano,
                       List<Measurement> measurements) {
    }

    /** One reported run (Go's result line): b.N and wall time. */
    public record Measurement(String benchmark, String lock, int rep, long n, long nanos, double nsPerOp) {
    }

    /** One lock against the first ({@code base}) for one benchmark at one P, over {@code count} runs each. */
    public record Comparison(String threads, String benchmark, int procs, String base, String lock,
                             Spread baseNsPerOp, Spread nsPerOp, double deltaPercent, double p, int n) {
    }

    /**
     * The runs of {@code bench} by lock number {@code index} of {@code locks} in {@code g}, in
     * repetition order. A lock listed twice (the A/A control) is told apart by its place: the child
     * runs the benchmarks in {@code benchmarks} order within each repetition, every lock once per
     * benchmark in an order rotated by one each time (turn t = rep × benchmarks + the benchmark's
     * number; position k is lock (k + t) mod n), and a group keeps its runs in the order they were
     * measured. A run whose place does not name its lock (a file edited by hand) goes to the first
     * entry of that name.
     */
    public static List<Measurement> runsOf(Group g, List<String> locks, List<String> benchmarks, String bench, int index) {
        int n = locks.size();
        int b = benchmarks.indexOf(bench);
        if (n == 0) {
            return List.of();
        }
        Map<Integer, Integer> position = new HashMap<>();
        List<Measurement> out = new ArrayList<>();
        for (Measurement m : g.measurements()) {
            if (!m.benchmark().equals(bench)) {
                continue;
            }
            int k = position.merge(m.rep(), 1, Integer::sum) - 1;
            int at = b < 0 ? -1 : Math.floorMod(k + m.rep() * benchmarks.size() + b, n);
            int owner = at >= 0 && locks.get(at).equals(m.lock()) ? at : locks.indexOf(m.lock());
            if (owner == index) {
                out.add(m);
            }
        }
        out.sort(java.util.Comparator.comparingInt(Measurement::rep));
        return out;
    }
}
