package dev.mutexlab.lab.reproduce;

import dev.mutexlab.lab.gobench.SuiteRunner;
import dev.mutexlab.lab.results.SuiteResult;
import dev.mutexlab.lab.stats.Metrics;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The claims of Go's 2011 runtime-lock change ("runtime: improve Linux mutex"): its benchmark table,
 * old (the blocking futex lock, {@code futex:blocking}) ÷ new (the hybrid spin-then-sleep lock,
 * {@code futex}) ns/op at 1, 2, 4, 8 and 16 threads on two 4-core Xeon E5620s, against the same
 * ratio from {@code mutexlab suite} here. One finding per claim and processor count; a family of
 * benchmarks (the channel claim) is read as the median of its benchmarks' ratios, against the
 * range of the source's.
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

    /** The findings of the three claims from the suite's result, or "cannot tell" when there is none. */
    static List<Finding> findings(SuiteResult result) {
        List<Finding> findings = new ArrayList<>();
        for (Claims.Claim claim : CLAIMS) {
            List<String> benchmarks = BENCHMARKS.get(claim.id());
            if (result == null) {
                findings.add(new Finding(claim.id(), "–", source(benchmarks, 1), "–", Double.NaN, Verdict.CANNOT_TELL,
                        "experiment " + Plan.HYBRID + " has no result"));
                continue;
            }
            for (SuiteResult.Group g : result.groups()) {
                int at = SOURCE_PROCS.indexOf(g.procs());
                if (at < 0) {
                    continue; // the source has no figure for this P
                }
                SourceFigure source = source(benchmarks, at);
                List<Double> ratios = new ArrayList<>();
                for (String bench : benchmarks) {
                    double old = Metrics.median(SuiteRunner.values(g, bench, OLD));
                    double now = Metrics.median(SuiteRunner.values(g, bench, NEW));
                    if (old > 0 && now > 0) {
                        ratios.add(old / now);
                    }
                }
                double[] v = ratios.stream().mapToDouble(Double::doubleValue).toArray();
                double here = v.length == 0 ? Double.NaN : Metrics.median(v);
                String text = v.length == 0 ? "–" : v.length == 1 ? Claims.times(here)
                        : Claims.times(here) + " (" + Claims.times(Metrics.spread(v).min()) + "–" + Claims.times(Metrics.spread(v).max())
                        + ", " + v.length + " benchmarks)";
                findings.add(new Finding(claim.id(), g.threads() + " P=" + g.procs(), source, text, here,
                        Verdicts.ratio(source, here), v.length == 0 ? "neither lock measured on " + String.join(", ", benchmarks) : ""));
            }
        }
        return findings;
    }

    /** The source's old ÷ new at the {@code at}-th processor count: one benchmark's ratio, or the range over several. */
    static SourceFigure source(List<String> benchmarks, int at) {
        double low = Double.POSITIVE_INFINITY;
        double high = 0;
        for (String bench : benchmarks) {
            double[][] t = SOURCE.get(bench);
            double r = t[0][at] / t[1][at];
            low = Math.min(low, r);
            high = Math.max(high, r);
        }
        int p = SOURCE_PROCS.get(at);
        if (benchmarks.size() == 1) {
            double[][] t = SOURCE.get(benchmarks.get(0));
            return SourceFigure.of(low, String.format(Locale.ROOT, "%s (%s → %s ns/op at %d thread%s; 2 × Xeon E5620)",
                    Claims.times(low), trim(t[0][at]), trim(t[1][at]), p, p == 1 ? "" : "s"));
        }
        return SourceFigure.range(low, high, String.format(Locale.ROOT, "%s–%s over %d benchmarks at %d thread%s (2 × Xeon E5620)",
                Claims.times(low), Claims.times(high), benchmarks.size(), p, p == 1 ? "" : "s"));
    }

    private static String trim(double nsPerOp) {
        return nsPerOp == Math.rint(nsPerOp) ? String.valueOf((long) nsPerOp) : String.valueOf(nsPerOp);
    }
}
