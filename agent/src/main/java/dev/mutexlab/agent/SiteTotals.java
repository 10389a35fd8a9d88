package dev.mutexlab.agent;

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
    /** Every thread's numbers added up ({@link SiteStats#add}). */
    final SiteStats sum = new SiteStats();
    long threads;

    SiteTotals(Site site) {
        this.site = site;
    }

    /** Adds one thread's numbers. */
    void add(SiteStats s) {
        merge(s, s.acquisitionsNow() > 0 ? 1 : 0);
    }

    /** Adds the ended threads' totals, in which {@code threadsAcquired} threads acquired. */
    void addEnded(SiteStats s, long threadsAcquired) {
        merge(s, threadsAcquired);
    }

    private void merge(SiteStats s, long threadsAcquired) {
        threads += threadsAcquired;
        sum.add(s);
    }

    /** The share of timed acquisitions that were contended, 0..1. */
    double contendedShare() {
        return sum.timed == 0 ? 0 : (double) sum.contended / sum.timed;
    }

    /** The sort key: contended × acquisitions (contended estimated over all acquisitions when sampled). */
    double heat() {
        return contendedShare() * sum.acquisitions * sum.acquisitions;
    }

    /** Every profiled site with a lock or an acquisition, hottest first. */
    public static List<SiteTotals> collect() {
        return collect(0);
    }

    /** As {@link #collect()}, of the sites with an id from {@code firstSite} on (one attach's). */
    public static List<SiteTotals> collect(int firstSite) {
        List<Site> all = Sites.all();
        List<Site> sites = all.subList(Math.min(firstSite, all.size()), all.size());
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
            boolean framedAway = t.site.parent() < 0 && t.sum.acquisitions == 0 && hasChildren(sites, t.site.id());
            if ((t.site.instances().sum() > 0 || t.sum.acquisitions > 0) && !framedAway) {
                used.add(t);
            }
        }
        used.sort(Comparator.comparingDouble(SiteTotals::heat).reversed()
                .thenComparing(Comparator.comparingLong((SiteTotals t) -> t.sum.acquisitions).reversed())
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
