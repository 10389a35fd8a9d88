/**
 * The lab's arithmetic as pure functions: medians and ranges, fairness, ratios within a batch, and
 * the Mann–Whitney U test.
 *
 * <p>Layer: the bottom; imports nothing of the lab.
 *
 * <p>Open first: {@link dev.mutexlab.lab.stats.Metrics}.
 */
package dev.mutexlab.lab.stats;
