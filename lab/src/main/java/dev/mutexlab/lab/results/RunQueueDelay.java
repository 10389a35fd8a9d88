package dev.mutexlab.lab.results;

/**
 * How long the threads of one measurement were runnable but not running, from Linux's
 * {@code /proc/self/task/<tid>/schedstat} (its second field: nanoseconds spent waiting on a run queue),
 * read for each thread at both ends of the measured window. On platform threads the threads are the
 * workers; on virtual threads they are the carriers (the OS threads the workers run on), since a
 * virtual thread has no run queue of its own that the kernel sees.
 *
 * @param of        {@code workers} or {@code carriers}
 * @param threads   how many threads were read at both ends
 * @param meanShare the threads' mean run-queue delay / the window
 * @param maxShare  the largest thread's run-queue delay / the window
 */
public record RunQueueDelay(String of, int threads, double meanShare, double maxShare) {
    public static final String WORKERS = "workers";
    public static final String CARRIERS = "carriers";
}
