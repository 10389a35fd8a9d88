package dev.mutexlab.agent;

import dev.mutexlab.agent.runtime.LogHistogram;
import dev.mutexlab.agent.runtime.Site;
import dev.mutexlab.agent.runtime.SiteStats;
import dev.mutexlab.agent.runtime.Sites;
import dev.mutexlab.agent.runtime.ThreadStats;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One site's numbers over every thread: the merge of the ended threads' totals and the live
 * threads' {@link SiteStats} ({@link ThreadStats#snapshot()}), and the order the table and the JSON
 * list sites in (contended × acquisitions, the most first).
 */
public final class SiteTotals {

    final Site site;
    String lockClass;
    long acquisitions;
    long timed;
    long contended;
    long reentrant;
    long tryLockFailures;
    long threads;
    int maxWaiting;
    long conditionWaits;
    final LogHistogram holdNanos = new LogHistogram();
    final LogHistogram waitNanos = new LogHistogram();
    final LogHistogram outsideNanos = new LogHistogram();
    final LogHistogram conditionWaitNanos = new LogHistogram();

    SiteTotals(Site site) {
        this.site = site;
    }

    /** Adds one thread's numbers. */
    void add(SiteStats s) {
        merge(s, s.acquisitions > 0 ? 1 : 0);
    }

    /** Adds the ended threads' totals, in which {@code threadsAcquired} threads acquired. */
    void addEnded(SiteStats s, long threadsAcquired) {
        merge(s, threadsAcquired);
    }

    private void merge(SiteStats s, long threadsAcquired) {
        threads += threadsAcquired;
        acquisitions += s.acquisitions;
        timed += s.timed;
        contended += s.contended;
        reentrant += s.reentrant;
        tryLockFailures += s.tryLockFailures;
        maxWaiting = Math.max(maxWaiting, s.maxWaiting);
        conditionWaits += s.conditionWaits;
        holdNanos.add(s.holdNanos);
        waitNanos.add(s.waitNanos);
        outsideNanos.add(s.outsideNanos);
        conditionWaitNanos.add(s.conditionWaitNanos);
    }

    /** The share of timed acquisitions that were contended, 0..1. */
    double contendedShare() {
        return timed == 0 ? 0 : (double) contended / timed;
    }

    /** The sort key: contended × acquisitions (contended estimated over all acquisitions when sampled). */
    double heat() {
        return contendedShare() * acquisitions * acquisitions;
    }

    /** Every profiled site with a lock or an acquisition, hottest first. */
    public static List<SiteTotals> collect() {
        List<Site> sites = Sites.all();
        List<SiteTotals> totals = new ArrayList<>();
        for (Site site : sites) {
            totals.add(new SiteTotals(site));
        }
        // Each thread once: in the ended totals or among the live buffers (ThreadStats' notes).
        ThreadStats.Snapshot snapshot = ThreadStats.snapshot();
        for (SiteTotals t : totals) {
            SiteStats ended = snapshot.ended(t.site.id());
            if (ended != null) {
                t.addEnded(ended, snapshot.endedThreads(t.site.id()));
            }
        }
        for (ThreadStats thread : snapshot.live()) {
            for (SiteTotals t : totals) {
                SiteStats s = thread.peek(t.site.id());
                if (s != null) {
                    t.add(s);
                }
            }
        }
        List<SiteTotals> used = new ArrayList<>();
        for (SiteTotals t : totals) {
            // A rewritten site whose locks are attributed to framed sites reports through those.
            boolean framedAway = t.site.parent() < 0 && t.acquisitions == 0 && hasChildren(sites, t.site.id());
            if ((t.site.instances().sum() > 0 || t.acquisitions > 0) && !framedAway) {
                used.add(t);
            }
        }
        used.sort(Comparator.comparingDouble(SiteTotals::heat).reversed()
                .thenComparing(Comparator.comparingLong((SiteTotals t) -> t.acquisitions).reversed())
                .thenComparingInt(t -> t.site.id()));
        return used;
    }

    private static boolean hasChildren(List<Site> sites, int id) {
        for (Site s : sites) {
            if (s.parent() == id) {
                return true;
            }
        }
        return false;
    }
}
