package dev.mutexlab.lab.real;

import dev.mutexlab.lab.results.ProfileReport;
import dev.mutexlab.lab.results.RealResult;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The census of lock sites: from the profile pass of {@code real} results, each contended site —
 * a {@code ReentrantLock} site or a {@code synchronized} one (kind {@code monitor}; any kind the
 * report names is taken, and sites are told apart by kind and place) — with its hold p50/p99, the
 * threads waiting for it against the CPUs, and the share of the run the CPUs sat idle while threads
 * waited for it; then the source's question as a count: how many programs (and sites) hold a
 * contended lock for microseconds while processors sit idle.
 *
 * <p><b>Definitions.</b> A site is <i>contended</i> when at least one timed acquisition waited, and
 * <i>contended enough to matter</i> as {@link SiteShape#matters} says (at least 1% of acquisitions
 * waited, and its waits add up to at least 0.01 of a thread over the run). It holds <i>for
 * microseconds</i> when its median hold is at least {@value #MICROS_LOW_NANOS} ns and below
 * {@value #MICROS_HIGH_NANOS} ns (1 µs to 1 ms). The profile records no time series, so the share
 * of the run the CPUs sat idle while threads waited is bounded from what it does record: the run's
 * length D, the waits' total (so m, the mean number of threads waiting, {@link SiteShape#meanWaiting}),
 * the most threads waiting at once K ({@code maxWaiting}), the threads that took the site W and the
 * CPUs P. With k threads waiting, W − k can run; a CPU sits idle for want of a runnable thread when
 * W − k &lt; P, that is k ≥ k₀ = max(1, W − P + 1). The share q of the run with k ≥ k₀ then lies in
 * [max(0, (m − (k₀ − 1)) / (K − (k₀ − 1))), min(1, m / k₀)] (the upper end by Markov's inequality,
 * the lower because k never exceeds K), and is 0 when K &lt; k₀. Where m exceeds K (several locks
 * at one site, or a sampled profile's scaled waits) k can exceed K, and the lower end is taken as 0.
 * A site <i>leaves CPUs idle</i> when that share is at least {@value #IDLE_SHARE} — the count says
 * how many do so certainly (by the lower end) and how many may (by the upper). The bounds assume the W threads are runnable whenever they
 * are not waiting for the site (the workloads' outside work is busy work) and take K per lock as the
 * site's; D runs from the agent's start, so a warm-up dilutes m.
 */
public final class SiteCensus {
    /** The shortest median hold that counts as microseconds: 1 µs. */
    public static final long MICROS_LOW_NANOS = 1_000;
    /** The median hold from which a hold is no longer microseconds: 1 ms. */
    public static final long MICROS_HIGH_NANOS = 1_000_000;
    /** The share of the run with CPUs idle while threads waited from which a site counts as leaving CPUs idle. */
    public static final double IDLE_SHARE = 0.01;
    /** The hold-time bins of the distribution over all sites (upper bounds in ns; the last is open). */
    public static final List<Long> HOLD_BINS_NANOS = List.of(100L, 1_000L, 10_000L, 100_000L, 1_000_000L);
    /** Their labels, one more than the bounds. */
    public static final List<String> HOLD_BIN_LABELS = List.of("<100ns", "100ns-1us", "1-10us", "10-100us", "100us-1ms",
            ">=1ms");

    private SiteCensus() {
    }

    /**
     * One site in one profiled cell.
     *
     * @param kind         {@code monitor}, or the class of the lock that served a {@code ReentrantLock} site
     * @param procs        the CPUs of the cell
     * @param meanWaiting  m: threads waiting for it, on average over the run
     * @param idleLow      the share of the run CPUs sat idle while threads waited: its lower bound
     * @param idleHigh     and its upper bound
     */
    public record Site(String file, CensusCells.Key key, String kind, ProfileReport.Site site, int procs,
                       double meanWaiting, double idleLow, double idleHigh, boolean matters) {
        public double holdP50Nanos() {
            return site.holdNanos() == null ? 0 : site.holdNanos().p50();
        }

        public double holdP99Nanos() {
            return site.holdNanos() == null ? 0 : site.holdNanos().p99();
        }

        public boolean contended() {
            return site.contended() > 0;
        }

        public boolean holdsForMicros() {
            return holdP50Nanos() >= MICROS_LOW_NANOS && holdP50Nanos() < MICROS_HIGH_NANOS;
        }

        /** Matters, holds for microseconds, and CPUs certainly sat idle while threads waited. */
        public boolean answersSurely() {
            return matters && holdsForMicros() && idleLow >= IDLE_SHARE;
        }

        /** Matters, holds for microseconds, and CPUs may have sat idle while threads waited. */
        public boolean answersPossibly() {
            return matters && holdsForMicros() && idleHigh >= IDLE_SHARE;
        }

        /** The site's identity across cells: its program, kind and place. */
        public String identity() {
            return key.workload() + " " + kind + " " + site.site();
        }
    }

    /** Every site of every profiled cell of the files, in file order, each cell's hottest first. */
    public static List<Site> of(Map<String, RealResult> files) {
        List<Site> sites = new ArrayList<>();
        files.forEach((file, r) -> {
            for (RealResult.Profiled p : r.profiles() == null ? List.<RealResult.Profiled>of() : r.profiles()) {
                CensusCells.Key key = new CensusCells.Key(p.threads(), p.procs(), p.workersOr(r.config().workers()),
                        p.workload());
                for (SiteShape s : SiteShape.of(p.profile(), p.threads(), p.procs())) {
                    sites.add(site(file, key, s));
                }
            }
        });
        return sites;
    }

    static Site site(String file, CensusCells.Key key, SiteShape s) {
        ProfileReport.Site site = s.site();
        int procs = key.procs();
        double m = s.meanWaiting();
        int k0 = Math.max(1, site.threads() - procs + 1);
        int most = site.maxWaiting();
        double low = 0;
        double high = 0;
        if (most >= k0 && m > 0) {
            // m above K breaks the lower bound's premise (k never above K): several locks, or a sampled profile
            low = m > most ? 0 : Math.max(0, (m - (k0 - 1)) / (most - (k0 - 1)));
            high = Math.min(1, m / k0);
        }
        return new Site(file, key, kind(site), site, procs, m, low, high, s.matters());
    }

    /** {@code monitor} for a {@code synchronized} site; otherwise the serving lock's simple class name. */
    static String kind(ProfileReport.Site site) {
        String kind = site.kind();
        if (kind != null && !kind.equals("new") && !kind.equals("reparent")) {
            return kind;
        }
        String lockClass = site.lockClass() == null ? "ReentrantLock" : site.lockClass();
        return lockClass.substring(lockClass.lastIndexOf('.') + 1);
    }

    /** The bin of {@link #HOLD_BIN_LABELS} a median hold falls in. */
    public static int holdBin(double holdNanos) {
        int i = 0;
        while (i < HOLD_BINS_NANOS.size() && holdNanos >= HOLD_BINS_NANOS.get(i)) {
            i++;
        }
        return i;
    }

    /**
     * Site-cells (a site in one profiled cell of one file) per bin of median hold, those with an
     * acquisition; {@code contendedOnly}: the contended ones.
     */
    public static int[] holdDistribution(List<Site> sites, boolean contendedOnly) {
        int[] bins = new int[HOLD_BIN_LABELS.size()];
        for (Site s : sites) {
            if ((!contendedOnly || s.contended()) && s.site().acquisitions() > 0) {
                bins[holdBin(s.holdP50Nanos())]++;
            }
        }
        return bins;
    }

    /**
     * The answer as counts.
     *
     * @param programs        programs profiled
     * @param contended       programs with a site contended enough to matter
     * @param surely          programs with a site that answers surely ({@link Site#answersSurely})
     * @param possibly        programs with one that answers possibly
     * @param sites           distinct sites (program, kind, place) profiled
     * @param sitesContended  of those, contended enough to matter in some cell
     * @param sitesSurely     and answering surely in some cell
     * @param sitesPossibly   and answering possibly in some cell
     */
    public record Answer(int programs, int contended, int surely, int possibly, int sites, int sitesContended,
                         int sitesSurely, int sitesPossibly) {
    }

    /** The counts that answer the question over {@code sites}, with {@code programs} the programs profiled. */
    public static Answer answer(List<Site> sites, Set<String> programs) {
        return new Answer(programs.size(), programsWhere(sites, Site::matters), programsWhere(sites, Site::answersSurely),
                programsWhere(sites, Site::answersPossibly), sitesWhere(sites, s -> true), sitesWhere(sites, Site::matters),
                sitesWhere(sites, Site::answersSurely), sitesWhere(sites, Site::answersPossibly));
    }

    private static int programsWhere(List<Site> sites, java.util.function.Predicate<Site> p) {
        return (int) sites.stream().filter(p).map(s -> s.key().workload()).distinct().count();
    }

    private static int sitesWhere(List<Site> sites, java.util.function.Predicate<Site> p) {
        return (int) sites.stream().filter(p).map(Site::identity).distinct().count();
    }

    /** The programs profiled in {@code files}. */
    public static Set<String> programs(Map<String, RealResult> files) {
        Set<String> names = new LinkedHashSet<>();
        files.values().forEach(r -> (r.profiles() == null ? List.<RealResult.Profiled>of() : r.profiles())
                .forEach(p -> names.add(p.workload())));
        return names;
    }

    /** The contended sites cell by cell, the hold distribution, and the answer; within 100 columns. */
    public static void print(Map<String, RealResult> files, PrintWriter out) {
        List<Site> sites = of(files);
        out.printf("%nSite census: each contended lock site of the profile pass (ReentrantLock or monitor)%n");
        out.printf("  hold in us; meanW, maxW: threads waiting on average, at most; W/P: threads on P CPUs;%n"
                + "  idle%%: share of the run CPUs sat idle while threads waited (bounds, see SiteCensus); * matters%n");
        CensusCells.Key last = null;
        String lastFile = null;
        int quiet = 0;
        for (Site s : sites) {
            if (!s.contended()) {
                quiet++;
                continue;
            }
            if (!s.key().equals(last) || !s.file().equals(lastFile)) {
                last = s.key();
                lastFile = s.file();
                out.println(LitlTable.fit("  " + s.key().text() + "  (" + s.file() + ")"));
                out.printf("    %-13s %-27s %8s %8s %6s %6s %4s %5s %11s%n", "kind", "site", "hold p50", "hold p99",
                        "cont%", "meanW", "maxW", "W/P", "idle%");
            }
            out.printf(Locale.ROOT, "   %s%-13.13s %-27.27s %8.2f %8.2f %6.2f %6.3f %4d %5s %11s%n", s.matters() ? "*" : " ",
                    s.kind(), shortSite(s.site()), s.holdP50Nanos() / 1e3, s.holdP99Nanos() / 1e3,
                    100 * s.site().contendedShare(), s.meanWaiting(), s.site().maxWaiting(),
                    s.site().threads() + "/" + s.procs(), idle(s));
        }
        out.printf("  (%d uncontended site-cells left out)%n", quiet);
        int[] all = holdDistribution(sites, false);
        int[] contended = holdDistribution(sites, true);
        out.printf("%nHold-time distribution over all sites (median hold; site-cells)%n");
        out.printf("  %-14s", "median hold");
        HOLD_BIN_LABELS.forEach(l -> out.printf(" %10s", l));
        out.printf("%n  %-14s", "all sites");
        for (int n : all) {
            out.printf(" %10d", n);
        }
        out.printf("%n  %-14s", "contended");
        for (int n : contended) {
            out.printf(" %10d", n);
        }
        out.println();
        Answer a = answer(sites, programs(files));
        out.printf("%nThe question: how many programs hold a contended lock for microseconds while CPUs sit idle?%n");
        out.printf("  (contended: matters; microseconds: hold p50 in [1 us, 1 ms); CPUs idle: >= %.0f%% of the run)%n",
                100 * IDLE_SHARE);
        out.printf("  programs: %d of %d surely, %d of %d possibly (%d with a contended site that matters)%n", a.surely(),
                a.programs(), a.possibly(), a.programs(), a.contended());
        out.printf("  sites: %d of %d surely, %d of %d possibly (%d contended enough to matter)%n", a.sitesSurely(),
                a.sites(), a.sitesPossibly(), a.sites(), a.sitesContended());
    }

    /** The widest a site's name is printed. */
    static final int SITE_COLUMNS = 27;

    /**
     * {@code OutputStreamAppender.<init>:60}: the class's simple name, method and line, the class's
     * name cut short ({@code ~}) where the whole would pass {@value #SITE_COLUMNS} columns.
     */
    static String shortSite(ProfileReport.Site s) {
        String cls = s.className() == null ? s.site() : s.className().substring(s.className().lastIndexOf('.') + 1);
        String rest = "." + s.method() + ":" + s.line();
        int room = SITE_COLUMNS - rest.length();
        return (cls.length() <= room ? cls : cls.substring(0, Math.max(1, room - 1)) + "~") + rest;
    }

    static String idle(Site s) {
        if (s.idleHigh() == 0) {
            return "0";
        }
        return String.format(Locale.ROOT, "%.1f-%.1f", 100 * s.idleLow(), 100 * s.idleHigh());
    }
}
