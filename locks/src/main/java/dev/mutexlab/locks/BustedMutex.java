package dev.mutexlab.locks;


/**
 * A deliberately broken lock with no mutual exclusion: every acquisition succeeds at once. It is
 * the control of {@code mutexlab torture} (spec {@code busted}), like Linux locktorture's
 * {@code lock_busted}: the torture must report it as a FAILURE for an exclusion violation, which
 * proves that its exclusion detectors work. Never use it for anything else; it is not listed among
 * the real locks.
 *
 * <p>Implementation notes. The hooks do nothing: {@code tryAcquireOnce} and {@code acquireCore}
 * return true without touching any state, {@code releaseCore} has nothing to release. Because
 * {@link AbstractMutex}'s owner field is overwritten by each "acquirer", an unlock may also throw
 * {@link IllegalMonitorStateException}; the torture counts that too.
 */
final class BustedMutex extends AbstractMutex {

    BustedMutex(boolean recordStats) {
        super(recordStats);
    }

    @Override
    protected boolean tryAcquireOnce() {
        return true;
    }

    @Override
    protected boolean acquireCore(int mode, long deadlineNanos) {
        return true;
    }

    @Override
    protected void releaseCore() {
    }

    @Override
    protected boolean isLockedCore() {
        return false;
    }

    @Override
    protected int queueLengthCore() {
        return 0;
    }

    @Override
    protected String stateString() {
        return "busted: no mutual exclusion";
    }
}
