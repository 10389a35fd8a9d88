package dev.mutexlab.lab.apps;

import java.util.List;
import java.util.concurrent.locks.Lock;
import java.util.function.Supplier;

/**
 * One workload's shared structure on one lock, and what its threads do to it. A workload is written
 * twice over one body: against {@link Lock} and {@link java.util.concurrent.locks.Condition} (the
 * lock under test, from {@code locks}), and as {@code synchronized} with {@code wait}/{@code notify}
 * when {@code locks} is null; the structure's own code (the unguarded part) is shared.
 *
 * @param <A> the workload's thread state
 */
abstract class App<A extends Actor> {
    /** The lock under test: a fresh lock per call, or null for {@code synchronized}. */
    final Supplier<Lock> locks;

    App(Supplier<Lock> locks) {
        this.locks = locks;
    }

    /** Whether the structure is guarded by {@code synchronized}. */
    final boolean monitor() {
        return locks == null;
    }

    /** The state of thread {@code index} (of {@code threads}). */
    abstract A actor(int index, int threads, long seed);

    /** One operation of {@code actor}, with the work outside the lock that goes with it. */
    abstract void operate(A actor) throws InterruptedException;

    /** Wakes every thread blocked in the structure once the threads are told to stop (a closed queue). */
    void close() {
    }

    /**
     * The workload's own check, once every thread has stopped: that nothing was lost and that sizes
     * and counts add up.
     *
     * @return null when consistent, else one line saying what is wrong
     */
    abstract String check(List<A> actors);
}
