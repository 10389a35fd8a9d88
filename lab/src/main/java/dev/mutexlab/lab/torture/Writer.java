package dev.mutexlab.lab.torture;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.LockSupport;

/**
 * A torture writer: loops over a random mix of {@code lock}, {@code tryLock}, timed
 * {@code tryLock} and {@code lockInterruptibly}; inside, it runs the owner and exclusion checks,
 * bumps the shared non-atomic counter, sometimes re-enters, waits on or signals the condition, and
 * holds for a random short time or — rarely — the long-hold time; outside, it delays a little,
 * pauses with the others when the run stutters, and crashes when the watchdog asks it to.
 */
final class Writer implements Runnable {
    /** Percent thresholds of the operation mix: lock, tryLock, timed tryLock, lockInterruptibly. */
    private static final int LOCK_PCT = 35;
    private static final int TRY_LOCK_PCT = 55;
    private static final int TIMED_TRY_LOCK_PCT = 80;
    /** Out of 1024 critical sections: how many re-enter, how many use the condition. */
    private static final int REENTER_PER_1024 = 48;
    private static final int CONDITION_PER_1024 = 32;
    private static final long MAX_TIMED_WAIT_NANOS = 2_000_000L;

    private final LockRun run;
    private final WriterSlot slot;
    private final Lock lock;
    private final LockInspector inspector;
    private final Condition condition;
    private final SplittableRandom rng;

    // The current critical section (this thread only).
    private boolean ownsSentinel;
    private long expectedCounter;

    Writer(LockRun run, WriterSlot slot, long seed) {
        this.run = run;
        this.slot = slot;
        this.lock = run.lock;
        this.inspector = run.inspector;
        this.condition = run.condition;
        this.rng = new SplittableRandom(seed);
    }

    @Override
    public void run() {
        try {
            loop();
        } catch (InjectedCrash e) {
            slot.crashed = true;
        } catch (IllegalMonitorStateException e) {
            run.fail(FailureKind.OWNER, () -> slot.name() + " threw " + e);
            slot.crashed = true;
        } catch (Throwable t) {
            run.fail(FailureKind.EXCEPTION, () -> slot.name() + " threw " + t);
            slot.crashed = true;
        } finally {
            slot.done = true;
        }
    }

    private void loop() {
        while (!run.stopping) {
            run.awaitStutter();
            if (slot.crashRequested) {
                crash();
            }
            if (acquire(rng.nextInt(100))) {
                try {
                    criticalSection();
                } finally {
                    release();
                }
            }
            outsideDelay();
            slot.step();
        }
    }

    /** Throws, holding nothing, as the watchdog asked; the watchdog starts a replacement. */
    private void crash() {
        slot.crashRequested = false;
        if (inspector.canInspect() && inspector.holdCount() != 0) {
            run.fail(FailureKind.OWNER, () -> slot.name() + " holds the lock outside its critical section");
        }
        run.fault(FaultKind.WRITER_CRASH);
        throw new InjectedCrash();
    }

    private boolean acquire(int pick) {
        try {
            if (pick < LOCK_PCT) {
                slot.beginAcquire("lock()");
                lock.lock();
                run.op(LockRun.Op.LOCK);
                return true;
            } else if (pick < TRY_LOCK_PCT) {
                slot.beginAcquire("tryLock()");
                boolean ok = lock.tryLock();
                run.op(ok ? LockRun.Op.TRY_LOCK : LockRun.Op.TRY_LOCK_FAILED);
                return ok;
            } else if (pick < TIMED_TRY_LOCK_PCT) {
                long timeoutNanos = timeoutNanos();
                slot.beginAcquire("tryLock(" + timeoutNanos + "ns)");
                boolean ok = lock.tryLock(timeoutNanos, TimeUnit.NANOSECONDS);
                run.op(ok ? LockRun.Op.TIMED_TRY_LOCK : LockRun.Op.TIMED_OUT);
                return ok;
            } else {
                slot.beginAcquire("lockInterruptibly()");
                lock.lockInterruptibly();
                run.op(LockRun.Op.LOCK_INTERRUPTIBLY);
                return true;
            }
        } catch (InterruptedException e) {
            run.op(LockRun.Op.INTERRUPTED);
            return false;
        } finally {
            slot.endAcquire();
        }
    }

    /** A timeout for a timed wait: a quarter are tiny (a fault), the rest up to 2 ms. */
    private long timeoutNanos() {
        if (rng.nextInt(4) == 0) {
            run.fault(FaultKind.TINY_TIMEOUT);
            return 1 + rng.nextLong(TortureConfig.TINY_TIMEOUT_NANOS);
        }
        return 1 + rng.nextLong(MAX_TIMED_WAIT_NANOS);
    }

    private void criticalSection() {
        enter(1);
        expectedCounter = run.incrementCounter();
        slot.acquired();
        int r = rng.nextInt(1024);
        if (r < REENTER_PER_1024) {
            reenter();
        } else if (r < REENTER_PER_1024 + CONDITION_PER_1024) {
            useCondition(1);
        }
        holdDelay();
        if (run.counterNow() != expectedCounter) {
            run.fail(FailureKind.EXCLUSION, () -> slot.name() + ": the counter moved while it held the lock");
        }
        leave();
    }

