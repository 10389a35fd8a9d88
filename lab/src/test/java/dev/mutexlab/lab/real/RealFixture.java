package dev.mutexlab.lab.real;

import dev.mutexlab.lab.results.AppsResult;
import dev.mutexlab.lab.results.Machine;
import dev.mutexlab.lab.results.ProfileReport;
import dev.mutexlab.lab.results.RealResult;
import dev.mutexlab.lab.results.WaitSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds {@code real} results without measuring: cells of ops/s per batch and lock, in the rotated
 * order the runner measures, and profiled sites. A batch's ops/s are the given ones times a small,
 * fixed wobble, so that intervals are narrow and verdicts follow from the ratios given.
 */
final class RealFixture {
    static final Machine MACHINE = new Machine("test CPU", 2, "Linux", "25", "HotSpot");
    private static final double[] WOBBLE = {1.0, 1.004, 0.997, 1.002, 0.999, 1.003, 0.998, 1.001};

    private final List<String> locks;
    private final List<String> workloads = new ArrayList<>();
    private final Map<String, List<AppsResult.Sample>> samples = new LinkedHashMap<>();
    private final Map<String, int[]> groupKeys = new LinkedHashMap<>();
    private final List<RealResult.Profiled> profiles = new ArrayList<>();
    private final List<String> workersValues = new ArrayList<>();

    RealFixture(String... locks) {
        this.locks = List.of(locks);
    }

    /** A cell measured in {@code batches} batches, lock i at {@code opsPerSec[i]} (times the wobble). */
    RealFixture cell(String threads, int procs, int workers, String workload, int batches, double... opsPerSec) {
        return cellFailing(threads, procs, workers, workload, batches, -1, opsPerSec);
    }

    /** As {@link #cell}, with lock {@code failedLock} failing its check in batch 0 (-1: none fails). */
    RealFixture cellFailing(String threads, int procs, int workers, String workload, int batches, int failedLock,
                     double... opsPerSec) {
        if (!workloads.contains(workload)) {
            workloads.add(workload);
        }
        if (!workersValues.contains(Integer.toString(workers))) {
            workersValues.add(Integer.toString(workers));
        }
        String key = threads + " " + procs + " " + workers;
        groupKeys.putIfAbsent(key, new int[] {procs, workers});
        List<AppsResult.Sample> list = samples.computeIfAbsent(key, k -> new ArrayList<>());
        int n = locks.size();
        for (int run = 0; run < batches; run++) {
            for (int i = 0; i < n; i++) {
                double ops = opsPerSec[i] * WOBBLE[(run + 3 * i) % WOBBLE.length];
                String check = i == failedLock && run == 0 ? workload + " on " + locks.get(i) + ": not in place" : "ok";
                list.add(new AppsResult.Sample(workload, locks.get(i), run, Math.floorMod(i - run, n), (long) ops,
                        1_000_000_000L, ops, List.of((long) ops), WaitSummary.of(null), WaitSummary.of(null), 1000, 1,
                        1, check));
            }
        }
        return this;
    }

    /** A profiled cell with these sites, over a run of {@code durationNanos}. */
    RealFixture profile(String threads, int procs, int workers, String workload, long durationNanos,
                        ProfileReport.Site... sites) {
        ProfileReport report = new ProfileReport(ProfileReport.SCHEMA, "RealChild", "25", null, null, procs, 0, durationNanos,
                null, null, List.of(sites), List.of());
        profiles.add(new RealResult.Profiled(workload, threads, procs, "jdk", "ok", report, workers));
        return this;
    }

    RealResult build() {
        List<AppsResult.Group> groups = new ArrayList<>();
        samples.forEach((key, list) -> {
            int[] pw = groupKeys.get(key);
            groups.add(new AppsResult.Group(key.substring(0, key.indexOf(' ')), pw[0], "test", 0, List.copyOf(list), pw[1]));
        });
        List<String> threads = groups.stream().map(AppsResult.Group::threads).distinct().toList();
        List<Integer> procs = groups.stream().map(AppsResult.Group::procs).distinct().toList();
        int first = groups.isEmpty() ? 4 : groups.getFirst().workers();
        return new RealResult(RealResult.SCHEMA, "mutexlab real (test)", "2026-12-07T00:00:00Z", MACHINE,
                new RealResult.Config(locks, threads.isEmpty() ? List.of("platform") : threads,
                        procs.isEmpty() ? List.of(2) : procs, List.copyOf(workloads), first, 1000, 500_000_000L,
                        300_000_000L, 5, "jdk", null, 1, List.copyOf(workersValues)), groups, List.of(), List.copyOf(profiles));
    }

    /**
     * A site: {@code threads} threads took it, at most {@code maxWaiting} waited at once, their waits
     * adding up to {@code totalWaitNanos}; median hold {@code holdP50Nanos}; {@code contended} of
     * {@code acquisitions} waited.
     */
    static ProfileReport.Site site(String kind, String className, int line, long acquisitions, long contended, int threads,
                                   int maxWaiting, long holdP50Nanos, double totalWaitNanos) {
        ProfileReport.Distribution hold = new ProfileReport.Distribution(acquisitions, holdP50Nanos, holdP50Nanos,
                2 * holdP50Nanos, 4 * holdP50Nanos, 8 * holdP50Nanos, 10 * holdP50Nanos, List.of());
        ProfileReport.Distribution wait = contended == 0 ? ProfileReport.Distribution.EMPTY
                : new ProfileReport.Distribution(contended, totalWaitNanos / contended, 1, 1, 1, 1, 1, List.of());
        String simple = className.substring(className.lastIndexOf('.') + 1);
        return new ProfileReport.Site(className + ".<init>(" + simple + ".java:" + line + ")", className, "<init>", line,
                "java.util.concurrent.locks.ReentrantLock", 1, acquisitions, acquisitions, contended, 0, 0, threads,
                maxWaiting, hold, wait, ProfileReport.Distribution.EMPTY, 0, ProfileReport.Distribution.EMPTY, kind);
    }
}
