package dev.mutexlab.lab.results;

import dev.mutexlab.lab.stats.RatioVerdict;

/**
 * One cell's verdict as a result file records it: a lock's figure against the reference lock's in
 * the same place, ratio taken within each batch (docs/results-schema.md, "verdicts").
 *
 * @param group     the child JVM's group ({@code platform P=2})
 * @param where     the shape or workload, in words
 * @param lock      the lock judged
 * @param metric    the figure, with its unit ({@code acquisitions/s}, {@code ops/s}, ...)
 * @param reference the lock it is divided by (the first of {@code --locks})
 * @param aa        whether this cell is the A/A control (the reference against itself)
 * @param band      where the no-effect band comes from, in words
 * @param verdict   the ratio, its interval and the verdict
 * @param word      the verdict as the table prints it ({@code faster}, {@code ~ within ±5%}, ...)
 * @param lineNanos the machine's state the verdict speaks for: the median line probe (a cache line's
 *                  round trip between two CPUs, {@link Noise}) of the batches in the ratio; 0 where
 *                  not probed (commands without the probe, files written before it)
 * @param leftOut   batches left out of the ratio because the lock and the reference ran in different
 *                  states of the machine ({@link Noise#oneState})
 */
public record VerdictRow(String group, String where, String lock, String metric, String reference, boolean aa,
                         String band, RatioVerdict verdict, String word, double lineNanos, int leftOut) {
}
