/**
 * The one child-JVM pipeline: every measuring command writes a task file, starts a child JVM
 * confined to P CPUs, reads its events and its group file, and shows a progress bar meanwhile;
 * plus the JFR recording of those children ({@code run --jfr}).
 *
 * <p>Layer: on {@code workload}, {@code config} and {@code results}; every measuring wing runs
 * through it.
 *
 * <p>Open first: {@link dev.mutexlab.lab.runner.GroupLauncher}, then
 * {@link dev.mutexlab.lab.runner.Confinement} (how P is enforced) and
 * {@link dev.mutexlab.lab.runner.RunOrchestrator} ({@code mutexlab run}).
 */
package dev.mutexlab.lab.runner;
