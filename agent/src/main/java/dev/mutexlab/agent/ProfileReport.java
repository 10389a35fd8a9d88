package dev.mutexlab.agent;

import dev.mutexlab.agent.runtime.LogHistogram;
import dev.mutexlab.agent.runtime.Site;
import dev.mutexlab.agent.runtime.Sites;
import dev.mutexlab.agent.runtime.TrackedLocks;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The agent's report: the JSON of schema {@code mutexlab.profile/1} ({@code docs/profile-schema.md})
 * and the text summary printed at exit. Reads the rewrite log, the runtime's sites and the threads'
 * numbers (the ended threads' totals and the live threads' buffers) at the moment it is made.
 */
public final class ProfileReport {

    /** The schema name and version this class writes. */
    public static final String SCHEMA = "mutexlab.profile/1";

    private final AgentOptions options;
    private final RewriteLog log;
    private final MonitorContention monitors;
    private final long startedAtEpochMillis;
    private final long startNanos;
    /** The first site id of this profile: a site an earlier attach to the same JVM added is not reported. */
    private final int firstSite;

    ProfileReport(AgentOptions options, RewriteLog log, MonitorContention monitors, long startedAtEpochMillis,
                  long startNanos, int firstSite) {
        this.firstSite = firstSite;
        this.options = options;
        this.log = log;
        this.monitors = monitors;
        this.startedAtEpochMillis = startedAtEpochMillis;
        this.startNanos = startNanos;
    }

    /** The JSON report as of now. */
    public String json() {
        List<SiteTotals> sites = options.profile() ? SiteTotals.collect(firstSite) : List.of();
        Json j = new Json().begin();
        j.field("schema", SCHEMA);
        j.field("mainCommand", System.getProperty("sun.java.command", ""));
        j.field("javaVersion", System.getProperty("java.version", ""));
        j.field("javaVendor", System.getProperty("java.vendor", ""));
        j.field("javaHome", System.getProperty("java.home", ""));
        j.field("cpus", Runtime.getRuntime().availableProcessors());
        j.field("startedAtEpochMillis", startedAtEpochMillis);
        j.field("durationNanos", System.nanoTime() - startNanos);
        j.key("options").begin()
                .field("lock", options.lock())
                .field("fair", options.swapFair() ? "swap" : "keep")
                .field("profile", options.profile())
                .field("frames", options.frames())
                .field("sample", options.sampleEvery())
                .field("jdk", options.jdk())
                .field("monitors", options.monitors())
                .field("monitorEvents", options.monitorEvents())
                .field("stacks", options.stacks().enabled())
                .field("stackDepth", options.stacks().depth())
                .field("stackIntervalNanos", options.stacks().intervalNanos())
                .end();
        j.key("rewrites").begin();
        j.key("sites").beginArray();
        long instances = 0;
        for (var e : log.rewritesByPlace().entrySet()) {
            RewriteLog.Rewrite r = e.getKey();
            long n = 0;
            long keptFair = 0;
            long swapped = 0;
            for (int id : e.getValue()) {
                n += Sites.get(id).instances().sum();
                keptFair += Sites.get(id).keptFair().sum();
                swapped += Sites.get(id).swapped().sum();
            }
            instances += n;
            j.begin().field("class", r.className()).field("method", r.method()).field("line", r.line())
                    .field("kind", r.kind()).field("instances", n).field("keptFair", keptFair).field("swapped", swapped);
            TrackedLocks.Totals tracked = TrackedLocks.of(e.getValue());
            if (tracked != null) {
                lockEvents(j, tracked);
            }
            j.end();
        }
        j.endArray();
        j.key("skipped").beginArray();
        for (RewriteLog.Skip s : log.skipped()) {
            j.begin().field("class", s.className()).field("reason", s.reason()).end();
        }
        j.endArray();
        j.field("instances", instances);
        j.field("monitorClasses", log.monitorClasses().size());
        j.end();
        if (options.profile()) {
            j.key("sites").beginArray();
            StackReport stacks = new StackReport();
            for (SiteTotals t : sites) {
                site(j, t, stacks);
            }
            j.endArray();
        }
        if (monitors != null) {
            j.key("monitors").beginArray();
            for (MonitorContention.Totals m : monitors.totals()) {
                j.begin().field("class", m.monitorClass()).field("events", m.events())
                        .field("totalNanos", m.totalNanos()).field("maxNanos", m.maxNanos())
                        .field("thresholdNanos", monitors.thresholdNanos()).end();
            }
            j.endArray();
            if (monitors.unavailable() != null) {
                j.field("monitorsUnavailable", monitors.unavailable());
            }
        }
        return j.end().toString();
    }

    /** The lock events of a site's locks that record statistics ({@code lock=SPEC:stats}). */
    private static void lockEvents(Json j, TrackedLocks.Totals t) {
        j.key("lockEvents").begin();
        t.events().forEach(j::field);
        j.end();
        j.field("lockEventsLocks", t.locks()).field("lockEventsLeftOut", t.leftOut());
        if (!t.policies().isEmpty()) {
            j.key("policies").begin();
            t.policies().forEach((policy, n) -> j.field(policy, n));
            j.end();
        }
    }

