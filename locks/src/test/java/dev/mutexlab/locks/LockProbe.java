package dev.mutexlab.locks;

import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

/** The inspection methods of a lock under test, for Mutex and ReentrantLock alike. */
final class LockProbe {
    private LockProbe() {
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

    static int queueLength(Lock l) {
        return l instanceof Mutex m ? m.getQueueLength() : ((ReentrantLock) l).getQueueLength();
    }
}
