package dev.mutexlab.lab.real;

import dev.mutexlab.lab.compare.Columns;
import dev.mutexlab.lab.results.RealResult;
import dev.mutexlab.lab.stats.Metrics;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the swapped locks did in a {@code real} run, for the specs that record statistics
 * ({@code --locks lineup:stats}): per (thread kind, P, workload, lock), the waiting policy
 * {@code lineup}'s locks ran at the end of each sample (added up over the batches), and the median
 * per sample of its chooser's trials and switches and of the contended acquisitions. The agent
 * reads the counters of every swapped lock still reachable when the program exits
 * ({@code docs/agent.md}, "Lock events"). Prints nothing when no spec recorded statistics. Every line
 * keeps to 100 columns: the policies come last and wrap under their column.
 */
public final class LockEventsTable {

    private LockEventsTable() {
    }

    private record Cell(String threads, int procs, String workload, String lock) {
    }

    /** Prints the table after the samples' table, or nothing. */
    public static void print(RealResult r, PrintWriter out) {
        Map<Cell, List<RealResult.Swap>> cells = new LinkedHashMap<>();
        for (RealResult.Swap s : r.swaps() == null ? List.<RealResult.Swap>of() : r.swaps()) {
            if (s.lockEvents() != null) {
                cells.computeIfAbsent(new Cell(s.threads(), s.procs(), s.workload(), s.lock()), k -> new ArrayList<>()).add(s);
            }
        }
        if (cells.isEmpty()) {
            return;
        }
        out.println();
        Columns.printWrapped("Lock events of the specs that record statistics (per sample, the swapped locks' counts at its"
                + " end; median over samples):", "  ", out);
        int workloadWidth = Math.max(8, cells.keySet().stream().mapToInt(c -> c.workload().length()).max().orElse(0));
        int lockWidth = Math.max(4, cells.keySet().stream().mapToInt(c -> c.lock().length()).max().orElse(0));
        String head = "%-8s %3s  %-" + workloadWidth + "s %-" + lockWidth + "s %7s %9s %10s  %s";
        String row = "%-8s %3d  %-" + workloadWidth + "s %-" + lockWidth + "s %7.0f %9.0f %10.0f  %s";
        out.println(String.format(Locale.ROOT, head, "threads", "P", "workload", "lock", "trials", "switches", "contended",
                "policy at the end (locks)"));
        String indent = " ".repeat(String.format(Locale.ROOT, head, "", "", "", "", "", "", "", "").length());
        for (Map.Entry<Cell, List<RealResult.Swap>> e : cells.entrySet()) {
            Cell c = e.getKey();
            List<RealResult.Swap> samples = e.getValue();
            // the policies last: a long list wraps under its column, the row keeps to 100 columns
            Columns.printWrapped(String.format(Locale.ROOT, row, c.threads(), c.procs(), c.workload(), c.lock(),
                    median(samples, "POLICY_TRIAL"), median(samples, "POLICY_SWITCH"), median(samples, "CONTENDED_ACQUIRE"),
                    policies(samples)), indent, out);
        }
    }

    /** "barge 3, line 2": how many locks ran each policy at their sample's end, over the samples; "-" for none. */
    static String policies(List<RealResult.Swap> samples) {
        Map<String, Integer> total = new TreeMap<>();
        for (RealResult.Swap s : samples) {
            if (s.policies() != null) {
                s.policies().forEach((policy, n) -> total.merge(policy, n, Integer::sum));
            }
        }
        if (total.isEmpty()) {
            return "-";
        }
        List<String> parts = new ArrayList<>();
        total.forEach((policy, n) -> parts.add(policy + " " + n));
        return String.join(", ", parts);
    }

    private static double median(List<RealResult.Swap> samples, String event) {
        return Metrics.median(samples.stream().mapToDouble(s -> s.lockEvents().getOrDefault(event, 0L)).toArray());
    }
}
