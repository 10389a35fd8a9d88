package dev.mutexlab.locks;

import dev.mutexlab.locks.internal.Waiter;

/**
 * The points at which a test observes a {@link KernelMutex}: every method is empty here, and a
 * lock made by a public constructor holds {@link #NONE}, so with no subclass loaded the JIT
 * compiles each call to nothing. A test passes a subclass to the package-private constructor.
 */
class KernelMutexHooks {
    static final KernelMutexHooks NONE = new KernelMutexHooks();

    /** Run by a spinner right after it took the OSQ, before it spins on the owner word. */
    void osqLocked() {
    }

    /** Run by the OSQ holder just before it releases the OSQ. */
    void osqUnlocking() {
    }

    /** Run by waiter {@code node} of {@code m} when it sets HANDOFF (outside the wait lock). */
    void handoffRequested(KernelMutex m, Waiter node) {
    }
}
