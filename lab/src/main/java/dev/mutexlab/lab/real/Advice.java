package dev.mutexlab.lab.real;

import dev.mutexlab.lab.compare.Columns;
import dev.mutexlab.lab.results.ProfileReport;
import dev.mutexlab.lab.results.ResultFiles;
import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.results.UsageException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code mutexlab advise}: a profile's hot lock sites (acquisitions × share contended), each mapped
 * to the nearest shape the lab measures ({@link SiteShape}), the lock the named {@code run}/{@code
 * sweep} results found best there ({@link SeedLoop#pick}), and the command that tries it: the same
 * program with {@code -javaagent:AGENT=lock=SPEC}. Sites not contended enough to matter are said to
 * be so; when none matters, that is the answer. A profile without a single acquisition is no such
 * answer: nothing was measured, so it says that, and what to check, instead ({@link Verdict#NO_DATA}).
 */
public final class Advice {
    /** At most this many sites get advice of their own. */
    static final int MAX_SITES = 5;
    /** The locks the quick run measures at a shape no result covers: those the agent can swap in, as {@code real}'s plan. */
    static final List<String> QUICK_RUN_LOCKS = List.of("lineup", "go", "go:threshold=0", "jdk", "jdk-fair", "spinbit",
            "kernel");

    private Advice() {
    }

    /** What {@link #print} concluded. */
    public enum Verdict {
        /** At least one site is contended enough to matter: each got its advice. */
        ADVICE,
        /** Locks were taken, none contended enough to matter: the time goes elsewhere. */
        QUIET,
        /** No profiled lock was taken at all: nothing can be concluded. */
        NO_DATA
    }

    /** Reads an agent report; {@link UsageException} naming the file on any problem. */
    public static ProfileReport read(Path file) {
        try {
            ProfileReport r = ResultIO.json().readValue(file.toFile(), ProfileReport.class);
            if (r == null || !ProfileReport.SCHEMA.equals(r.schema())) {
                throw new UsageException(file + ": not a mutexlab agent profile (expected schema " + ProfileReport.SCHEMA
                        + ", found " + (r == null ? "nothing" : r.schema()) + ")");
            }
            return r;
        } catch (NoSuchFileException | java.io.FileNotFoundException e) {
            throw new UsageException(file + ": no such file");
        } catch (IOException e) {
            throw new UsageException(file + ": not a mutexlab agent profile (" + e.getMessage().lines().findFirst().orElse("")
                    + ")");
        }
    }

    /** The profile's site table, hottest first, in the manner of Linux's lock_stat, within 100 columns. */
    public static void printSites(ProfileReport r, String threads, PrintWriter out) {
        printSites(r, threads, Columns.DEFAULT, out);
    }

    /**
     * As {@link #printSites(ProfileReport, String, PrintWriter)}: by default ({@link Columns#DEFAULT}) per
     * site its acquisitions and share contended, the p99 of its holds and waits, its longest wait and
     * how many threads waited; {@link Columns#WIDE} adds the p50s, the longest hold, the time outside
     * and the threads that took it, and gives the site's name more room.
     */
    public static void printSites(ProfileReport r, String threads, Columns columns, PrintWriter out) {
        boolean wide = columns == Columns.WIDE;
        List<SiteShape> sites = SiteShape.of(r, threads, r.cpus());
        out.println();
        Columns.printWrapped(String.format(Locale.ROOT, "%s: %d CPUs, %.1f s, lock %s", r.mainCommand(), r.cpus(),
                r.durationNanos() / 1e9, r.options() == null || r.options().lock() == null ? "the program's own"
                        : r.options().lock()), "  ", out);
        out.printf("  ran on %s%n", r.jdk());
        if (r.options() != null && r.options().sample() > 1) {
            Columns.printWrapped(String.format("  sampled: one acquisition in %d timed (per thread and site); cont%%, waits and"
                    + " holds are over the timed ones, meanW scaled to all", r.options().sample()), "    ", out);
        }
        if (wide) {
            out.printf("  %-52s %10s %6s %8s %8s %8s %8s %8s %8s %8s %4s %4s %6s%n", "site", "acq", "cont%", "hold p50", "hold p99",
                    "hold max", "wait p50", "wait p99", "wait max", "out p50", "thr", "maxW", "meanW");
        } else {
            out.printf("  %-40s %10s %6s %8s %8s %8s %4s %6s%n", "site", "acq", "cont%", "hold p99", "wait p99", "wait max",
                    "maxW", "meanW");
        }
        for (SiteShape s : sites) {
            ProfileReport.Site site = s.site();
            if (wide) {
                out.printf(Locale.ROOT, "  %-52.52s %10d %6.2f %8s %8s %8s %8s %8s %8s %8s %4d %4d %6.3f%n", site.site(),
                        site.acquisitions(), 100 * site.contendedShare(), us(site.holdNanos(), 50), us(site.holdNanos(), 99),
                        us(site.holdNanos(), 100), us(site.waitNanos(), 50), us(site.waitNanos(), 99),
                        us(site.waitNanos(), 100), us(site.outsideNanos(), 50), site.threads(), site.maxWaiting(),
                        s.meanWaiting());
            } else {
                out.printf(Locale.ROOT, "  %-40s %10d %6.2f %8s %8s %8s %4d %6.3f%n", tail(site.site(), 40), site.acquisitions(),
                        100 * site.contendedShare(), us(site.holdNanos(), 99), us(site.waitNanos(), 99),
                        us(site.waitNanos(), 100), site.maxWaiting(), s.meanWaiting());
            }
        }
        if (sites.isEmpty()) {
            out.println("  (no ReentrantLock site was profiled)");
        }
        Columns.printWrapped("  (times in us; cont% = timed acquisitions that waited;" + (wide ? " thr = threads that took it;" : "")
                + " maxW = most waiting at once, meanW = on average)", "   ", out);
        if (r.monitors() != null && !r.monitors().isEmpty()) {
            out.println("  monitors (synchronized, from JFR's jdk.JavaMonitorEnter; not swappable):");
            String monitor = wide ? "    %-50.50s %8d waits, %10.1f us in all, longest %.1f us%n"
                    : "    %-34.34s %8d waits, %10.1f us in all, longest %.1f us%n";
            r.monitors().stream().sorted(Comparator.comparingDouble(ProfileReport.Monitor::totalNanos).reversed()).limit(5)
                    .forEach(m -> out.printf(Locale.ROOT, monitor, m.className(), m.events(), m.totalNanos() / 1e3,
                            m.maxNanos() / 1e3));
        }
    }

    /**
     * Prints the advice.
     *
     * @param profileFile the profile's path (for the commands printed)
     * @param agent       the agent jar's path (for the commands printed)
     * @param results     {@code run}/{@code sweep} results to pick from; empty: offers the run commands
     */
    public static Verdict print(ProfileReport r, Path profileFile, String threads, Path agent,
                                List<ResultFiles.Loaded> results, PrintWriter out) {
        return print(r, profileFile, threads, agent, results, Columns.DEFAULT, out);
    }

    /** As {@link #print(ProfileReport, Path, String, Path, List, PrintWriter)}, with the site table's {@code columns}. */
    public static Verdict print(ProfileReport r, Path profileFile, String threads, Path agent,
                                List<ResultFiles.Loaded> results, Columns columns, PrintWriter out) {
        printSites(r, threads, columns, out);
        if (acquisitions(r) == 0) {
            out.println();
            printNoData(r, agent, out);
            return Verdict.NO_DATA;
        }
        List<SiteShape> hot = SiteShape.of(r, threads, r.cpus()).stream().filter(SiteShape::matters).limit(MAX_SITES).toList();
        out.println();
        if (hot.isEmpty()) {
            Optional<SiteShape> top = SiteShape.of(r, threads, r.cpus()).stream().findFirst();
            out.println("No lock in this program is contended enough to matter"
                    + top.map(s -> String.format(Locale.ROOT, ": the hottest, %s, waited on %.2f%% of its %d acquisitions"
                            + " (under the %.0f%% this command calls contended)", s.site().site(),
                            100 * s.site().contendedShare(), s.site().acquisitions(), 100 * SiteShape.MIN_CONTENDED_SHARE))
                            .orElse("")
                    + ". Swapping its locks will not change much; the time goes elsewhere.");
            top.filter(s -> s.meanWaiting() >= 1).ifPresent(s -> out.printf(Locale.ROOT, "Those few waits were long,"
                    + " though: %.1f threads waiting on average. Rare long waits usually mean the holder was off its CPU"
                    + " (more runnable threads than CPUs), which a lock cannot fix; if those tails matter, try one:"
                    + " java -javaagent:%s=lock=SPEC ...%n", s.meanWaiting(), agent));
            return Verdict.QUIET;
        }
        for (int i = 0; i < hot.size(); i++) {
            SiteShape s = hot.get(i);
            ProfileReport.Site site = s.site();
            out.printf(Locale.ROOT, "%d. %s: %d acquisitions, %.1f%% contended; on average %.2f threads waiting (at most"
                    + " %d) on %d CPUs%n", i + 1, site.site(), site.acquisitions(), 100 * site.contendedShare(),
                    s.meanWaiting(), site.maxWaiting(), r.cpus());
            out.printf("   the lab's nearest shape: %s%n", s.point());
            Optional<SeedLoop.Pick> pick = results.stream().map(f -> SeedLoop.pick(f, s.point(), swappable(f)))
                    .flatMap(Optional::stream).min(Comparator.comparingDouble(SeedLoop.Pick::distance));
            if (pick.isPresent()) {
                SeedLoop.Pick p = pick.get();
                out.printf(Locale.ROOT, "   the lab found %s best there (measured at %s, distance %.1f)%n", p.lock(),
                        dev.mutexlab.lab.config.Shape.describe(p.shape()), p.distance());
                out.printf("   try it: %s%n", tryCommand(r, agent, p.lock()));
            } else {
                out.printf("   no result given covers it; measure it (about a minute):%n     %s%n"
                                + "   then: ./mutexlab advise %s --results shape.json%n",
                        s.point().runCommand(QUICK_RUN_LOCKS, "shape.json"), profileFile);
            }
        }
        return Verdict.ADVICE;
    }

    /** Every acquisition the profile counted, over all its sites. */
    static long acquisitions(ProfileReport r) {
        return r.sites() == null ? 0 : r.sites().stream().mapToLong(ProfileReport.Site::acquisitions).sum();
    }

    /** The verdict of a profile without acquisitions: nothing measured, and the likely reasons. */
    private static void printNoData(ProfileReport r, Path agent, PrintWriter out) {
        out.println("This profile holds no lock acquisitions: no profiled ReentrantLock was taken, so nothing can be"
                + " concluded about the program's locks (this is not a quiet program, it is no measurement). Check:");
        boolean profiled = r.options() == null || r.options().profile();
        out.printf("  - was the agent's 'profile' option given? %s%n", profiled ? "(it was)"
                : "It was not: give it, -javaagent:" + agent + "=profile,out=FILE, or run ./mutexlab profile");
        long constructed = r.rewrites() == null ? 0 : r.rewrites().instances();
        out.printf(Locale.ROOT, "  - did the program run long enough to take its locks? It ran %.1f s (the agent's start to"
                + " the report)%s%n", r.durationNanos() / 1e9, constructed > 0
                ? "; " + constructed + " rewritten locks were constructed and none was taken" : "");
        List<ProfileReport.Skipped> skipped = r.rewrites() == null || r.rewrites().skipped() == null ? List.of()
                : r.rewrites().skipped();
        out.printf("  - was the lock's class excluded (the agent's include=/exclude=) or loaded before the agent? %s%n",
                skipped.isEmpty() ? "No class was skipped"
                : skipped.size() + " skipped: " + String.join(", ", skipped.stream().limit(3)
                        .map(k -> k.className() + " (" + k.reason() + ")").toList())
                        + (skipped.size() > 3 ? ", ... (rewrites.skipped in the file)" : ""));
    }

    /**
     * The locks of a result the agent can swap in: every library spec, {@code jdk-fair} included (the
     * agent makes each nonfair lock, a subclass's too, the JDK's fair lock); not {@code synchronized} or
     * {@code +yield} columns (not locks a program allocates).
     */
    static java.util.Set<String> swappable(ResultFiles.Loaded f) {
        java.util.Set<String> specs = new java.util.TreeSet<>();
        f.groups().forEach(g -> g.shapes().forEach(s -> s.locks().forEach(l -> specs.add(l.spec()))));
        specs.removeIf(spec -> !dev.mutexlab.locks.Locks.isKnown(spec));
        if (specs.isEmpty()) {
            specs.add("(none)"); // no lock of the file can be tried; an empty set would mean every lock
        }
        return specs;
    }

    /** The program's command with the agent swapping in {@code lock} (the main part as the JVM recorded it). */
    public static String tryCommand(ProfileReport r, Path agent, String lock) {
        String main = r.mainCommand() == null ? "<your program>" : r.mainCommand();
        String first = main.split(" ", 2)[0];
        String launch = first.endsWith(".jar") ? "-jar " + main : main;
        return "java -javaagent:" + agent + "=lock=" + lock + " <your JVM options and class path> " + launch;
    }

    /** {@code name} in at most {@code width} columns: its end, which names the method and line, kept. */
    static String tail(String name, int width) {
        return name == null || name.length() <= width ? String.valueOf(name) : "…" + name.substring(name.length() - width + 1);
    }

    private static String us(ProfileReport.Distribution d, int percentile) {
        if (d == null || d.count() == 0) {
            return "-";
        }
        double v = switch (percentile) {
            case 50 -> d.p50();
            case 99 -> d.p99();
            default -> d.max();
        };
        return String.format(Locale.ROOT, "%.2f", v / 1e3);
    }

    /** Whether {@code file} exists (a profile run may end before the agent wrote it). */
    public static boolean exists(Path file) {
        return Files.isRegularFile(file);
    }
}
