package dev.mutexlab.lab.compare;

import dev.mutexlab.lab.results.GroupResult;
import dev.mutexlab.lab.results.HiccupResult;
import dev.mutexlab.lab.results.LockResult;
import dev.mutexlab.lab.results.Noise;
import dev.mutexlab.lab.results.RunQueueDelay;
import dev.mutexlab.lab.results.RunResult;
import dev.mutexlab.lab.results.Sample;
import dev.mutexlab.lab.results.ShapeResult;
import dev.mutexlab.lab.stats.Metrics;
import dev.mutexlab.lab.stats.Spread;
import dev.mutexlab.locks.LockEvent;
import dev.mutexlab.locks.LockSpec;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Prints a run, one block per (threads, procs, workers). By default ({@link Columns#DEFAULT}, within
 * 100 columns however many locks) a row per hold and lock: throughput (median, k/s), share of the
 * ceiling, the ratio to the first lock within each batch with its interval and verdict, and the p99
 * of the wait to acquire. {@link Columns#WIDE} prints it as Go's starvation-mode experiment printed
 * its table: a row per hold, a column group per lock, then the tail of the wait to acquire (p99 / max)
 * and the fairness across workers, the workers' run-queue delay and the locks' handover events per
 * second. Both end with the platform's stall floor from the hiccup meter and the line probes. Also
 * writes the samples as CSV.
 */
public final class RunTable {
    /** The handover's events, in the order they are printed, with their short names. */
    private static final Map<LockEvent, String> HANDOVER_EVENTS = new LinkedHashMap<>();

    static {
        HANDOVER_EVENTS.put(LockEvent.HANDOFF, "handoffs");
        HANDOVER_EVENTS.put(LockEvent.WAKEUP, "wake-ups");
        HANDOVER_EVENTS.put(LockEvent.MADE_ROOM, "made room");
        HANDOVER_EVENTS.put(LockEvent.POLICY_SWITCH, "policy switches");
    }

    private RunTable() {
    }

    /** The default table: within {@link Columns#WIDTH} columns. */
    public static void print(RunResult result, PrintWriter out) {
        print(result, Columns.DEFAULT, out);
    }

    public static void print(RunResult result, Columns columns, PrintWriter out) {
        List<CellVerdicts.Cell> cells = CellVerdicts.of(Figures.ofShapes(result.groups()));
        for (GroupResult g : result.groups()) {
            Map<String, List<ShapeResult>> blocks = new LinkedHashMap<>();
            for (ShapeResult s : g.shapes()) {
                blocks.computeIfAbsent(s.workers() + "", k -> new ArrayList<>()).add(s);
            }
            for (List<ShapeResult> block : blocks.values()) {
                if (columns == Columns.WIDE) {
                    printBlock(g, block, cells, out);
                } else {
                    printRows(g, block, cells, out);
                }
            }
        }
        printLegend(cells, out);
        out.flush();
    }

    /**
     * What adaptive replication did, in one line: how many shapes got batches beyond the
     * {@code planned} ones, how many in all, and how many cells are still undecided.
     */
    public static String replicationSummary(RunResult result, int planned) {
        int shapes = 0;
        int extended = 0;
        long added = 0;
        for (GroupResult g : result.groups()) {
            for (ShapeResult s : g.shapes()) {
                shapes++;
                int batches = s.locks().isEmpty() ? 0 : s.locks().getFirst().runs().size();
                if (batches > planned) {
                    extended++;
                    added += batches - planned;
                }
            }
        }
        long undecided = result.verdicts() == null ? 0
                : result.verdicts().stream().filter(v -> !v.aa() && v.verdict().undecided()).count();
        long judged = result.verdicts() == null ? 0 : result.verdicts().stream().filter(v -> !v.aa()).count();
        return String.format(Locale.ROOT, "%d batch(es) added to %d of %d shapes (planned: %d each); %d of %d cells"
                + " still cannot tell", added, extended, shapes, planned, undecided, judged);
    }

    /** {@code " !2"}: two of the cell's batches were disturbed; empty for none. */
    public static String disturbedMark(long disturbed) {
        return disturbed == 0 ? "" : " !" + disturbed;
    }

    /**
     * What the verdicts mean, once under the tables: the interval, the band (per group, and per
     * metric where the cells have several; measured by an A/A control where there was one), and how
     * many cells were decided.
     */
    public static void printLegend(List<CellVerdicts.Cell> cells, PrintWriter out) {
        if (cells.isEmpty()) {
            return;
        }
        Map<String, String> bands = new LinkedHashMap<>();
        boolean metrics = cells.stream().map(c -> c.figure().metric()).distinct().count() > 1;
        // a band belongs to a group and a metric (CellVerdicts): name the metric where there are several;
        // the group's band is its other locks', an A/A cell's (the margin) only where it has no other
        for (CellVerdicts.Cell c : cells.stream().sorted(Comparator.comparing(CellVerdicts.Cell::aa)).toList()) {
            bands.putIfAbsent(c.figure().group() + (metrics ? ", " + c.figure().metric().label() : ""),
                    c.band().label() + " (" + c.band().text() + ")");
        }
        long decided = cells.stream().filter(c -> !c.aa() && !c.verdict().undecided()).count();
        long judged = cells.stream().filter(c -> !c.aa()).count();
        out.println();
        Columns.printWrapped(String.format("ratio × reference: median [bootstrap 95%% interval over batches] and verdict:"
                + " faster / slower = the interval lies beyond the no-effect band, ~ = within it, ~? = cannot tell (too few"
                + " batches, or the interval crosses the band's edge); %d of %d cells decided.", decided, judged), "", out);
        bands.forEach((group, band) -> Columns.printWrapped(String.format("  no-effect band, %s: %s", group, band), "    ", out));
        Columns.printWrapped(String.format(Locale.ROOT, "  !n: n of the lock's batches disturbed (steal > %.0f%%, other processes"
                        + " > %.0f%% of the machine's CPU, GC > %.0f%% or JIT > %.0f%% of the window, or the line probes around it"
                        + " more than %.0f× apart; the samples' \"noise\" in the result file says which)",
                Noise.MAX_STEAL_SHARE * 100, Noise.MAX_OTHER_CPU_SHARE * 100, Noise.MAX_GC_SHARE * 100, Noise.MAX_JIT_SHARE * 100,
                Noise.MAX_LINE_CHANGE), "    ", out);
        int otherState = cells.stream().mapToInt(CellVerdicts.Cell::otherState).sum();
        if (otherState > 0) {
            Columns.printWrapped(String.format(Locale.ROOT, "  %d batch ratio%s left out: the lock and the reference ran in"
                    + " different states of the machine (line probes more than %.0f× apart)", otherState,
                    otherState == 1 ? "" : "s", Noise.MAX_LINE_CHANGE), "    ", out);
        }
        List<CellVerdicts.Cell> aa = cells.stream().filter(CellVerdicts.Cell::aa).toList();
        if (!aa.isEmpty()) {
            long within = aa.stream().filter(c -> c.verdict().call() == dev.mutexlab.lab.stats.RatioVerdict.Call.WITHIN).count();
            out.printf("  A/A control: %d of %d cells within the band%n", within, aa.size());
        }
    }

    private static void printBlock(GroupResult g, List<ShapeResult> shapes, List<CellVerdicts.Cell> cells, PrintWriter out) {
        ShapeResult first = shapes.get(0);
        List<String> locks = first.locks().stream().map(LockResult::spec).toList();
        String baseline = locks.get(0);
        out.printf("%n%s threads, P=%d (%s), %d workers, outside work %s%n", g.threads(), g.procs(), g.enforcement(),
                first.workers(), outsideText(shapes));
        int w = Math.max(42, locks.stream().mapToInt(String::length).max().orElse(0) + 2);
        StringBuilder h1 = new StringBuilder(String.format("%-7s %-9s", "hold", "ceiling"));
        StringBuilder h2 = new StringBuilder(String.format("%-7s %-9s", "", "per sec"));
        for (int li = 0; li < locks.size(); li++) {
            String l = locks.get(li);
            h1.append(" | ").append(pad(li > 0 && l.equals(baseline) ? l + " (A/A)" : l, w));
            h2.append(" | ").append(pad("k/s   ceil  ×" + shortName(baseline), w));
        }
        out.println(h1);
        out.println(h2);
        for (ShapeResult s : shapes) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-7s %-9s",
                    LockSpec.formatDuration(Duration.ofNanos(s.holdNanos())), rate(s.ceilingPerSec())));
            List<CellVerdicts.Cell> here = CellVerdicts.at(cells, dev.mutexlab.lab.config.Shape.describe(s), Figure.Metric.THROUGHPUT);
            for (int li = 0; li < s.locks().size(); li++) {
                LockResult lr = s.locks().get(li);
                String ratio = ratioCell(li, lr, here);
                row.append(" | ").append(pad(String.format(Locale.ROOT, "%-5s %4s  %s", kilo(lr.throughput().median()),
                        percent(lr.utilization().median()), ratio), w));
            }
            out.println(row);
        }
        out.println("wait to acquire p99 / max, and fairness across workers (Jain's index, 1 = equal):");
        for (ShapeResult s : shapes) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-7s %-9s",
                    LockSpec.formatDuration(Duration.ofNanos(s.holdNanos())), ""));
            for (LockResult lr : s.locks()) {
                row.append(" | ").append(pad(String.format(Locale.ROOT, "%s / %s  J=%.2f",
                        micros(lr.waits().p99Nanos()), micros(lr.waits().maxNanos()), lr.jain().median()), w));
            }
            out.println(row);
        }
        printRunQueue(shapes, w, out);
        printStallFloor(shapes, out);
        printLineProbe(shapes, out);
        printLockEvents(shapes, out);
    }

    /** The default block: a row per hold and lock, the hold and its ceiling on the hold's first row. */
    private static void printRows(GroupResult g, List<ShapeResult> shapes, List<CellVerdicts.Cell> cells, PrintWriter out) {
        ShapeResult first = shapes.get(0);
        List<String> locks = first.locks().stream().map(LockResult::spec).toList();
        String baseline = locks.get(0);
        out.println();
        Columns.printWrapped(String.format("%s threads, P=%d (%s), %d workers, outside work %s", g.threads(), g.procs(),
                g.enforcement(), first.workers(), outsideText(shapes)), "  ", out);
        List<String> names = lockNames(locks);
        String format = "%-7s %-9s %-" + Math.max(4, names.stream().mapToInt(String::length).max().orElse(0)) + "s %-5s %4s  %-28s %s";
        out.println(String.format(Locale.ROOT, format, "hold", "ceiling/s", "lock", "k/s", "ceil", "×" + shortName(baseline),
                "wait p99"));
        for (ShapeResult s : shapes) {
            List<CellVerdicts.Cell> here = CellVerdicts.at(cells, dev.mutexlab.lab.config.Shape.describe(s), Figure.Metric.THROUGHPUT);
            for (int li = 0; li < s.locks().size(); li++) {
                LockResult lr = s.locks().get(li);
                out.println(String.format(Locale.ROOT, format,
                        li == 0 ? LockSpec.formatDuration(Duration.ofNanos(s.holdNanos())) : "",
                        li == 0 ? rate(s.ceilingPerSec()) : "", li < names.size() ? names.get(li) : lr.spec(),
                        kilo(lr.throughput().median()), percent(lr.utilization().median()), ratioCell(li, lr, here),
                        micros(lr.waits().p99Nanos())));
            }
        }
        printStallFloor(shapes, out);
        printLineProbe(shapes, out);
    }

    /** The locks as a table's rows name them: a copy of the first (the A/A control) marked {@code (A/A)}. */
    public static List<String> lockNames(List<String> locks) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < locks.size(); i++) {
            names.add(i > 0 && locks.get(i).equals(locks.get(0)) ? locks.get(i) + " (A/A)" : locks.get(i));
        }
        return names;
    }

    /** The ratio to the reference: its interval and verdict where there is one, and the disturbed batches. */
    private static String ratioCell(int li, LockResult lr, List<CellVerdicts.Cell> here) {
        return (li == 0 ? "1" : li - 1 < here.size() ? here.get(li - 1).verdict().cell(true) : ratio(lr.ratio()))
                + disturbedMark(lr.runs().stream().filter(Sample::disturbed).count());
    }

    /** Run-queue delay per lock and hold: mean / max share over the workers (carriers), median over batches. */
    private static void printRunQueue(List<ShapeResult> shapes, int w, PrintWriter out) {
        boolean any = shapes.stream().flatMap(s -> s.locks().stream()).anyMatch(l -> l.runQueueShare() != null);
        if (!any) {
            return;
        }
        String of = shapes.stream().flatMap(s -> s.locks().stream()).flatMap(l -> l.runs().stream())
                .map(Sample::runQueue).filter(Objects::nonNull).map(RunQueueDelay::of).findFirst().orElse(RunQueueDelay.WORKERS);
        out.println("run-queue delay, share of the window " + of + " were runnable but not running (mean / max over "
                + of + "):");
        for (ShapeResult s : shapes) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-7s %-9s",
                    LockSpec.formatDuration(Duration.ofNanos(s.holdNanos())), ""));
            for (LockResult lr : s.locks()) {
                String cell = lr.runQueueShare() == null ? "-" : share(lr.runQueueShare().median()) + " / "
                        + share(lr.runQueueMaxShare().median());
                row.append(" | ").append(pad(cell, w));
            }
            out.println(row);
        }
    }

    /** The hiccup meters of the block: the platform's stall floor beside the longest waits above. */
    private static void printStallFloor(List<ShapeResult> shapes, PrintWriter out) {
        List<String> parts = new ArrayList<>();
        for (ShapeResult s : shapes) {
            if (s.hiccups() == null) {
                continue;
            }
            for (HiccupResult h : s.hiccups()) {
                String per = HiccupResult.PER_CPU.equals(h.per()) ? "CPU" : h.per();
                parts.add(String.format(Locale.ROOT, "%d threads (one per %s) %s (%s–%s), p99.9 of stalls %s",
                        h.threads(), per, micros((long) h.longestStall().median()),
                        micros((long) h.longestStall().min()), micros((long) h.longestStall().max()),
                        micros(h.stalls().p999Nanos())));
            }
        }
        if (!parts.isEmpty()) {
            out.println("platform stall floor, " + HiccupResult.LABEL + " busy threads and no lock, longest stall (range over "
                    + "batches):");
            parts.forEach(part -> out.println("  " + part));
        }
    }

    /**
     * The line probes of the block (LineProbe: a cache line's round trip between two CPUs, before
     * each measurement): the machine's speed at handing a line over, which every lock's handover
     * follows. A spread of more than Noise.MAX_LINE_CHANGE means the machine changed state during
     * the block, and ratios between measurements taken in different states are not the locks'.
     */
    private static void printLineProbe(List<ShapeResult> shapes, PrintWriter out) {
        List<Double> probes = new ArrayList<>();
        for (ShapeResult s : shapes) {
            for (LockResult lr : s.locks()) {
                for (Sample sample : lr.runs()) {
                    if (sample.noise() != null && sample.noise().lineBeforeNanos() > 0) {
                        probes.add(sample.noise().lineBeforeNanos());
                    }
                }
            }
        }
        if (probes.isEmpty()) {
            return;
        }
        probes.sort(null);
        double min = probes.getFirst();
        double max = probes.getLast();
        Columns.printWrapped(String.format(Locale.ROOT,
                "line round trip between two CPUs before each measurement: median %.0f ns (%.0f–%.0f over %d)%s",
                probes.get(probes.size() / 2), min, max, probes.size(),
                max > Noise.MAX_LINE_CHANGE * min ? "; the machine changed speed during this block" : ""), "  ", out);
    }

    /** The events the handover is made of, per second (median over batches), for the locks that count them. */
    private static void printLockEvents(List<ShapeResult> shapes, PrintWriter out) {
        List<String> rows = new ArrayList<>();
        for (ShapeResult s : shapes) {
            List<String> cells = new ArrayList<>();
            for (LockResult lr : s.locks()) {
                List<String> counts = new ArrayList<>();
                for (Map.Entry<LockEvent, String> e : HANDOVER_EVENTS.entrySet()) {
                    double perSec = eventsPerSecond(lr, e.getKey().name());
                    if (!Double.isNaN(perSec)) {
                        counts.add(e.getValue() + " " + perSecond(perSec));
                    }
                }
                if (!counts.isEmpty()) {
                    cells.add(lr.spec() + ": " + String.join(", ", counts));
                }
            }
            if (!cells.isEmpty()) {
                rows.add(String.format(Locale.ROOT, "%-7s %s", LockSpec.formatDuration(Duration.ofNanos(s.holdNanos())),
                        String.join(" | ", cells)));
            }
        }
        if (!rows.isEmpty()) {
            out.println("lock events per second (median over batches; events a lock never counted are left out):");
            rows.forEach(out::println);
        }
    }

    /**
     * The median over batches of {@code event} per second of window, or NaN if no batch saw one (a
     * sample holds its non-zero counts only, so a lock that does not count an event never has it).
     */
    static double eventsPerSecond(LockResult lr, String event) {
        if (lr.runs().stream().noneMatch(x -> x.lockEvents() != null && x.lockEvents().containsKey(event))) {
            return Double.NaN;
        }
        double[] perSec = lr.runs().stream().mapToDouble(x -> x.wallNanos() <= 0 || x.lockEvents() == null ? 0
                : x.lockEvents().getOrDefault(event, 0L) * 1e9 / x.wallNanos()).toArray();
        return Metrics.spread(perSec).median();
    }

    /** Every sample as CSV, one row per (group, shape, lock, run). */
    public static String csv(RunResult result) {
        StringBuilder sb = new StringBuilder("threads,procs,workers,hold_ns,outside_ns,ceiling_per_s,lock,run,order,"
                + "throughput_per_s,ratio_median,acquisitions,wait_p50_ns,wait_p99_ns,wait_p999_ns,wait_max_ns,jain,"
                + "cpu_per_wall,voluntary_switches,involuntary_switches,starvation_share,run_queue_mean_share,"
                + "run_queue_max_share\n");
        for (GroupResult g : result.groups()) {
            for (ShapeResult s : g.shapes()) {
                for (LockResult lr : s.locks()) {
                    for (Sample x : lr.runs()) {
                        sb.append(String.format(Locale.ROOT, "%s,%d,%d,%d,%d,%.1f,%s,%d,%d,%.1f,%.4f,%d,%d,%d,%d,%d,%.4f,%.3f,%d,%d,%.4f,%s,%s%n",
                                s.threads(), s.procs(), s.workers(), s.holdNanos(), s.outsideNanos(), s.ceilingPerSec(),
                                csvField(lr.spec()), x.run(), x.order(), x.throughputPerSec(), lr.ratio().median(),
                                x.acquisitions(), x.waits().p50Nanos(), x.waits().p99Nanos(), x.waits().p999Nanos(),
                                x.waits().maxNanos(), x.jain(), x.cpuPerWall(), x.voluntarySwitches(),
                                x.involuntarySwitches(), x.starvationShare(),
                                x.runQueue() == null ? "" : String.format(Locale.ROOT, "%.4f", x.runQueue().meanShare()),
                                x.runQueue() == null ? "" : String.format(Locale.ROOT, "%.4f", x.runQueue().maxShare())));
                    }
                }
            }
        }
        return sb.toString();
    }

    private static String csvField(String s) {
        return s.contains(",") ? '"' + s + '"' : s;
    }

    private static String outsideText(List<ShapeResult> shapes) {
        ShapeResult s = shapes.get(0);
        boolean equal = shapes.stream().allMatch(x -> x.outsideNanos() == x.holdNanos());
        if (equal) {
            return "= hold";
        }
        boolean same = shapes.stream().allMatch(x -> x.outsideNanos() == s.outsideNanos());
        return same ? LockSpec.formatDuration(Duration.ofNanos(s.outsideNanos())) : "(varies with hold)";
    }

    private static String shortName(String spec) {
        return spec.length() > 10 ? spec.substring(0, 10) : spec;
    }

    public static String pad(String s, int w) {
        return s.length() >= w ? s.substring(0, w) : s + " ".repeat(w - s.length());
    }

    static String rate(double perSec) {
        if (perSec <= 0 || Double.isNaN(perSec)) {
            return "-";
        }
        return perSec >= 1e6 ? String.format(Locale.ROOT, "%.1fM", perSec / 1e6) : String.format(Locale.ROOT, "%.0fk", perSec / 1e3);
    }

    public static String kilo(double perSec) {
        return perSec >= 1e5 ? String.format(Locale.ROOT, "%.0f", perSec / 1e3) : String.format(Locale.ROOT, "%.1f", perSec / 1e3);
    }

    /** An event rate: {@code 12}, {@code 3.4k}, {@code 1.2M}. */
    static String perSecond(double perSec) {
        if (perSec >= 1e6) {
            return String.format(Locale.ROOT, "%.1fM", perSec / 1e6);
        }
        return perSec >= 1e3 ? String.format(Locale.ROOT, "%.1fk", perSec / 1e3) : String.format(Locale.ROOT, "%.0f", perSec);
    }

    static String share(double fraction) {
        if (Double.isNaN(fraction)) {
            return "-";
        }
        return fraction < 0.1 ? String.format(Locale.ROOT, "%.1f%%", fraction * 100) : String.format(Locale.ROOT, "%.0f%%", fraction * 100);
    }

    static String percent(double fraction) {
        return Double.isNaN(fraction) ? "-" : String.format(Locale.ROOT, "%.0f%%", fraction * 100);
    }

    public static String ratio(Spread r) {
        if (Double.isNaN(r.median())) {
            return "-";
        }
        if (r.min() == r.max()) {
            return String.format(Locale.ROOT, "%.2f", r.median());
        }
        return String.format(Locale.ROOT, "%.2f (%.2f–%.2f)", r.median(), r.min(), r.max());
    }

    public static String micros(long nanos) {
        if (nanos >= 10_000_000) {
            return String.format(Locale.ROOT, "%.0fms", nanos / 1e6);
        }
        if (nanos >= 1_000_000) {
            return String.format(Locale.ROOT, "%.1fms", nanos / 1e6);
        }
        return nanos >= 10_000 ? String.format(Locale.ROOT, "%.0fus", nanos / 1e3)
                : String.format(Locale.ROOT, "%.1fus", nanos / 1e3);
    }
}
