package dev.mutexlab.agent.runtime;

/**
 * One thread's numbers for one site, or (in {@link ThreadStats}' totals of ended threads) the sum
 * of many. A thread's own are written only by its thread, with plain writes; a report reads them
 * from another thread at exit or on demand, when a thread still running may have a few updates the
 * report does not see. Once the thread has ended they are final, and {@link ThreadStats} adds them
 * into its site's totals ({@link #add}).
 */
public final class SiteStats {

    /**
     * Acquisitions that got the lock: all of them, timed or not, reentrant ones included, up to the
     * thread's last sampled one; those since are {@link #countdown}'s (see {@link #acquisitionsNow()}).
     */
    public long acquisitions;
    /** Acquisitions timed (one in {@code sampleEvery}, first-level only). */
    public long timed;
    /** Timed acquisitions that found the lock held when they arrived (they waited). */
    public long contended;
    /** Of the acquisitions sampled (one in {@code sampleEvery}), those by a thread that already held the lock. */
    public long reentrant;
    /** {@code tryLock} calls (with or without a timeout) that returned false. */
    public long tryLockFailures;
    /** The most threads this thread saw waiting for a lock of the site, itself included. */
    public int maxWaiting;
    /** {@code Condition} waits begun. */
    public long conditionWaits;

    public final LogHistogram holdNanos = new LogHistogram();
    public final LogHistogram waitNanos = new LogHistogram();
    public final LogHistogram outsideNanos = new LogHistogram();
    public final LogHistogram conditionWaitNanos = new LogHistogram();

    /**
     * Acquisitions left before the next one that takes the sampled path; the only field an
     * acquisition sampled out writes. Counting it down is also how those acquisitions are counted:
     * {@code countdownFrom - countdown} of them are not yet in {@link #acquisitions}.
     */
    int countdown = 1;
    /** The value {@link #countdown} was last set to. */
    int countdownFrom = 1;
    /** What {@link #countdown} was when a timed release sent the next acquisition to the sampled path. */
    int resumeCountdown = 1;
    /** When this thread last released a timed hold of the site; {@link LockProbe#NOT_TIMED} if none since. */
    long lastReleaseNanos = LockProbe.NOT_TIMED;
    /** This thread's sampled acquisition of the site in flight, for stacks and JFR events; null until one needs it. */
    SampledEvents.InFlight inFlight;

    /**
     * The sampled path's count: adds the acquisitions the countdown has stood for since it was
     * last set (the one taking this path included) to {@link #acquisitions}, and sets it to
     * {@code next}. Called by this thread only.
     */
    void countInterval(int next) {
        acquisitions += countdownFrom - countdown;
        countdown = countdownFrom = next;
    }

    /**
     * Every acquisition that got the lock, the ones since the last sampled one included. Read by a
     * report from another thread, the two counters may be from different moments: the count is
     * kept within 0..{@code countdownFrom} (a few acquisitions off, as any live read is).
     */
    public long acquisitionsNow() {
        int from = countdownFrom;
        return acquisitions + Math.max(0, Math.min(from, from - countdown));
    }

    /**
     * Adds {@code other}'s numbers into these: counts and histograms summed ({@code other}'s
     * acquisitions not yet counted included), {@code maxWaiting} the larger; the sampling state stays
     * this one's. The caller orders the reads (see {@link ThreadStats}).
     */
    public void add(SiteStats other) {
        acquisitions += other.acquisitionsNow();
        timed += other.timed;
        contended += other.contended;
        reentrant += other.reentrant;
        tryLockFailures += other.tryLockFailures;
        maxWaiting = Math.max(maxWaiting, other.maxWaiting);
        conditionWaits += other.conditionWaits;
        holdNanos.add(other.holdNanos);
        waitNanos.add(other.waitNanos);
        outsideNanos.add(other.outsideNanos);
        conditionWaitNanos.add(other.conditionWaitNanos);
    }
}
