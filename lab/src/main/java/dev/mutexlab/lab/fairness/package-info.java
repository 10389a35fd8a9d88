/**
 * {@code mutexlab fairness}: the test-mutex benchmark of Linux's generic-mutex work
 * ({@code docs/background.md} §4), in child JVMs confined to P CPUs, with Ingo's deviance and the
 * per-task acquisition counts.
 *
 * <p>Layer: a measuring wing, on {@code runner} and {@code workload}; only {@code reproduce} and
 * {@code cli} use it.
 *
 * <p>Open first: {@link dev.mutexlab.lab.fairness.FairnessRunner}, then
 * {@link dev.mutexlab.lab.fairness.FairnessChild}.
 */
package dev.mutexlab.lab.fairness;
