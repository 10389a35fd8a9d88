package dev.mutexlab.locks;

import java.util.concurrent.locks.Lock;

/**
 * The whole {@link LockContractTest} again, every spec on both thread kinds, through
 * {@link Locks#reentrant(String, boolean)}: the {@code ReentrantLock} a program would hold.
 */
class ReentrantAdapterContractTest extends LockContractTest {

    @Override
    Lock create(String spec) {
        return Locks.reentrant(spec, Locks.recordsStatistics(spec));
    }
}
