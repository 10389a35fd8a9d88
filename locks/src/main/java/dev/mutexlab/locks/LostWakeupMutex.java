package dev.mutexlab.locks;

import dev.mutexlab.locks.internal.Waiter;
import dev.mutexlab.locks.internal.WaitQueue;
import java.util.Collection;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A deliberately broken lock that loses wakeups: mutual exclusion holds, but now and then an
 * unlock takes a blocked waiter off the queue and never wakes it, so that waiter sleeps forever
 * while the lock is free. It is a control of {@code mutexlab torture} (spec
 * {@code busted:lostwakeup}): the torture must report it as a FAILURE for a stuck writer (lost
 * wakeup) and not for an exclusion violation. Never use it for anything else; it is not listed
 * among the real locks.
 *
 * <p>Implementation notes. The state word is 0 (free) or 1 (held). {@code tryAcquireOnce} CASes
 * 0 → 1. A blocked acquirer enqueues itself under the queue's guard, re-tries the CAS (so an
 * unlock that ran before the enqueue cannot be missed), and parks; woken, it dequeues nothing (the
 * waker did) and loops. {@code releaseCore} stores 0 with release semantics and then, under the
 * guard, polls the first waiter and signals it — except that every {@link #DROP_EVERY}th such
 * wakeup of an uninterruptible, untimed waiter is dropped: the node is dequeued and never
 * signalled. Timed and interruptible waiters are never dropped, so only plain {@code lock()} calls
 * get stuck, and they get stuck for good.
 */
final class LostWakeupMutex extends AbstractMutex {
    /** One wakeup of an untimed, uninterruptible waiter in this many is lost. */
    static final int DROP_EVERY = 16;

    private volatile int state;
    private final WaitQueue queue = new WaitQueue();
    /** Eligible wakeups so far; guarded by the queue's guard. */
    private long eligibleWakeups;

    LostWakeupMutex(boolean recordStats) {
        super(recordStats);
    }

    @Override
    protected boolean tryAcquireOnce() {
        return state == 0 && STATE.compareAndSet(this, 0, 1);
    }

    @Override
    protected boolean acquireCore(int mode, long deadlineNanos) throws InterruptedException {
        // loop: try; enqueue; re-try (dequeue self on success); park; on timeout/interrupt leave the queue
        Waiter w = new Waiter();
        w.token = mode;
        for (;;) {
            if (tryAcquireOnce()) {
                w.restoreInterrupt();
                return true;
            }
            w.reset();
            queue.lockGuard();
            queue.add(w, false);
            queue.unlockGuard();
            if (tryAcquireOnce()) {
                leave(w);
                w.restoreInterrupt();
                return true;
            }
            int r = w.block(parkBlocker(), mode, deadlineNanos);
            if (r != Waiter.SIGNALLED) {
                leave(w);
                if (tryAcquireOnce()) {
                    return true;
                }
                if (r == Waiter.INTERRUPTED) {
                    throw new InterruptedException();
                }
                return false;
            }
        }
    }

    /** Takes {@code w} out of the queue; if a waker had already taken it, passes the wakeup on. */
    private void leave(Waiter w) {
        queue.lockGuard();
        boolean wasQueued = queue.remove(w);
        queue.unlockGuard();
        if (!wasQueued && state == 0) {
            wakeOne(); // we consumed a wakeup meant for someone; do not lose it on purpose here
        }
    }

    @Override
    protected void releaseCore() {
        STATE.setRelease(this, 0);
        wakeOne();
    }

    private void wakeOne() {
        queue.lockGuard();
        Waiter first = queue.pollFirst();
        boolean drop = first != null && first.token == 0 && ++eligibleWakeups % DROP_EVERY == 0;
        queue.unlockGuard();
        if (first != null && !drop) {
            first.signal();
        }
    }

    @Override
    protected boolean isLockedCore() {
        return state != 0;
    }

    @Override
    protected int queueLengthCore() {
        return queue.size();
    }

    @Override
    protected Collection<Thread> queuedThreadsCore() {
        return queue.threads();
    }

    @Override
    protected String stateString() {
        return "state=" + state + ", waiters=" + queue.size();
    }

    // VarHandle mechanics
    private static final VarHandle STATE;
    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(LostWakeupMutex.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
