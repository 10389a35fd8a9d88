package dev.mutexlab.lab.compare;

import dev.mutexlab.lab.config.Shape;
import dev.mutexlab.lab.results.AppsResult;
import dev.mutexlab.lab.results.FairnessResult;
import dev.mutexlab.lab.results.GroupResult;
import dev.mutexlab.lab.results.LockResult;
import dev.mutexlab.lab.results.Noise;
import dev.mutexlab.lab.results.ResultFiles;
import dev.mutexlab.lab.results.Sample;
import dev.mutexlab.lab.results.ShapeResult;
import dev.mutexlab.lab.results.SuiteResult;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/** The {@link Figure}s of a result file of every schema the lab writes: run, sweep, suite, fairness, apps. */
public final class Figures {
    private Figures() {
    }

    /** Every figure of {@code file}, in file order. */
    public static List<Figure> of(ResultFiles.Loaded file) {
        if (file.suite() != null) {
            return ofSuite(file.suite());
        }
        if (file.fairness() != null) {
            return ofFairness(file.fairness());
        }
        if (file.apps() != null) {
            return ofApps(file.apps());
        }
        return ofShapes(file.groups());
    }

    /** Throughput of every (shape, lock) of a run or a sweep. */
    public static List<Figure> ofShapes(List<GroupResult> groups) {
        List<Figure> list = new ArrayList<>();
        for (GroupResult g : groups) {
            for (ShapeResult s : g.shapes()) {
                for (LockResult l : s.locks()) {
                    list.add(new Figure(g.threads() + " P=" + g.procs(), Shape.describe(s), l.spec(), Figure.Metric.THROUGHPUT,
                            l.runs().stream().mapToDouble(Sample::throughputPerSec).toArray(),
                            l.runs().stream().mapToInt(Sample::run).toArray(), null,
                            l.runs().stream().map(Sample::noise).toArray(Noise[]::new)));
                }
            }
        }
        return list;
    }

    /**
     * ns/op of every (group, benchmark, lock) of a suite, over its repetitions; a repetition is the
     * batch that pairs the locks (each ran every benchmark once per repetition, in rotated order).
     * A lock listed twice (the A/A control) gives two figures ({@link SuiteResult#runsOf}).
     */
    public static List<Figure> ofSuite(SuiteResult r) {
        List<Figure> list = new ArrayList<>();
        List<String> locks = r.config().locks();
        for (SuiteResult.Group g : r.groups()) {
            String group = g.threads() + " P=" + g.procs();
            for (String bench : r.config().benchmarks()) {
                for (int i = 0; i < locks.size(); i++) {
                    List<SuiteResult.Measurement> ms = SuiteResult.runsOf(g, locks, r.config().benchmarks(), bench, i);
                    if (ms.isEmpty()) {
                        continue;
                    }
                    list.add(new Figure(group, group + " " + bench, locks.get(i), Figure.Metric.NS_PER_OP,
                            ms.stream().mapToDouble(SuiteResult.Measurement::nsPerOp).toArray(),
                            ms.stream().mapToInt(SuiteResult.Measurement::rep).toArray()));
                }
            }
        }
        return list;
    }

    /**
     * ops/s, cost and deviance per op of every (group, lock) of a fairness test, over its runs; a
     * lock listed twice (the A/A control) gives two figures ({@link FairnessResult#samplesOf}).
     */
    public static List<Figure> ofFairness(FairnessResult r) {
        List<Figure> list = new ArrayList<>();
        for (FairnessResult.Group g : r.groups()) {
            String where = g.threads() + " P=" + g.procs() + " tasks=" + r.config().tasks();
            List<String> locks = r.config().locks();
            for (int i = 0; i < locks.size(); i++) {
                String lock = locks.get(i);
                List<FairnessResult.Sample> samples = FairnessResult.samplesOf(g, locks, i);
                if (samples.isEmpty()) {
                    continue;
                }
                list.add(fairness(g.threads() + " P=" + g.procs(), where, lock, Figure.Metric.OPS_PER_SEC, samples, FairnessResult.Sample::opsPerSec));
                list.add(fairness(g.threads() + " P=" + g.procs(), where, lock, Figure.Metric.COST_PER_OP, samples, FairnessResult.Sample::costMicros));
                list.add(fairness(g.threads() + " P=" + g.procs(), where, lock, Figure.Metric.DEVIANCE_PER_OP, samples, FairnessResult.Sample::devianceMicros));
            }
        }
        return list;
    }

