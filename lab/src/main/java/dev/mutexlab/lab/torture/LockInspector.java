package dev.mutexlab.lab.torture;

import dev.mutexlab.locks.Mutex;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Reads a lock's inspection methods where it has them ({@link Mutex} and {@link ReentrantLock});
 * for any other {@link Lock} the checks that need them are skipped.
 */
final class LockInspector {
    private final Mutex mutex;
    private final ReentrantLock reentrant;

    LockInspector(Lock lock) {
        this.mutex = lock instanceof Mutex m ? m : null;
        this.reentrant = lock instanceof ReentrantLock r ? r : null;
    }

    /** Whether the owner checks can run. */
    boolean canInspect() {
        return mutex != null || reentrant != null;
    }

    boolean isHeldByCurrentThread() {
        return mutex != null ? mutex.isHeldByCurrentThread() : reentrant == null || reentrant.isHeldByCurrentThread();
    }

    /** The current thread's hold count, or -1 when the lock cannot say. */
    int holdCount() {
        return mutex != null ? mutex.getHoldCount() : reentrant != null ? reentrant.getHoldCount() : -1;
    }

    /** Whether the lock says it is held; false when it cannot say. */
    boolean isLocked() {
        return mutex != null ? mutex.isLocked() : reentrant != null && reentrant.isLocked();
    }

    /** Queued waiters as the lock estimates them; 0 when it cannot say. */
    int queueLength() {
        return mutex != null ? mutex.getQueueLength() : reentrant != null ? reentrant.getQueueLength() : 0;
    }
}
