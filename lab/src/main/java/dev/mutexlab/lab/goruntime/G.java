package dev.mutexlab.lab.goruntime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * The blocking side of one wait, as Go's {@code g} is for {@code gopark}/{@code goready}: the thread
 * that waits, the {@link Sudog} that woke it ({@code param}), and, for a {@link Select}, the
 * {@code selectDone} flag that lets exactly one channel win the waiting select.
 *
 * <p>Implementation notes. {@link #ready(Sudog)} writes {@code param} and then the volatile
 * {@code readied} flag, then unparks; {@link #park()} loops on {@code readied}, so everything the
 * waker wrote before {@code ready} (the sudog's element and {@code success}) is visible to the woken
 * thread, spurious wake-ups and early unparks are harmless, and a stale unpark permit left for the
 * thread only costs a later {@code park} one extra loop. One {@code G} serves one wait (or one
 * select); {@link Sema} re-arms it with {@link #rearm()} when it queues again.
 */
final class G {
    final Thread thread = Thread.currentThread();
    private Sudog param;            // written before readied, read after it: ordered by readied
    private volatile boolean readied;
    private volatile int selectDone;

    /** Go's {@code gopark} after the unlock: waits until {@link #ready} and returns the waking sudog. */
    Sudog park() {
        while (!readied) {
            LockSupport.park(this);
        }
        return param;
    }

    /** Go's {@code goready(gp)} with {@code gp.param = sg}. Call it with no lock held. */
    void ready(Sudog sg) {
        param = sg;
        readied = true;
        LockSupport.unpark(thread);
    }

    /** Makes this G parkable again (the waker of the previous wait is done with it). */
    void rearm() {
        param = null;
        readied = false;
    }

    /** Go's {@code gp.selectDone.CompareAndSwap(0, 1)}: whether this caller wins the select. */
    boolean casSelectDone() {
        return SELECT_DONE.compareAndSet(this, 0, 1);
    }

    // VarHandle mechanics
    private static final VarHandle SELECT_DONE;

    static {
        try {
            SELECT_DONE = MethodHandles.lookup().findVarHandle(G.class, "selectDone", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
