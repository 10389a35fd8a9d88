package dev.mutexlab.lab.runner;

import dev.mutexlab.lab.results.Noise;
import dev.mutexlab.lab.results.Sample;
import dev.mutexlab.lab.stats.Bootstrap;
import dev.mutexlab.lab.stats.Metrics;
import dev.mutexlab.lab.stats.NoEffectBand;
import dev.mutexlab.lab.stats.RatioVerdicts;
import java.util.ArrayList;
import java.util.List;

/**
 * Adaptive replication inside one group's JVM ({@code run}, {@code sweep} and {@code fairness --budget}): after a
 * shape's planned batches, {@link GroupRunner} adds batches of every lock (the rotation and the batch
 * numbers go on) while some lock's throughput ratio to the first lock cannot be told yet and the
 * shape's share of the budget pays for another batch.
 *
 * <p>The rule is the tables' ({@link RatioVerdicts}): a ratio is undecided while it has fewer than
 * {@value RatioVerdicts#MIN_BATCHES} batches or its interval crosses an edge of the no-effect band.
 * The band is {@link NoEffectBand}'s: the ±5% margin, widened only where the shape's A/A copies'
 * ratios (with {@code --aa}) reach beyond it, so a shape stops adding batches as soon as its cells
 * are decided against the band the tables judge them by. The tables pool the A/A ratios of the whole
 * group rather than the shape's, so a cell this rule calls decided can still be "cannot tell" there
 * where one shape's control passes the check and the group's does not. An A/A copy itself is judged
 * against the margin ({@link NoEffectBand#AA_COPY}), as in the tables: it is decided once the shape's
 * batches show the lab's offset inside ±5%, or beyond it.
 *
 * <p>The budget: each shape may spend an equal share of what is left of the group's budget, so a
 * shape that decides early leaves its time to the shapes after it. No shape takes more than
 * {@value #MAX_BATCHES} batches: a ratio that sits on a band's edge never decides, and the time is
 * better left to the others. Batches in one JVM share its JIT decisions; the verdict then speaks for
 * that JVM (see {@link RatioVerdicts}).
 */
public final class Replication {
    /** The most batches one shape takes, planned and added. */
    public static final int MAX_BATCHES = 30;

    private long leftNanos;
    private int shapesLeft;

    /**
     * @param budgetNanos the time the group may spend on added batches (0: none)
     * @param shapes      the shapes the group will measure
     */
    Replication(long budgetNanos, int shapes) {
        this.leftNanos = Math.max(0, budgetNanos);
        this.shapesLeft = shapes;
    }

    /** What the next shape may spend on added batches: an equal share of what is left. */
    long allowanceNanos() {
        return shapesLeft <= 0 ? 0 : leftNanos / shapesLeft;
    }

    /** The next shape is done, having spent {@code nanos} on added batches. */
    void shapeDone(long nanos) {
        leftNanos = Math.max(0, leftNanos - nanos);
        shapesLeft = Math.max(0, shapesLeft - 1);
    }

    /**
     * A batch's throughputs in spec order, as the rule above reads them: NaN for a lock whose window the
     * line probes place in another state of the machine than the first lock's ({@link Noise#oneState}).
     * The tables leave such a ratio out ({@code CellVerdicts}), so it must not decide here either, and
     * a shape whose batches straddle a change of state adds batches until enough fall in one.
     */
    static double[] throughputs(Sample[] batch) {
        double[] out = new double[batch.length];
        for (int i = 0; i < batch.length; i++) {
            out[i] = i == 0 || Noise.oneState(batch[0].noise(), batch[i].noise()) ? batch[i].throughputPerSec() : Double.NaN;
        }
        return out;
    }

    /**
     * How many locks after the first have a throughput ratio to it that cannot be told yet.
     *
     * @param specs   the locks, first the reference (an A/A copy has the reference's spec)
     * @param batches the batches measured so far, each the throughput of every lock in spec order (NaN:
     *                left out of that lock's ratio)
     */
    public static int undecided(List<String> specs, List<double[]> batches) {
        double[][] throughput = new double[specs.size()][batches.size()];
        for (int b = 0; b < batches.size(); b++) {
            for (int i = 0; i < specs.size(); i++) {
                throughput[i][b] = batches.get(b)[i];
            }
        }
        double[][] ratios = Metrics.ratiosWithinBatch(throughput);
        List<Double> aa = new ArrayList<>();
        for (int i = 1; i < specs.size(); i++) {
            if (specs.get(i).equals(specs.getFirst())) {
                for (double r : ratios[i]) {
                    if (Double.isFinite(r)) {
                        aa.add(r);
                    }
                }
            }
        }
        NoEffectBand band = aa.isEmpty() ? NoEffectBand.FIXED
                : NoEffectBand.of(Bootstrap.median(aa.stream().mapToDouble(Double::doubleValue).toArray()), "A/A");
        int undecided = 0;
        for (int i = 1; i < specs.size(); i++) {
            boolean copy = specs.get(i).equals(specs.getFirst());
            if (RatioVerdicts.of(ratios[i], null, copy ? NoEffectBand.AA_COPY : band).undecided()) {
                undecided++;
            }
        }
        return undecided;
    }
}
