package dev.mutexlab.lab.real;

/**
 * What the parent asks one child JVM of {@code mutexlab real} to measure: one workload driving a
 * third-party library, on the lock the agent swapped in ({@code lock}; {@code jdk}: no swap), for a
 * warm-up and a measured window.
 *
 * @param workload      the workload's name ({@code logback-file}, {@code queue}, ...)
 * @param lock          the lock spec the agent was given, as the sample names it
 * @param threads       {@code platform} or {@code virtual}
 * @param procs         the CPUs the child is confined to
 * @param workers       the threads driving the library
 * @param outsideNanos  busy work per operation outside the library's calls (a request's own work)
 * @param warmupNanos   the unmeasured warm-up
 * @param durationNanos the measured window
 * @param seed          the seed of every random choice the workload makes
 * @param run           the batch, from 0
 * @param order         the lock's position in that batch's rotated order
 */
public record RealTask(String workload, String lock, String threads, int procs, int workers, long outsideNanos,
                       long warmupNanos, long durationNanos, long seed, int run, int order) {
}
