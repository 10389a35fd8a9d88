package dev.mutexlab.lab.torture;

/**
 * A deliberately broken lock with no mutual exclusion: every acquisition succeeds at once. The
 * control of {@code mutexlab torture} (spec {@code busted}), like Linux locktorture's
 * {@code lock_busted}: the torture must report it as a FAILURE for an exclusion violation, which
 * proves that its exclusion detectors work. Never use it for anything else.
 *
 * <p>Implementation notes. The core does nothing: both acquisitions return true without touching
 * any state, and the release has nothing to release. Because the owner is overwritten by each
 * "acquirer", an unlock may also throw {@link IllegalMonitorStateException}; the torture counts
 * that too.
 */
final class BustedLock extends ControlLock {
    @Override
    boolean tryAcquireCore() {
        return true;
    }

    @Override
    boolean acquireCore(boolean interruptible, boolean timed, long deadlineNanos) {
        return true;
    }

    @Override
    void releaseCore() {
    }
}
