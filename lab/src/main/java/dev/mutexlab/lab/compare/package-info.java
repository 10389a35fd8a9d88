/**
 * Locks compared with locks: the lab's one comparison (medians with spread, Mann–Whitney p-value),
 * the figures it pairs from a result file of any schema, and the text tables of a run and of two
 * result files side by side.
 *
 * <p>Layer: above {@code runner}, on {@code results}, {@code config} and {@code stats}; the report
 * and the measuring wings use it.
 *
 * <p>Open first: {@link dev.mutexlab.lab.compare.Comparison}, then
 * {@link dev.mutexlab.lab.compare.Figures} and {@link dev.mutexlab.lab.compare.RunTable}.
 */
package dev.mutexlab.lab.compare;
