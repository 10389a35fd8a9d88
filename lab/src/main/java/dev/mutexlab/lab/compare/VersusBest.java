package dev.mutexlab.lab.compare;

import dev.mutexlab.lab.results.GroupResult;
import dev.mutexlab.lab.results.LockResult;
import dev.mutexlab.lab.results.Noise;
import dev.mutexlab.lab.results.Sample;
import dev.mutexlab.lab.results.ShapeResult;
import dev.mutexlab.lab.stats.Metrics;
import dev.mutexlab.lab.stats.Spread;
import java.util.ArrayList;
import java.util.List;

/**
 * The first lock against the best of the others, shape by shape: in each batch, the first lock's
 * throughput divided by the highest throughput any other lock reached in that same batch; the
 * shape's figure is the median over batches, leaving out a batch in which the machine changed state
 * between the first lock's window and another's ({@link Noise#oneState}). This is the question a lock that claims to be
 * "never worse than the best of the rest" has to answer: 1.0 means it matched the best lock of
 * that shape, 0.95 that it came within 5%.
 */
public final class VersusBest {
    /** A shape counts as matched when its ratio is at least this (within 5% of the best). */
    public static final double MATCHED = 0.95;

    /**
     * One thread kind's verdict over its shapes.
     *
     * @param threads  the thread kind
     * @param lock     the first lock
     * @param others   the locks it is compared with
     * @param shapes   shapes with a ratio
     * @param matched  shapes where the ratio is at least {@link #MATCHED}
     * @param ratios   median (min–max) of the shapes' ratios
     */
    public record Summary(String threads, String lock, List<String> others, int shapes, int matched, Spread ratios) {
        /** The share of shapes matched, 0..1. */
        public double matchedShare() {
            return shapes == 0 ? Double.NaN : (double) matched / shapes;
        }
    }

    private VersusBest() {
    }

    /** The first lock's throughput over the best other lock's, within each batch; median over batches (NaN if none). */
    public static double ratio(ShapeResult shape) {
        List<LockResult> locks = shape.locks();
        if (locks.size() < 2) {
            return Double.NaN;
        }
        List<Double> perBatch = new ArrayList<>();
        for (Sample first : locks.get(0).runs()) {
            double best = 0;
            boolean oneState = true;
            for (int li = 1; li < locks.size(); li++) {
                if (locks.get(li).spec().equals(locks.get(0).spec())) {
                    continue; // the first lock's own A/A copy is not another lock
                }
                for (Sample other : locks.get(li).runs()) {
                    if (other.run() == first.run()) {
                        best = Math.max(best, other.throughputPerSec());
                        oneState &= Noise.oneState(first.noise(), other.noise());
                    }
                }
            }
            if (best > 0 && oneState) {
                perBatch.add(first.throughputPerSec() / best);
            }
        }
        return perBatch.isEmpty() ? Double.NaN : Metrics.median(perBatch.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** One summary per thread kind, in the order the groups come; empty when fewer than three locks ran. */
    public static List<Summary> of(List<GroupResult> groups) {
        List<Summary> list = new ArrayList<>();
        for (String kind : groups.stream().map(GroupResult::threads).distinct().toList()) {
            List<ShapeResult> shapes = groups.stream().filter(g -> g.threads().equals(kind))
                    .flatMap(g -> g.shapes().stream()).toList();
            if (shapes.isEmpty() || shapes.get(0).locks().size() < 3) {
                continue;
            }
            List<String> specs = shapes.get(0).locks().stream().map(LockResult::spec).toList();
            List<Double> ratios = new ArrayList<>();
            for (ShapeResult s : shapes) {
                double r = ratio(s);
                if (!Double.isNaN(r)) {
                    ratios.add(r);
                }
            }
            if (ratios.isEmpty()) {
                continue;
            }
            double[] values = ratios.stream().mapToDouble(Double::doubleValue).toArray();
            int matched = (int) ratios.stream().filter(r -> r >= MATCHED).count();
            list.add(new Summary(kind, specs.get(0), specs.subList(1, specs.size()), values.length, matched,
                    Metrics.spread(values)));
        }
        return list;
    }
}
