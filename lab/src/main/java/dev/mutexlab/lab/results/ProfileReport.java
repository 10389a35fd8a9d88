package dev.mutexlab.lab.results;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * The agent's report ({@code mutexlab.profile/1}, documented in docs/profile-schema.md), as far as
 * the lab reads it: what was swapped and, in profile mode, hold, wait and outside-time distributions
 * per lock allocation site. Unknown fields are ignored, so a newer agent's report reads; a field an
 * older agent did not write ({@code javaVendor}, {@code javaHome}) reads as null.
 *
 * @param javaVersion the profiled JVM's {@code java.version}; with {@code javaVendor} and {@code javaHome}
 *                    the JDK the program ran on
 */
public record ProfileReport(String schema, String mainCommand, String javaVersion, String javaVendor, String javaHome,
                            int cpus, long startedAtEpochMillis, long durationNanos, Options options, Rewrites rewrites,
                            List<Site> sites, List<Monitor> monitors) {
    public static final String SCHEMA = "mutexlab.profile/1";

    /**
     * The JDK the program ran on, as far as the report says: {@code Java 25.0.3 (Eclipse Adoptium,
     * /usr/lib/jvm/temurin-25)}; {@code Java ?} for a report without a version.
     */
    public String jdk() {
        String version = javaVersion == null || javaVersion.isBlank() ? "?" : javaVersion;
        List<String> more = java.util.stream.Stream.of(javaVendor, javaHome).filter(s -> s != null && !s.isBlank()).toList();
        return "Java " + version + (more.isEmpty() ? "" : " (" + String.join(", ", more) + ")");
    }

    /** The agent's options: the swapped-in spec (null: none), fairness handling, profiling. */
    public record Options(String lock, String fair, boolean profile, int frames, int sample) {
    }

    /** What the agent rewrote and what it left alone. */
    public record Rewrites(List<RewriteSite> sites, List<Skipped> skipped, long instances) {
    }

    /**
     * One rewritten place.
     *
     * @param lockEvents its locks' lock events, when the swapped spec records statistics
     *                   ({@code lineup:stats}); null otherwise
     * @param policies   of those locks, how many run each {@code lineup} policy when the report was made; null
     *                   when none is a lineup lock or statistics are off
     * @param instances  locks constructed there; null in a report that predates the field
     * @param swapped    of those, the ones the library's lock served; null in a report that predates the field
     */
    public record RewriteSite(@JsonProperty("class") String className, String method, int line, String kind,
                              Map<String, Long> lockEvents, Map<String, Integer> policies, Long instances,
                              Long swapped) {
        /** A site as a report without the instance counts gives it. */
        public RewriteSite(String className, String method, int line, String kind, Map<String, Long> lockEvents,
                           Map<String, Integer> policies) {
            this(className, method, line, kind, lockEvents, policies, null, null);
        }
    }

    public record Skipped(@JsonProperty("class") String className, String reason) {
    }

    /**
     * One allocation site's locks: counts and distributions (nanoseconds).
     *
     * <p>With {@code sample=N} the agent times one outermost acquisition in N: {@code acquisitions} counts
     * every one and {@code reentrant} estimates them (N times the sampled ones), while {@code contended}, {@code maxWaiting} and the distributions
     * come from the timed ones only. So a share whose numerator counts timed events divides by {@code
     * timed} ({@link #contendedShare}), and a total of timed events is scaled by {@link #untimedPerTimed}
     * to stand for every acquisition ({@link #heat}, {@link #totalWaitNanos}); dividing timed events by
     * all acquisitions would make a sampled site look N times quieter than it is.
     *
     * @param timed         acquisitions timed (all outermost ones with {@code sample=1}); null in a report
     *                      without the field, which is read as every acquisition timed
     * @param contended     timed acquisitions that had to wait (the slow path)
     * @param threads       distinct threads that acquired
     * @param maxWaiting    the most threads waiting at once (in timed waits)
     * @param outsideNanos  a thread's release of a lock of this site to its next acquisition of it
     * @param kind          what the site is: how the agent made its locks ({@code new}, {@code reparent}:
     *                      {@code ReentrantLock}s) or {@code monitor} for a {@code synchronized} site; null in a
     *                      report without the field, which is read as a {@code ReentrantLock} site
     */
    public record Site(String site, @JsonProperty("class") String className, String method, int line, String lockClass, long instances,
                       long acquisitions, Long timed, long contended, long reentrant, long tryLockFailures, int threads,
                       int maxWaiting, Distribution holdNanos, Distribution waitNanos, Distribution outsideNanos,
                       long conditionWaits, Distribution conditionWaitNanos, String kind) {
        /** A site as a report without the {@code kind} field gives it. */
        public Site(String site, String className, String method, int line, String lockClass, long instances,
                    long acquisitions, Long timed, long contended, long reentrant, long tryLockFailures, int threads,
                    int maxWaiting, Distribution holdNanos, Distribution waitNanos, Distribution outsideNanos,
                    long conditionWaits, Distribution conditionWaitNanos) {
            this(site, className, method, line, lockClass, instances, acquisitions, timed, contended, reentrant,
                    tryLockFailures, threads, maxWaiting, holdNanos, waitNanos, outsideNanos, conditionWaits,
                    conditionWaitNanos, null);
        }

        /** The acquisitions timed: {@code timed}, or every acquisition in a report without the field. */
        public long timedAcquisitions() {
            return timed == null ? acquisitions : timed;
        }

        /** The share of timed acquisitions that waited, 0 to 1: the estimate of the share of all that did. */
        public double contendedShare() {
            long t = timedAcquisitions();
            return t == 0 ? 0 : (double) contended / t;
        }

        /**
         * Outermost acquisitions per timed one (about N with {@code sample=N}; 1 when all were timed):
         * what a count or total over the timed acquisitions is multiplied by to stand for all of them.
         * Reentrant acquisitions are never timed and never wait, so they do not count.
         */
        public double untimedPerTimed() {
            long t = timedAcquisitions();
            return timed == null || t == 0 ? 1 : (double) Math.max(t, acquisitions - reentrant) / t;
        }

        /** Acquisitions × share contended (contended acquisitions, estimated over all): the ordering of "hot". */
        public double heat() {
            return contended * untimedPerTimed();
        }

        /** Nanoseconds all threads spent waiting for this site's locks (estimated over all acquisitions). */
        public double totalWaitNanos() {
            return waitNanos == null ? 0 : waitNanos.mean() * waitNanos.count() * untimedPerTimed();
        }
    }

    /** A log-scale histogram's summary: percentiles in nanoseconds; a histogram with count 0 has zeros. */
    public record Distribution(long count, double mean, double p50, double p90, double p99, double p999, double max,
                               List<List<Double>> buckets) {
        public static final Distribution EMPTY = new Distribution(0, 0, 0, 0, 0, 0, 0, List.of());
    }

    /** Monitor contention per class from JFR's {@code jdk.JavaMonitorEnter}. */
    public record Monitor(@JsonProperty("class") String className, long events, double totalNanos, double maxNanos, double thresholdNanos) {
    }
}
