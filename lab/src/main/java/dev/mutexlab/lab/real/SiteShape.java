package dev.mutexlab.lab.real;

import dev.mutexlab.lab.results.ProfileReport;
import java.util.Comparator;
import java.util.List;

/**
 * One profiled lock site read as a shape of the seed loop: W = the threads that took it, hold = its
 * median hold, outside = its median time between a thread's release and its next acquisition, on
 * the program's thread kind and CPUs. And whether it matters: a site is worth a different lock only
 * when at least {@value #MIN_CONTENDED_SHARE} of its acquisitions waited and its waits add up to at
 * least {@value #MIN_MEAN_WAITING} of one thread for the whole run (the mean number of threads
 * waiting for it); below that, no lock can buy the program much. Both read a sampled profile as
 * {@link ProfileReport.Site} says: the share over the timed acquisitions, the waits scaled to all.
 *
 * @param meanWaiting the waits' total over the run's duration: threads waiting for the site on average
 */
public record SiteShape(ProfileReport.Site site, SeedLoop.Point point, double meanWaiting, boolean matters) {
    public static final double MIN_CONTENDED_SHARE = 0.01;
    public static final double MIN_MEAN_WAITING = 0.01;

    /** The site as a shape of {@code threads} threads on {@code procs} CPUs, the run having lasted {@code durationNanos}. */
    public static SiteShape of(ProfileReport.Site site, String threads, int procs, long durationNanos) {
        double meanWaiting = durationNanos <= 0 ? 0 : site.totalWaitNanos() / durationNanos;
        long hold = site.holdNanos() == null ? 0 : Math.round(site.holdNanos().p50());
        long outside = site.outsideNanos() == null ? 0 : Math.round(site.outsideNanos().p50());
        boolean matters = site.contendedShare() >= MIN_CONTENDED_SHARE && meanWaiting >= MIN_MEAN_WAITING;
        return new SiteShape(site, new SeedLoop.Point(threads, procs, Math.max(2, site.threads()), hold, outside),
                meanWaiting, matters);
    }

    /** Every site of a report as a shape, hottest first (acquisitions × share contended). */
    public static List<SiteShape> of(ProfileReport r, String threads, int procs) {
        if (r == null || r.sites() == null) {
            return List.of();
        }
        return r.sites().stream().map(s -> of(s, threads, procs, r.durationNanos()))
                .sorted(Comparator.comparingDouble((SiteShape s) -> s.site().heat()).reversed()).toList();
    }
}