    private void site(Json j, SiteTotals t, StackReport stacks) {
        Site s = t.site;
        j.begin();
        j.field("site", s.label()).field("class", s.className()).field("method", s.method()).field("line", s.line());
        j.field("kind", s.kind());
        j.field("lockClass", s.lockClass().get());
        j.field("instances", s.instances().sum());
        j.field("acquisitions", t.sum.acquisitions).field("timed", t.sum.timed).field("contended", t.sum.contended)
                // only sampled acquisitions look for reentrancy: one in N stands for N
                .field("reentrant", t.sum.reentrant * options.sampleEvery()).field("tryLockFailures", t.sum.tryLockFailures)
                .field("threads", t.threads).field("maxWaiting", t.sum.maxWaiting);
        histogram(j.key("holdNanos"), t.sum.holdNanos);
        histogram(j.key("waitNanos"), t.sum.waitNanos);
        histogram(j.key("outsideNanos"), t.sum.outsideNanos);
        j.field("conditionWaits", t.sum.conditionWaits);
        histogram(j.key("conditionWaitNanos"), t.sum.conditionWaitNanos);
        stacks.site(j, s.id());
        j.end();
    }

    static void histogram(Json j, LogHistogram h) {
        j.begin().field("count", h.count()).field("mean", h.meanNanos())
                .field("p50", h.percentile(0.50)).field("p90", h.percentile(0.90))
                .field("p99", h.percentile(0.99)).field("p999", h.percentile(0.999))
                .field("max", (double) h.maxNanos());
        j.key("buckets").beginArray();
        for (int i = 0; i < LogHistogram.BUCKETS; i++) {
            long n = h.countAt(i);
            if (n > 0) {
                j.beginArray().value(LogHistogram.upperBound(i)).value(n).endArray();
            }
        }
        j.endArray().end();
    }

    /** The text summary: what was rewritten and skipped, and with a profile the lock_stat-like table. */
    public String text() {
        StringBuilder out = new StringBuilder();
        var rewrites = log.rewritesByPlace();
        long instances = 0;
        for (List<Integer> ids : rewrites.values()) {
            for (int id : ids) {
                instances += Sites.get(id).instances().sum();
            }
        }
        List<RewriteLog.Skip> skipped = log.skipped();
        out.append(String.format(Locale.ROOT, "mutexlab-agent: %s; %d sites rewritten, %d locks constructed there, %d classes skipped%n",
                options.describe(), rewrites.size(), instances, skipped.size()));
        for (var e : rewrites.entrySet()) {
            RewriteLog.Rewrite r = e.getKey();
            long n = 0;
            for (int id : e.getValue()) {
                n += Sites.get(id).instances().sum();
            }
            if (n > 0) {
                out.append(String.format(Locale.ROOT, "  %-8s %s.%s line %d: %d instances%n", r.kind(), r.className(),
                        r.method(), r.line(), n));
                TrackedLocks.Totals tracked = TrackedLocks.of(e.getValue());
                if (tracked != null) {
                    out.append(eventsLine(tracked));
                }
            }
        }
        for (RewriteLog.Skip s : skipped) {
            if (!s.reason().equals("loaded-before-agent")) {
                out.append(String.format(Locale.ROOT, "  skipped  %s: %s%n", s.className(), s.reason()));
            }
        }
        long before = skipped.stream().filter(s -> s.reason().equals("loaded-before-agent")).count();
        if (before > 0) {
            out.append(String.format(Locale.ROOT, "  %d classes that allocate ReentrantLock were loaded before the agent (listed in the JSON)%n", before));
        }
        if (options.profile()) {
            out.append(LockStatTable.render(SiteTotals.collect(firstSite), 20));
        }
        if (monitors != null) {
            if (monitors.unavailable() != null) {
                out.append("monitors: unavailable (").append(monitors.unavailable()).append(")\n");
            } else {
                for (MonitorContention.Totals m : monitors.totals().stream().limit(10).toList()) {
                    out.append(String.format(Locale.ROOT, "monitor %-48s %8d waits >= %s, total %s, max %s%n",
                            m.monitorClass(), m.events(), LockStatTable.nanos(monitors.thresholdNanos()),
                            LockStatTable.nanos(m.totalNanos()), LockStatTable.nanos(m.maxNanos())));
                }
            }
        }
        return out.toString();
    }

    /** One line of a site's lock events and, for lineup, of the policies its locks run. */
    static String eventsLine(TrackedLocks.Totals t) {
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "           lock events of %d lock%s:", t.locks(),
                t.locks() == 1 ? "" : "s"));
        if (t.events().isEmpty()) {
            line.append(" none");
        }
        t.events().forEach((event, n) -> line.append(' ').append(event).append('=').append(n));
        if (!t.policies().isEmpty()) {
            line.append("; policy now:");
            t.policies().forEach((policy, n) -> line.append(' ').append(policy).append(' ').append(n));
        }
        if (t.leftOut() > 0) {
            line.append("; ").append(t.leftOut()).append(" more not tracked");
        }
        return line.append(System.lineSeparator()).toString();
    }

    /** Writes the JSON to {@code path} atomically: a temporary file beside it, then a rename. */
    public void writeJson(Path path) throws IOException {
        AtomicFile.write(path, json());
    }
}
