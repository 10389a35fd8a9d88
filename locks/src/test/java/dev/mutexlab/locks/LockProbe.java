package dev.mutexlab.locks;

import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The inspection methods of a lock under test, for Mutex and ReentrantLock alike. A
 * {@link MutexReentrantLock} is inspected through its backing lock, since {@code ReentrantLock}'s
 * final {@code getQueueLength} cannot answer for it (MutexReentrantLockTest checks what it answers).
 */
final class LockProbe {
    private LockProbe() {
    }

    /** The lock whose inspection methods answer for {@code l}: its backing lock for an adapter. */
    static Lock inspected(Lock l) {
        return l instanceof MutexReentrantLock a ? a.mutex() : l;
    }

    static boolean isLocked(Lock l) {
        return l instanceof Mutex m ? m.isLocked() : ((ReentrantLock) l).isLocked();
    }

    static boolean heldByCurrentThread(Lock l) {
        return l instanceof Mutex m ? m.isHeldByCurrentThread() : ((ReentrantLock) l).isHeldByCurrentThread();
    }

    static int holdCount(Lock l) {
        return l instanceof Mutex m ? m.getHoldCount() : ((ReentrantLock) l).getHoldCount();
    }

    static int queueLength(Lock lock) {
        Lock l = inspected(lock);
        return l instanceof Mutex m ? m.getQueueLength() : ((ReentrantLock) l).getQueueLength();
    }
}
