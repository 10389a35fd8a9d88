package dev.mutexlab.agent.runtime;

import java.util.concurrent.locks.ReentrantLock;

/**
 * What a rewritten {@code new ReentrantLock()} / {@code new ReentrantLock(fair)} calls instead: the
 * transformer replaces {@code NEW ReentrantLock; DUP; [fair]; INVOKESPECIAL <init>} with
 * {@code [fair]; ldc site; INVOKESTATIC create}. The result has the declared type, so the
 * surrounding code and its stack maps see what they saw.
 *
 * <p>Which lock: with a swap ({@code lock=SPEC}), a nonfair allocation (and a fair one under
 * {@code fair=swap}) becomes the library's lock of SPEC; a fair one under {@code fair=keep} stays
 * the JDK's own, fair. With {@code profile}, each is the timed variant. The fairness is decided
 * here and not in the transformer because code such as {@code ArrayBlockingQueue(capacity, fair)}
 * passes it from a variable.
 */
public final class LockFactory {

    private LockFactory() {
    }

    /** Replaces {@code new ReentrantLock()} at {@code site}. */
    public static ReentrantLock create(int site) {
        return create(false, site);
    }

    /** Replaces {@code new ReentrantLock(fair)} at {@code site}. */
    public static ReentrantLock create(boolean fair, int site) {
        Settings settings = Settings.current();
        if (settings.fairJdk()) {
            // The program's own lock made FIFO: fair allocations stay as they are, nonfair ones turn fair.
            if (settings.profile()) {
                return new ProfiledReentrantLock(true, site);
            }
            Sites.constructed(site, 0, ReentrantLock.class);
            return new ReentrantLock(true);
        }
        boolean swap = settings.swaps() && (!fair || settings.swapFair());
        if (settings.profile()) {
            return swap ? new ProfiledSwappedLock(site) : new ProfiledReentrantLock(fair, site);
        }
        if (swap) {
            return new SwappedReentrantLock(site);
        }
        Sites.keptFair(site);
        return new ReentrantLock(fair);
    }
}