    /** The owner checks on entry at hold depth {@code holds}, and the exclusion sentinel. */
    private void enter(int holds) {
        if (inspector.canInspect() && (!inspector.isHeldByCurrentThread() || inspector.holdCount() != holds)) {
            run.fail(FailureKind.OWNER, () -> slot.name() + " inside the critical section, but the lock says held="
                    + inspector.isHeldByCurrentThread() + " holds=" + inspector.holdCount() + " (expected " + holds + ")");
        }
        Thread other = run.holder();
        if (other != null) {
            run.fail(FailureKind.EXCLUSION, () -> slot.name() + " entered the critical section while "
                    + other.getName() + " was in it");
            ownsSentinel = false;
        } else {
            run.setHolder(Thread.currentThread());
            ownsSentinel = true;
        }
    }

    private void leave() {
        if (ownsSentinel) {
            if (run.holder() != Thread.currentThread()) {
                run.fail(FailureKind.EXCLUSION, () -> slot.name() + ": another writer took the sentinel while it held the lock");
            }
            run.setHolder(null);
            ownsSentinel = false;
        }
    }

    private void release() {
        try {
            lock.unlock();
        } catch (IllegalMonitorStateException e) {
            run.fail(FailureKind.OWNER, () -> slot.name() + ": unlock threw " + e);
            return;
        }
        if (inspector.canInspect() && inspector.isHeldByCurrentThread()) {
            run.fail(FailureKind.OWNER, () -> slot.name() + " still holds the lock after its last unlock");
        }
    }

    /** Re-acquires one or two more times (lock or tryLock), checks the hold count, releases. */
    private void reenter() {
        int depth = 1 + rng.nextInt(2);
        int holds = 1;
        for (int i = 0; i < depth; i++) {
            boolean ok;
            if (rng.nextBoolean()) {
                lock.lock();
                ok = true;
            } else {
                ok = lock.tryLock();
            }
            if (!ok) {
                run.fail(FailureKind.OWNER, () -> slot.name() + ": a reentrant tryLock by the holder failed");
                continue;
            }
            holds++;
            run.op(LockRun.Op.REENTRANT);
            int expected = holds;
            if (inspector.canInspect() && inspector.holdCount() != expected) {
                run.fail(FailureKind.OWNER, () -> slot.name() + ": hold count " + inspector.holdCount() + " after re-entering, expected " + expected);
            }
        }
        if (rng.nextInt(4) == 0) {
            useCondition(holds);
        }
        holdDelay();
        for (; holds > 1; holds--) {
            try {
                lock.unlock();
            } catch (IllegalMonitorStateException e) {
                run.fail(FailureKind.OWNER, () -> slot.name() + ": a nested unlock threw " + e);
            }
        }
    }

    /** Signals, or waits with a short (sometimes tiny) timeout; the wait releases every hold. */
    private void useCondition(int holds) {
        if (rng.nextBoolean()) {
            if (rng.nextBoolean()) {
                condition.signal();
            } else {
                condition.signalAll();
            }
            run.op(LockRun.Op.CONDITION_SIGNAL);
            return;
        }
        if (run.counterNow() != expectedCounter) {
            run.fail(FailureKind.EXCLUSION, () -> slot.name() + ": the counter moved while it held the lock");
        }
        leave();
        long timeoutNanos = timeoutNanos();
        slot.beginAcquire("Condition.awaitNanos(" + timeoutNanos + ")"); // the wait is short; the re-acquisition is what may hang
        try {
            condition.awaitNanos(timeoutNanos);
        } catch (InterruptedException e) {
            run.op(LockRun.Op.INTERRUPTED);
        } finally {
            slot.endAcquire();
        }
        run.op(LockRun.Op.CONDITION_WAIT);
        enter(holds);
        expectedCounter = run.counterNow();
    }

    /** A random short hold; rarely the long hold. */
    private void holdDelay() {
        int r = rng.nextInt(256);
        if (r == 0 && run.claimLongHold()) {
            run.fault(FaultKind.LONG_HOLD);
            sleepNanos(run.longHoldNanos);
        } else if (r == 1) {
            Thread.yield();
        } else if (r == 2) {
            LockSupport.parkNanos(1_000L + rng.nextLong(50_000L));
        } else {
            spin(rng.nextInt(64));
        }
    }

    private void outsideDelay() {
        int r = rng.nextInt(256);
        if (r == 0) {
            LockSupport.parkNanos(10_000L + rng.nextLong(200_000L));
        } else if (r == 1) {
            Thread.yield();
        } else {
            spin(rng.nextInt(128));
        }
    }

    private static void spin(int rounds) {
        for (int i = 0; i < rounds; i++) {
            Thread.onSpinWait();
        }
    }

    /** Sleeps the whole time even when interrupted; re-asserts the interrupt afterwards. */
    private static void sleepNanos(long nanos) {
        long deadline = System.nanoTime() + nanos;
        boolean interrupted = false;
        for (long left = nanos; left > 0; left = deadline - System.nanoTime()) {
            try {
                Thread.sleep(left / 1_000_000L, (int) (left % 1_000_000L));
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** What a writer throws when the watchdog tells it to crash. */
    static final class InjectedCrash extends RuntimeException {
        InjectedCrash() {
            super("injected writer crash", null, false, false);
        }
    }
}
