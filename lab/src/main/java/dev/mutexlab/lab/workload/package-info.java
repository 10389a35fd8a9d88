/**
 * What a measuring child JVM runs: the workers of Go's starvation-mode experiment
 * ({@code lock; busy hold; unlock; busy outside}), calibrated busy work the JIT cannot remove, and
 * one measurement of one lock in one shape, the measurement's phase (which waits belong to the
 * window; the apps workloads use it too), and the instruments beside it: the hiccup meter (busy
 * threads, no lock) and the run-queue delay read from Linux's schedstat.
 *
 * <p>Layer: on {@code config}, {@code results} and {@code stats}; {@code runner} drives it.
 *
 * <p>Open first: {@link dev.mutexlab.lab.workload.Worker} and {@link dev.mutexlab.lab.workload.Phase}, then
 * {@link dev.mutexlab.lab.workload.Measurement} and {@link dev.mutexlab.lab.workload.BusyWork}; the
 * instruments in {@link dev.mutexlab.lab.workload.HiccupMeter} and {@link dev.mutexlab.lab.workload.SchedStat}.
 */
package dev.mutexlab.lab.workload;
