/**
 * The lab's arithmetic as pure functions: medians and ranges, fairness, ratios within a batch, and
 * the Mann–Whitney U test, the bootstrap (plain and by JVM), and the one verdict on a ratio
 * ({@link dev.mutexlab.lab.stats.RatioVerdicts}): faster, slower, within ±X%, or cannot tell.
 *
 * <p>Layer: the bottom; imports nothing of the lab.
 *
 * <p>Open first: {@link dev.mutexlab.lab.stats.Metrics}.
 */
package dev.mutexlab.lab.stats;
