package dev.mutexlab.agent.runtime;

import dev.mutexlab.locks.Locks;
import dev.mutexlab.locks.MutexReentrantLock;

/**
 * The library's lock of the agent's {@code lock=SPEC}: what a program's nonfair
 * {@code ReentrantLock} becomes with a swap and no profile. Nothing but
 * {@link MutexReentrantLock} and an instance count per site.
 *
 * <p>The {@code boolean} of the two-argument constructor is ignored: this class is used for a fair
 * allocation only under {@code fair=swap}, where the lock of SPEC replaces it whatever its fairness.
 */
public class SwappedReentrantLock extends MutexReentrantLock {

    private static final long serialVersionUID = 1L;

    /** A lock of SPEC constructed at {@code site}. */
    public SwappedReentrantLock(int site) {
        super(Locks.mutex(Settings.current().spec()));
        Sites.constructed(site, 0, getClass());
    }

    /** A lock of SPEC, for a re-parented {@code super(fair)}; see the class notes. */
    public SwappedReentrantLock(boolean fair, int site) {
        this(site);
    }
}
