/**
 * {@code mutexlab sweep}: the 108-shape grid of Go's starvation-mode experiment, measured shape by
 * shape as {@code mutexlab run} measures, journaled so that an interrupted sweep resumes.
 *
 * <p>Layer: a measuring wing, on {@code runner} and {@code compare}.
 *
 * <p>Open first: {@link dev.mutexlab.lab.sweep.Sweep}, then
 * {@link dev.mutexlab.lab.sweep.SweepJournal}.
 */
package dev.mutexlab.lab.sweep;
