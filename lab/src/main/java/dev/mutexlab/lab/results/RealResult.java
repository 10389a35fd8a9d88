package dev.mutexlab.lab.results;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What {@code mutexlab real} writes ({@value #SCHEMA}, documented in docs/results-schema.md):
 * third-party libraries driven by workloads, with each lock swapped in by the agent, one sample per
 * (workload, lock, thread kind, P, batch) — each from a child JVM of its own — and, from a separate
 * pass with the agent's profiler, the lock sites of each (workload, thread kind, P).
 *
 * @param groups   one per (thread kind, procs); samples as {@code mutexlab apps} has them (the wait
 *                 summary is empty: the library's lock waits are the profile's to measure)
 * @param swaps    per sample run with a swapped lock, what the agent reported it rewrote: the proof the
 *                 library ran on the lock the sample names
 * @param profiles one per (workload, thread kind, procs) of the profile pass
 * @param verdicts every lock's ops/s, p99 latency and CPU per op against the first lock's, per (group,
 *                 workload), as {@code mutexlab apps} records them (1.1; null in older files, where the
 *                 table and {@code compare} recompute them)
 */
public record RealResult(String schema, String command, String createdAt, Machine machine, Config config,
                         List<AppsResult.Group> groups, List<Swap> swaps, List<Profiled> profiles,
                         List<VerdictRow> verdicts) implements Result {
    public static final String SCHEMA = "mutexlab.real/1.1";
    /** The version before the verdicts, still read. */
    public static final String SCHEMA_1_0 = "mutexlab.real/1";

    /** A result without verdicts (they are added once every batch is in: {@link #withVerdicts}). */
    public RealResult(String schema, String command, String createdAt, Machine machine, Config config,
                      List<AppsResult.Group> groups, List<Swap> swaps, List<Profiled> profiles) {
        this(schema, command, createdAt, machine, config, groups, swaps, profiles, null);
    }

    /**
     * The JDK the child JVMs ran on: the profile pass's report says it (version, vendor, home); without
     * one, the machine's JDK, which is the lab's own and so the children's (they run its {@code java}).
     */
    public String childJdk() {
        return (profiles == null ? List.<Profiled>of() : profiles).stream().map(Profiled::profile)
                .filter(p -> p != null && p.javaVersion() != null && !p.javaVersion().isBlank()).findFirst()
                .map(ProfileReport::jdk)
                .orElseGet(() -> machine == null || machine.jdk() == null ? "unknown" : machine.jdk() + " (the lab's own)");
    }

    /** The same result with {@code rows} as its verdicts. */
    public RealResult withVerdicts(List<VerdictRow> rows) {
        return new RealResult(schema, command, createdAt, machine, config, groups, swaps, profiles, rows);
    }

    /**
     * The configuration as it appears in the file.
     *
     * @param workers       threads driving each workload: the first of {@code workersValues} at the first P
     * @param outsideNanos  busy work per operation outside the library
     * @param profileLock   the lock the profile pass ran on ({@code jdk}: the program's own)
     * @param agent         the agent jar's path
     * @param seed          the workloads' seed
     * @param workersValues each value of {@code --workers} as given: a count ({@code 8}) or a multiple of
     *                      the group's CPUs ({@code 4x}); each is a dimension of the run, and each group
     *                      records the count it ran ({@link AppsResult.Group#workers}); null in files
     *                      that measured one count, {@code workers}
     */
    public record Config(List<String> locks, List<String> threads, List<Integer> procs, List<String> workloads,
                         int workers, long outsideNanos, long durationNanos, long warmupNanos, int runs,
                         String profileLock, String agent, long seed, List<String> workersValues) {
        /** A configuration with one count of workers. */
        public Config(List<String> locks, List<String> threads, List<Integer> procs, List<String> workloads,
                      int workers, long outsideNanos, long durationNanos, long warmupNanos, int runs,
                      String profileLock, String agent, long seed) {
            this(locks, threads, procs, workloads, workers, outsideNanos, durationNanos, warmupNanos, runs, profileLock,
                    agent, seed, null);
        }
    }

    /**
     * One workload's profile: the agent's report of the child that ran it (null when the pass was
     * skipped or the child wrote none), and the workload's check in that run.
     *
     * @param workers the threads that drove it; null in files that measured one count (the configuration's)
     */
    public record Profiled(String workload, String threads, int procs, String lock, String check,
                           ProfileReport profile, Integer workers) {
        /** A profile of the configuration's one count of workers. */
        public Profiled(String workload, String threads, int procs, String lock, String check, ProfileReport profile) {
            this(workload, threads, procs, lock, check, profile, null);
        }

        /** The threads that drove it: {@code workers}, or {@code configured} where the file does not say. */
        public int workersOr(int configured) {
            return workers == null ? configured : workers;
        }
    }

    /**
     * What the agent swapped in one sample's JVM.
     *
     * @param sites     allocation sites rewritten
     * @param instances locks the rewritten code created
     * @param skipped   classes left as they were (loaded before the agent, excluded, fair, failed)
     * @param lockEvents the swapped locks' lock events over every site, when the spec records
     *                  statistics ({@code lineup:stats}); null otherwise (and in older files)
     * @param policies  of those locks, how many ran each {@code lineup} policy at the sample's end; null
     *                  when none is a lineup lock or statistics are off
     * @param workers   the threads that drove the workload; null in files that measured one count (the
     *                  configuration's)
     */
    public record Swap(String workload, String threads, int procs, String lock, int run, int sites, long instances,
                       int skipped, Map<String, Long> lockEvents, Map<String, Integer> policies, Integer workers) {
        /** A swap of the configuration's one count of workers. */
        public Swap(String workload, String threads, int procs, String lock, int run, int sites, long instances,
                    int skipped, Map<String, Long> lockEvents, Map<String, Integer> policies) {
            this(workload, threads, procs, lock, run, sites, instances, skipped, lockEvents, policies, null);
        }

        /** What the agent reported of one sample of the configuration's one count of workers. */
        public static Swap of(String workload, String threads, int procs, String lock, int run, ProfileReport.Rewrites w) {
            return of(workload, threads, procs, null, lock, run, w);
        }

        /** What the agent reported of one sample: its rewrites, with the sites' lock events added up. */
        public static Swap of(String workload, String threads, int procs, Integer workers, String lock, int run,
                              ProfileReport.Rewrites w) {
            List<ProfileReport.RewriteSite> sites = w == null || w.sites() == null ? List.of() : w.sites();
            Map<String, Long> events = new LinkedHashMap<>();
            Map<String, Integer> policies = new TreeMap<>();
            boolean recorded = false;
            for (ProfileReport.RewriteSite site : sites) {
                if (site.lockEvents() != null) {
                    recorded = true;
                    site.lockEvents().forEach((event, n) -> events.merge(event, n, Long::sum));
                }
                if (site.policies() != null) {
                    site.policies().forEach((policy, n) -> policies.merge(policy, n, Integer::sum));
                }
            }
            return new Swap(workload, threads, procs, lock, run, sites.size(), w == null ? 0 : w.instances(),
                    w == null || w.skipped() == null ? 0 : w.skipped().size(), recorded ? events : null,
                    policies.isEmpty() ? null : policies, workers);
        }
    }

    /**
     * The samples as an apps result, for the readers that chart, compare and judge those ({@code report},
     * {@code compare}, the apps table, the cell verdicts): a lock listed twice
     * ({@code --aa}) is told apart the same way ({@link AppsResult#lockIndex}), batch r measuring the locks
     * rotated by r.
     */
    public AppsResult asApps() {
        return new AppsResult(schema, command, createdAt, machine,
                new AppsResult.Config(config.locks(), config.threads(), config.procs(), config.workloads(),
                        config.workers(), 0, 0, config.outsideNanos(), config.durationNanos(), config.warmupNanos(),
                        config.runs()), groups, verdicts);
    }
}
