package dev.mutexlab.lab.goruntime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.Lock;

/**
 * {@code sync.Mutex} as Go 1.0 shipped it: a word with a locked bit, a woken bit and a count of
 * waiters, no spinning, and contended lockers asleep on the runtime {@link Sema semaphore} — whose
 * queue the lock under test guards. This is how Go's {@code BenchmarkMutex} exercised the runtime
 * lock when the 2011 runtime-lock change was measured: not as the mutex itself, but beneath it, in
 * the semaphore's {@code semacquire}/{@code semrelease} (the sync.Mutex of 2011, in this design or
 * its simpler predecessor, slept on the runtime semaphore alike).
 *
 * <p>Not reentrant, not owned (any thread may unlock), as in Go.
 */
public final class SemaMutex {
    /* Implementation notes
     *
     * State word (int): bit 0 LOCKED, bit 1 WOKEN (a waiter has been woken and is on its way, so
     * unlock need not wake another), bits 2.. the number of waiters (WAITER steps).
     *
     * lock:   CAS(0, LOCKED) fast path; else loop: new = old | LOCKED; if old was LOCKED, count
     *         ourselves instead (new = old + WAITER); a thread back from the semaphore clears WOKEN;
     *         CAS(old, new): done if old was not LOCKED, else semacquire and go round as woken.
     * unlock: new = add(-LOCKED); loop: if no waiters, or LOCKED or WOKEN is set: return (someone
     *         else will see to it); CAS(old, (old - WAITER) | WOKEN): semrelease; return.
     *
     * All accesses are volatile reads and CASes (Go's atomics); the semaphore's count carries a
     * release that comes before the matching acquire, so no wake is lost.
     */
    private static final int LOCKED = 1;
    private static final int WOKEN = 2;
    private static final int WAITER = 4;

    private volatile int state;
    private final Sema sema;

    /** An unlocked mutex whose semaphore's queue {@code runtimeLock} guards. */
    public SemaMutex(Lock runtimeLock) {
        this.sema = new Sema(0, runtimeLock);
    }

    public void lock() {
        if (STATE.compareAndSet(this, 0, LOCKED)) {
            return;
        }
        boolean awoke = false;
        for (;;) {
            int old = state;
            int next = old | LOCKED;
            if ((old & LOCKED) != 0) {
                next = old + WAITER;
            }
            if (awoke) {
                next &= ~WOKEN; // we were the woken one: the flag is ours to clear
            }
            if (STATE.compareAndSet(this, old, next)) {
                if ((old & LOCKED) == 0) {
                    return;
                }
                sema.acquire();
                awoke = true;
            }
        }
    }

    public void unlock() {
        int next = (int) STATE.getAndAdd(this, -LOCKED) - LOCKED;
        if (((next + LOCKED) & LOCKED) == 0) {
            throw new IllegalStateException("sync: unlock of unlocked mutex");
        }
        int old = next;
        for (;;) {
            if (old < WAITER || (old & (LOCKED | WOKEN)) != 0) {
                return;
            }
            if (STATE.compareAndSet(this, old, (old - WAITER) | WOKEN)) {
                sema.release();
                return;
            }
            old = state;
        }
    }

    /** The word, for tests. */
    int stateForTest() {
        return state;
    }

    private static final VarHandle STATE;
    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(SemaMutex.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
