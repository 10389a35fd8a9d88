package dev.mutexlab.real;

/**
 * One measurement's instance of a workload: the library's structure, built fresh, and what each
 * thread does to it. {@link RealMeasurement} calls {@link #operate} in a loop on every thread, then
 * {@link #leave} as each thread's loop ends, {@link #stop} once the window is over (to unblock any
 * thread waiting inside the library), {@link #check} once every thread has stopped, and
 * {@link #close} last.
 */
interface Session extends AutoCloseable {
    /** One operation of thread {@code thread}, with the busy work outside the library that goes with it. */
    void operate(int thread) throws Exception;

    /** Thread {@code thread}'s loop has ended (normally or by a failure). */
    default void leave(int thread) {
    }

    /** The window is over and the threads are told to stop: wake any thread blocked inside the library. */
    default void stop() throws Exception {
    }

    /**
     * The workload's check once every thread has stopped.
     *
     * @param opsPerThread every operation each thread completed, warm-up included
     * @return null when nothing was lost or corrupted, else one line saying what is wrong
     */
    String check(long[] opsPerThread) throws Exception;

    /** Releases what the session holds (temporary files, pool threads). */
    @Override
    default void close() throws java.io.IOException {
    }
}
