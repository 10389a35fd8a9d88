package dev.mutexlab.locks.internal;

import java.util.List;
import java.util.function.IntSupplier;

/**
 * An emulation of Linux's {@code futex(2)} for one address: {@link #sleep} blocks only while the
 * watched value still equals the expected one, and {@link #wake} wakes up to {@code n} sleepers.
 * Like the real futex, it keeps no count and no state of its own: the lock's word is the state,
 * and a wake with nobody asleep is simply lost (which is the point: the lock word must say that
 * someone sleeps before anyone relies on a wake).
 *
 * <p>Implementation notes. The kernel makes "compare the value, then sleep" atomic with respect to
 * {@code FUTEX_WAKE} by hashing both onto one locked bucket. Here the sleeper first enqueues
 * itself under the queue's guard and only then re-reads the value; a waker changes the value
 * first and only then takes the guard to dequeue. Whichever of the two guard sections comes
 * second sees the other's effect: either the sleeper's re-read sees the new value (and it does not
 * park), or the waker finds the sleeper queued (and signals it). {@link java.util.concurrent.locks.LockSupport}'s permit makes
 * a signal that arrives before the park harmless, so no wakeup is lost.
 *
 * <p>Cancellation: a sleeper whose wait times out or is interrupted removes itself under the guard.
 * If it is no longer queued, a waker already dequeued it and its signal is on the way: the sleep
 * then counts as woken ({@link #WOKEN}), so the caller can pass the wake on instead of dropping it.
 *
 * @see <a href="https://man7.org/linux/man-pages/man2/futex.2.html">futex(2)</a>
 */
public final class Futex {
    /** {@link #sleep} result: dequeued and signalled by {@link #wake}. */
    public static final int WOKEN = 0;
    /** {@link #sleep} result: the value no longer matched, so the caller did not sleep. */
    public static final int VALUE_CHANGED = 1;
    /** {@link #sleep} result: the deadline passed while asleep; no wake was consumed. */
    public static final int TIMED_OUT = 2;
    /** {@link #sleep} result: interrupted while asleep (interruptible mode); no wake was consumed. */
    public static final int INTERRUPTED = 3;

    private final WaitQueue queue = new WaitQueue();

    /**
     * {@code futex(FUTEX_WAIT, expected)}: sleeps while {@code value} reads {@code expected}, until
     * woken, until {@code deadlineNanos} when {@code mode} has {@link Waiter#TIMED}, or until
     * interrupted when it has {@link Waiter#INTERRUPTIBLE}. An interrupt that arrives after a waker
     * dequeued the node is re-asserted, and the result is {@link #WOKEN}.
     *
     * @param node this thread's waiter node (reset here)
     * @return {@link #WOKEN}, {@link #VALUE_CHANGED}, {@link #TIMED_OUT} or {@link #INTERRUPTED}
     */
    public int sleep(IntSupplier value, int expected, Waiter node, int mode, long deadlineNanos, Object blocker) {
        queue.lockGuard();
        node.reset();
        queue.add(node, false);
        queue.unlockGuard();
        if (value.getAsInt() != expected) { // the re-check that makes check-and-sleep atomic
            return queue.removeOrAwaitSignal(node, blocker) ? VALUE_CHANGED : WOKEN;
        }
        int r = node.block(blocker, mode, deadlineNanos);
        if (r == Waiter.SIGNALLED) {
            return WOKEN;
        }
        if (queue.removeOrAwaitSignal(node, blocker)) {
            return r == Waiter.TIMED_OUT ? TIMED_OUT : INTERRUPTED;
        }
        if (r == Waiter.INTERRUPTED) {
            Thread.currentThread().interrupt(); // we consumed a wake; let the caller see the interrupt later
        }
        return WOKEN;
    }

    /**
     * {@code futex(FUTEX_WAKE, n)}: wakes up to {@code n} sleepers, oldest first.
     *
     * @return how many were woken
     */
    public int wake(int n) {
        // Unguarded emptiness check: the caller changed the value (volatile) before this volatile
        // read of the size, and a sleeper raises the size (volatile) before it re-reads the value,
        // so a sleeper that this read misses will see the new value and not park.
        if (queue.isEmpty()) {
            return 0;
        }
        Waiter[] woken = new Waiter[Math.min(n, 8)];
        int count = 0;
        queue.lockGuard();
        while (count < n) {
            Waiter w = queue.pollFirst();
            if (w == null) {
                break;
            }
            if (count == woken.length) {
                woken = java.util.Arrays.copyOf(woken, count * 2);
            }
            woken[count++] = w;
        }
        queue.unlockGuard();
        for (int i = 0; i < count; i++) {
            woken[i].signal(); // outside the guard, like the kernel's wake_q
        }
        return count;
    }

    /** The number of queued sleepers (an estimate unless quiescent). */
    public int sleepers() {
        return queue.size();
    }

    /** The sleeping threads, for monitoring. */
    public List<Thread> sleepingThreads() {
        return queue.threads();
    }
}
