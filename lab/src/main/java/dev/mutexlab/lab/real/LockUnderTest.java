package dev.mutexlab.lab.real;

import dev.mutexlab.lab.results.ProfileReport;
import java.util.List;
import java.util.Map;

/**
 * Which lock each real-program workload measures, and whether the agent put the lock under test in
 * its place: a cell whose lock was not swapped compares the agent's presence with its absence, so
 * it is an error of the run, never a result.
 *
 * <p>Each workload names the class whose {@code ReentrantLock} it exercises; the agent's report of
 * the sample must show a rewritten site in that class whose every lock constructed was swapped (at
 * least one); under {@code jdk+profile}, a rewritten site there that made a lock (the profile
 * times it). The classes are the libraries' own, at the versions {@code real/pom.xml} pins.
 */
public final class LockUnderTest {

    /** The class whose lock each workload measures, by workload name. */
    static final Map<String, String> CLASSES = Map.ofEntries(
            Map.entry("logback-file", "ch.qos.logback.core.OutputStreamAppender"),
            Map.entry("logback-rolling", "ch.qos.logback.core.OutputStreamAppender"),
            Map.entry("executor", "java.util.concurrent.LinkedBlockingQueue"),
            Map.entry("queue", "java.util.concurrent.ArrayBlockingQueue"),
            Map.entry("caffeine", "com.github.benmanes.caffeine.cache.BoundedLocalCache"),
            Map.entry("pool", "org.apache.commons.pool2.impl.InterruptibleReentrantLock"),
            Map.entry("scheduled", "java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue"),
            Map.entry("deque", "java.util.concurrent.LinkedBlockingDeque"),
            Map.entry("delay-queue", "java.util.concurrent.DelayQueue"),
            Map.entry("priority-queue", "java.util.concurrent.PriorityBlockingQueue"),
            Map.entry("conn-pool", "org.apache.hc.core5.pool.StrictConnPool"),
            Map.entry("jetty", "org.eclipse.jetty.util.thread.AutoLock"),
            Map.entry("h2", "org.h2.engine.Session"),
            Map.entry("lucene", "org.apache.lucene.index.ConcurrentApproximatePriorityQueue"),
            Map.entry("httpclient", "org.apache.hc.core5.pool.StrictConnPool"));

    private LockUnderTest() {
    }

    /** The class {@code workload} measures the lock of. */
    public static String classOf(String workload) {
        String c = CLASSES.get(workload);
        if (c == null) {
            throw new IllegalArgumentException("no lock under test for workload " + workload);
        }
        return c;
    }

    /**
     * For the program's own lock profiled ({@code jdk+profile}): null when the report shows a site
     * of {@code workload}'s lock under the agent (at least one lock made there, which the profile
     * times); otherwise the one line that says what the report shows instead.
     */
    public static String notProfiled(String workload, ProfileReport.Rewrites rewrites) {
        String c = classOf(workload);
        List<ProfileReport.RewriteSite> sites = rewrites == null || rewrites.sites() == null ? List.of() : rewrites.sites();
        long made = sites.stream().filter(s -> s.className().equals(c))
                .mapToLong(s -> s.instances() == null ? 0 : s.instances()).sum();
        return made > 0 ? null : "the lock under test was not profiled: " + c + " made no lock under the agent";
    }

    /**
     * Null when the report shows {@code workload}'s lock swapped; otherwise the one line that says
     * what the report shows instead.
     */
    public static String notInPlace(String workload, ProfileReport.Rewrites rewrites) {
        String c = classOf(workload);
        List<ProfileReport.RewriteSite> sites = rewrites == null || rewrites.sites() == null ? List.of() : rewrites.sites();
        long made = 0;
        long swapped = 0;
        boolean found = false;
        for (ProfileReport.RewriteSite site : sites) {
            if (site.className().equals(c)) {
                found = true;
                made += site.instances() == null ? 0 : site.instances();
                swapped += site.swapped() == null ? 0 : site.swapped();
            }
        }
        if (!found) {
            String skipped = rewrites == null || rewrites.skipped() == null ? null : rewrites.skipped().stream()
                    .filter(s -> s.className().equals(c)).map(ProfileReport.Skipped::reason).findFirst().orElse(null);
            return "the lock under test was not swapped: " + c + (skipped != null ? " was skipped (" + skipped + ")"
                    : " has no rewritten site");
        }
        if (swapped == 0 || swapped < made) {
            return "the lock under test was not swapped: " + c + " made " + made + " lock(s), " + swapped + " swapped";
        }
        return null;
    }
}
