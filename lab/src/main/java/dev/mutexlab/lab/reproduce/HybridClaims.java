package dev.mutexlab.lab.reproduce;

import dev.mutexlab.lab.gobench.SuiteRunner;
import dev.mutexlab.lab.results.SuiteResult;
import dev.mutexlab.lab.stats.Bootstrap;
import dev.mutexlab.lab.stats.Bootstrap.Interval;
import dev.mutexlab.lab.stats.MannWhitney;
import dev.mutexlab.lab.stats.NoEffectBand;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The claims of Go's 2011 runtime-lock change ("runtime: improve Linux mutex"): its benchmark table,
 * old (the blocking futex lock, {@code futex:blocking}) ÷ new (the hybrid spin-then-sleep lock,
 * {@code futex}) ns/op at 1, 2, 4, 8 and 16 threads on two 4-core Xeon E5620s, against the same
 * ratio from {@code mutexlab suite} here. One finding per claim, benchmark, thread kind and
 * processor count: the ratio of the two locks' median ns/op with its bootstrap interval, judged with
 * the Mann–Whitney p-value of their runs as a second witness ({@link Verdicts#suite}). The suite
 * runs as replicas, one child JVM per (thread kind, P) each: the interval resamples by JVM where
 * there are two or more (a JVM's runs share its JIT's choices), while the p-value, a rank test,
 * takes every run as its own. A processor count of the source that the machine lacks gets a
 * "needs ≥ N CPUs" row.
 */
final class HybridClaims {
    /** The old lock's spec: Go's runtime lock before the change. */
    static final String OLD = "futex:blocking";
    /** The new lock's spec: the change's hybrid lock. */
    static final String NEW = "futex";
    /** The processor counts of the source's table (its -1 … -16 suffixes). */
    static final List<Integer> SOURCE_PROCS = List.of(1, 2, 4, 8, 16);

    /**
     * The source's ns/op, old then new, at {@link #SOURCE_PROCS}, by the lab's benchmark name.
     * {@code MutexOnSema} is the source's {@code BenchmarkMutex}: sync.Mutex on the runtime
     * semaphore, as it was then.
     */
    static final Map<String, double[][]> SOURCE = Map.of(
            "SelectContended", new double[][] {{521, 661, 1139, 2870, 5276}, {503, 320, 629, 878, 818}},
            "ChanContended", new double[][] {{112, 631, 682, 1601, 3100}, {103, 174, 272, 520, 372}},
            "ChanProdCons0", new double[][] {{273, 599, 1168, 2831, 4197}, {254, 400, 659, 1057, 1037}},
            "ChanProdCons10", new double[][] {{150, 607, 1137, 2115, 4283}, {140, 268, 404, 828, 855}},
            "ChanProdCons100", new double[][] {{117, 558, 722, 1840, 3394}, {110, 218, 287, 431, 448}},
            "MutexOnSema", new double[][] {{26.8, 108, 103, 109, 102}, {26.0, 45.2, 127, 147, 152}});

    /** The claims, in the page's order. */
    static final List<Claims.Claim> CLAIMS = List.of(Claims.HYBRID_CHAN, Claims.HYBRID_SELECT, Claims.HYBRID_MUTEX);

    /** Each claim's benchmarks. */
    static final Map<String, List<String>> BENCHMARKS = Map.of(
            Claims.HYBRID_CHAN.id(), List.of("ChanContended", "ChanProdCons0", "ChanProdCons10", "ChanProdCons100"),
            Claims.HYBRID_SELECT.id(), List.of("SelectContended"),
            Claims.HYBRID_MUTEX.id(), List.of("MutexOnSema"));

    /** Every benchmark the claims read, claim by claim: what the experiment runs. */
    static final List<String> ALL_BENCHMARKS = CLAIMS.stream().flatMap(c -> BENCHMARKS.get(c.id()).stream()).toList();

    private HybridClaims() {
    }

    /**
     * The findings of the three claims from the suite's results (one per replica), or "cannot tell"
     * when there is none.
     */
    static List<Finding> findings(List<SuiteResult> replicas, int cpus) {
        List<Finding> findings = new ArrayList<>();
        for (Claims.Claim claim : CLAIMS) {
            List<String> benchmarks = BENCHMARKS.get(claim.id());
            if (replicas.isEmpty()) {
                findings.add(Finding.none(claim.id(), "–", "–", source(benchmarks.get(0), 1),
                        "experiment " + Plan.HYBRID + " has no result"));
                continue;
            }
            List<SuiteResult.Group> groups = replicas.stream().flatMap(r -> r.groups().stream()).toList();
            String benchtime = replicas.stream().map(SuiteResult::config).filter(java.util.Objects::nonNull)
                    .map(SuiteResult.Config::benchtime).findFirst().orElse("?");
            for (String threads : groups.stream().map(SuiteResult.Group::threads).distinct().toList()) {
                for (String bench : benchmarks) {
                    for (int at = 0; at < SOURCE_PROCS.size(); at++) {
                        int p = SOURCE_PROCS.get(at);
                        SourceFigure source = source(bench, at);
                        List<SuiteResult.Group> jvms = groups.stream().filter(x -> x.threads().equals(threads) && x.procs() == p)
                                .toList();
                        if (jvms.isEmpty()) {
                            findings.add(Finding.none(claim.id(), threads, bench + " P=" + p, source, p > cpus
                                    ? "needs ≥ " + p + " CPUs (measured on " + cpus + ")"
                                    : "P = " + p + " is not in this plan (--quick measures fewer)"));
                            continue;
                        }
                        findings.add(row(claim, jvms, bench, source, benchtime));
                    }
                }
            }
        }
        return findings;
    }

    /** One benchmark at one thread kind and P, over the runs of every JVM in {@code jvms}. */
    private static Finding row(Claims.Claim claim, List<SuiteResult.Group> jvms, String bench, SourceFigure source,
                               String benchtime) {
        List<double[]> olds = jvms.stream().map(g -> SuiteRunner.values(g, bench, OLD)).toList();
        List<double[]> nows = jvms.stream().map(g -> SuiteRunner.values(g, bench, NEW)).toList();
        double[] old = olds.stream().flatMapToDouble(java.util.Arrays::stream).toArray();
        double[] now = nows.stream().flatMapToDouble(java.util.Arrays::stream).toArray();
        // old ÷ new: the ratio of the two sets' medians, each set resampled on its own (by JVM where
        // there are two or more); n is the smaller set
        Interval interval = Bootstrap.ratioOfMedians(now, jvmOf(nows), old, jvmOf(olds));
        SuiteResult.Group g = jvms.get(0);
        double p = MannWhitney.pValue(old, now);
        String text = interval.isEmpty() ? "–" : String.format(Locale.ROOT, "%s (p = %.3f, n = %d + %d)",
                Claims.number(interval.median()) + (Verdicts.decidable(interval) ? " " + Claims.bracketed(interval) : ""), p,
                old.length, now.length);
        return new Finding(claim.id(), g.threads(), bench + " P=" + g.procs(), source, text, interval,
                NoEffectBand.FIXED.text() + ", Mann–Whitney p < " + Verdicts.ALPHA, Math.min(old.length, now.length) + " runs × "
                + benchtime + " per lock, " + jvms.size() + (jvms.size() == 1 ? " JVM" : " JVMs"), "",
                Verdicts.suite(source, interval, p), interval.isEmpty() ? "neither lock measured on " + bench : "");
    }

    /** Each value's JVM, for values laid out JVM after JVM as {@code byJvm} holds them. */
    private static int[] jvmOf(List<double[]> byJvm) {
        int[] jvm = new int[byJvm.stream().mapToInt(v -> v.length).sum()];
        int at = 0;
        for (int j = 0; j < byJvm.size(); j++) {
            for (int k = 0; k < byJvm.get(j).length; k++) {
                jvm[at++] = j;
            }
        }
        return jvm;
    }

    /** The source's old ÷ new for one benchmark at the {@code at}-th processor count. */
    static SourceFigure source(String bench, int at) {
        double[][] t = SOURCE.get(bench);
        double r = t[0][at] / t[1][at];
        int p = SOURCE_PROCS.get(at);
        return SourceFigure.of(r, String.format(Locale.ROOT, "%s (%s → %s ns/op at %d thread%s; 2 × Xeon E5620)",
                Claims.times(r), trim(t[0][at]), trim(t[1][at]), p, p == 1 ? "" : "s"));
    }

    private static String trim(double nsPerOp) {
        return nsPerOp == Math.rint(nsPerOp) ? String.valueOf((long) nsPerOp) : String.valueOf(nsPerOp);
    }
}
