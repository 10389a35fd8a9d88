package dev.mutexlab.agent.runtime;

import dev.mutexlab.locks.Locks;
import dev.mutexlab.locks.Mutex;
import dev.mutexlab.locks.MutexReentrantLock;

/**
 * The library's lock of the agent's {@code lock=SPEC}: what a program's nonfair
 * {@code ReentrantLock} becomes with a swap and no profile. Nothing but
 * {@link MutexReentrantLock}, an instance count per site and, when SPEC records statistics, the
 * lock tracked for the report ({@link TrackedLocks}).
 *
 * <p>The {@code boolean} of the two-argument constructor is ignored: this class is used for a fair
 * allocation only under {@code fair=swap}, where the lock of SPEC replaces it whatever its fairness.
 */
public class SwappedReentrantLock extends MutexReentrantLock {

    private static final long serialVersionUID = 1L;

    /** A lock of SPEC constructed at {@code site}. */
    public SwappedReentrantLock(int site) {
        this(Locks.mutex(Settings.current().spec()), site);
    }

    private SwappedReentrantLock(Mutex mutex, int site) {
        super(mutex);
        Sites.constructed(site, 0, getClass());
        TrackedLocks.constructed(site, mutex);
    }

    /** A lock of SPEC, for a re-parented {@code super(fair)}; see the class notes. */
    public SwappedReentrantLock(boolean fair, int site) {
        this(site);
    }
}
