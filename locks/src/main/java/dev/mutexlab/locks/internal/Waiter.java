package dev.mutexlab.locks.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * One blocked acquisition: the thread, a wake flag, and the fields the algorithms keep per waiter
 * (when it started waiting, whether ownership was handed to it). A node lives for one slow-path
 * acquisition and may be queued several times (Go re-queues a woken waiter that lost the race).
 *
 * <p>Wake protocol: the waker writes whatever it hands over ({@link #ticket}) with plain stores,
 * then {@link #signal()} publishes them with a volatile store of {@link #woken} and unparks the
 * thread. The waiter reads {@link #woken} (volatile) before reading the hand-over fields.
 * {@link LockSupport}'s permit makes an unpark that comes before the park harmless.
 */
public final class Waiter {
    /** {@link #block} result: signalled by a waker. */
    public static final int SIGNALLED = 0;
    /** {@link #block} result: the deadline passed first. */
    public static final int TIMED_OUT = 1;
    /** {@link #block} result: interrupted first (interruptible mode only); the flag is cleared. */
    public static final int INTERRUPTED = 2;

    /** Acquisition mode bit: give up when interrupted. */
    public static final int INTERRUPTIBLE = 1;
    /** Acquisition mode bit: give up at the deadline. */
    public static final int TIMED = 2;

    public final Thread thread = Thread.currentThread();
    /** When this acquisition first blocked (Go's {@code waitStartTime}); 0 until then. */
    public long startNanos;
    /** Set by a waker before {@link #signal()}: ownership or a count was handed to this waiter. */
    public int ticket;
    /** An algorithm-specific token (e.g. a small thread id for locks that pack ids into a word). */
    public int token;
    /** When a waker signalled this node, for locks that measure their wake-up latency; written before {@link #signal()}. */
    public long signalNanos;

    private volatile boolean woken;
    /** An interrupt was absorbed while waiting uninterruptibly; {@link #restoreInterrupt()} re-asserts it. */
    private boolean interruptedQuietly;

    // Links, guarded by the owning WaitQueue's guard.
    Waiter prev;
    Waiter next;
    boolean queued;

    /**
     * Prepares the node to wait (again): clears the wake flag and the ticket. A signal that
     * arrives after the reset is never lost; one that arrived before it is erased, which callers
     * make safe in one of two ways:
     * <ul>
     * <li>No waker can reach the node yet: it is reset before it is queued or pushed, and the
     *     queue guard's release or the push CAS publishes the reset before any waker can find it
     *     ({@link RuntimeSemaphore}, {@link Futex}, {@code SpinbitMutex}).
     * <li>The node stays queued ({@code KernelMutex}, {@code SemaphoreMutex}'s sleepers): the reset
     *     runs under the queue's guard, after the waiter's own attempt on the lock failed. Any
     *     signal it erases came from a waker that had already released the lock, so the attempt
     *     failed because another thread took the lock since, and that thread's release wakes a
     *     waiter again (a waker that signals under the guard cannot race with the reset at all).
     * </ul>
     * Opaque suffices: the only racing write is a signal's volatile store to the same flag, and
     * either order is covered above; the waiter's next volatile read sees the later of the two.
     */
    public void reset() {
        ticket = 0;
        WOKEN.setOpaque(this, false);
    }

    /**
     * Atomically moves {@link #ticket} from {@code expected} to {@code next}, for locks where a
     * waker and the waiter itself race to settle an offer (a handoff served or withdrawn).
     */
    public boolean casTicket(int expected, int next) {
        return TICKET.compareAndSet(this, expected, next);
    }

    /** The ticket as a waker's or the waiter's last CAS left it, for readers outside the wake protocol (monitoring). */
    public int getTicketAcquire() {
        return (int) TICKET.getAcquire(this);
    }

    /** Whether a waker has signalled this node. */
    public boolean isWoken() {
        return woken;
    }

    /** Wakes the waiter: publishes the hand-over fields and unparks the thread. */
    public void signal() {
        woken = true;
        LockSupport.unpark(thread);
    }

    /**
     * Parks until signalled, until {@code deadlineNanos} when {@code mode} has {@link #TIMED}, or
     * until interrupted when it has {@link #INTERRUPTIBLE}. In uninterruptible mode an interrupt is
     * absorbed and remembered for {@link #restoreInterrupt()}.
     *
     * @return {@link #SIGNALLED}, {@link #TIMED_OUT} or {@link #INTERRUPTED}
     */
    public int block(Object blocker, int mode, long deadlineNanos) {
        for (;;) {
            if (woken) {
                return SIGNALLED;
            }
            if (Thread.interrupted()) {
                if ((mode & INTERRUPTIBLE) != 0) {
                    return INTERRUPTED;
                }
                interruptedQuietly = true;
            }
            if ((mode & TIMED) != 0) {
                long remainingNanos = deadlineNanos - System.nanoTime();
                if (remainingNanos <= 0L) {
                    return TIMED_OUT;
                }
                LockSupport.parkNanos(blocker, remainingNanos);
            } else {
                LockSupport.park(blocker);
            }
        }
    }

    /** Parks until signalled, whatever happens: used when a signal is known to be on its way. */
    public void awaitSignal(Object blocker) {
        block(blocker, 0, 0L);
    }

    /** Remembers an interrupt that was consumed but must not be lost (the acquisition succeeded). */
    public void rememberInterrupt() {
        interruptedQuietly = true;
    }

    /** Re-asserts an interrupt absorbed while waiting; call once the acquisition is over. */
    public void restoreInterrupt() {
        if (interruptedQuietly) {
            interruptedQuietly = false;
            thread.interrupt();
        }
    }

    /**
     * Ends an acquisition that succeeded after waiting: an interrupt that the wait consumed
     * ({@code interrupted}) or absorbed is re-asserted, so the caller still sees it.
     */
    public void acquiredAfterWait(boolean interrupted) {
        if (interrupted) {
            rememberInterrupt();
        }
        restoreInterrupt();
    }

    /**
     * Consumes the current thread's interrupt if {@code mode} is {@link #INTERRUPTIBLE}: true when
     * the acquisition must give up for it (the caller remembers it, and re-asserts it with
     * {@link #acquiredAfterWait} if it acquires after all).
     */
    public static boolean takeInterrupt(int mode) {
        return (mode & INTERRUPTIBLE) != 0 && Thread.interrupted();
    }

    /** Whether the mode's deadline has passed. */
    public static boolean deadlinePassed(int mode, long deadlineNanos) {
        return (mode & TIMED) != 0 && deadlineNanos - System.nanoTime() <= 0L;
    }

    // VarHandle mechanics
    private static final VarHandle WOKEN;
    private static final VarHandle TICKET;
    static {
        try {
            WOKEN = MethodHandles.lookup().findVarHandle(Waiter.class, "woken", boolean.class);
            TICKET = MethodHandles.lookup().findVarHandle(Waiter.class, "ticket", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