    /** ops/s, p99 latency and CPU per op of every (group, workload, lock) of an apps result, over its batches. */
    public static List<Figure> ofApps(AppsResult r) {
        List<Figure> list = new ArrayList<>();
        for (AppsResult.Group g : r.groups()) {
            String group = appsGroup(r, g);
            for (String workload : r.config().workloads()) {
                for (int i = 0; i < r.config().locks().size(); i++) {
                    String lock = r.config().locks().get(i);
                    List<AppsResult.Sample> samples = appsSamples(r, g, workload, i);
                    if (samples.isEmpty()) {
                        continue;
                    }
                    String where = group + " " + workload;
                    int[] batches = samples.stream().mapToInt(AppsResult.Sample::run).toArray();
                    int[] jvms = samples.stream().mapToInt(AppsResult.Sample::jvmNumber).toArray();
                    list.add(new Figure(group, where, lock, Figure.Metric.OPS_PER_SEC,
                            samples.stream().mapToDouble(AppsResult.Sample::opsPerSec).toArray(), batches, jvms));
                    list.add(new Figure(group, where, lock, Figure.Metric.P99_LATENCY,
                            samples.stream().mapToDouble(s -> s.latency().p99Nanos() / 1e3).toArray(), batches, jvms));
                    list.add(new Figure(group, where, lock, Figure.Metric.CPU_PER_OP,
                            samples.stream().mapToDouble(AppsResult.Sample::cpuNanosPerOp).toArray(), batches, jvms));
                }
            }
        }
        return list;
    }

    /**
     * A group of an apps-shaped result as its figures name it: {@code platform P=2}, and {@code
     * platform P=2 W=8} where the groups of {@code r} drive the workloads with more than one count of
     * threads (a {@code real --workers 1x,4x} result), so that each count is a place of its own.
     */
    public static String appsGroup(AppsResult r, AppsResult.Group g) {
        boolean byWorkers = r.groups().stream().map(x -> x.workersOr(r.config().workers())).distinct().count() > 1;
        return appsGroup(g.threads(), g.procs(), g.workersOr(r.config().workers()), byWorkers);
    }

    /** {@code platform P=2}, with {@code W=8} added when {@code byWorkers}: see {@link #appsGroup(AppsResult, AppsResult.Group)}. */
    public static String appsGroup(String threads, int procs, int workers, boolean byWorkers) {
        return threads + " P=" + procs + (byWorkers ? " W=" + workers : "");
    }

    /**
     * The samples of lock number {@code index} of {@code --locks} on {@code workload}, in batch order;
     * a lock listed twice (the A/A control) is told apart by its place in the batch's rotated order.
     */
    public static List<AppsResult.Sample> appsSamples(AppsResult r, AppsResult.Group g, String workload, int index) {
        List<String> locks = r.config().locks();
        String lock = locks.get(index);
        boolean twice = locks.indexOf(lock) != locks.lastIndexOf(lock);
        return g.samples().stream()
                .filter(s -> s.workload().equals(workload) && s.lock().equals(lock)
                        && (!twice || AppsResult.lockIndex(s, locks.size()) == index))
                .sorted(java.util.Comparator.comparingInt(AppsResult.Sample::run)).toList();
    }

    private static Figure fairness(String group, String where, String lock, Figure.Metric metric, List<FairnessResult.Sample> samples,
                                   ToDoubleFunction<FairnessResult.Sample> value) {
        return new Figure(group, where, lock, metric, samples.stream().mapToDouble(value).toArray(),
                samples.stream().mapToInt(FairnessResult.Sample::run).toArray());
    }
}
