package dev.mutexlab.locks;

/**
 * Chooses, per {@link LineupMutex}, which {@link LineupPolicy} its arrivals follow: it runs one,
 * now and then tries another for a short epoch, and keeps whichever ran the lock faster while the
 * lock was saturated. Every method is called by the lock's owner only, inside its critical
 * section, so the lock itself orders this object's state.
 */
final class LineupChooser {

    /*
     * Implementation notes.
     *
     * Why trying rather than a rule. Which policy runs a saturated lock faster depends on the
     * hold, on the work outside it, on how many threads contend, of which kind, and on the
     * machine: a short spin pays where holds are shorter than a wake-up (barging), parking at
     * once where they are longer (the line, which is what ReentrantLock does), and running the lock alone pays at holds of a fraction of a
     * microsecond with little work outside (solo), which loses by half wherever that work
     * matters (docs/RESULTS.md §12 has the measurements). A
     * rule fitted to those rows (hold below x, threads above y) would encode one benchmark on one
     * machine. So the chooser measures what it is there to maximize, the lock's acquisitions per
     * unit of time while it is saturated, under each policy, and keeps the faster: SmartLocks
     * (Eastep et al., ICAC'10) tune a lock by the throughput they observe; GLK (Antic et al.,
     * Middleware'16) switches each lock object between protocols by what it measures; reactive
     * locks (Lim and Agarwal, ASPLOS'94) switch protocols the same way.
     *
     * Epochs. The owner counts its releases and its acquisitions that had to wait, however briefly
     * (LineupMutex.chooserCounts, each modulo 2^16, so the chooser adds up the waited count's
     * differences from tick to tick: an arrival's short spin that ends with the lock counts,
     * else a barging lock at short holds, where most waits end there, would look unsaturated
     * and never try the line; under solo, whose runner takes the lock without waiting, a release
     * that leaves sleepers behind counts as one, else a solo lock would look unsaturated and
     * never try anything else; and so does a condition waiter's re-acquisition, which its wake
     * with a release lets take the fast path, else a lock whose threads wait on its conditions, a
     * bounded queue's, would look unsaturated too); at every TICK_RELEASES-th release it calls tick with
     * the clock and that count. An epoch ends at the first tick at least EPOCH_NANOS after it
     * began; its rate is its releases over its length, its contention the share of its
     * acquisitions that had to wait. An epoch in which fewer than one acquisition in
     * SATURATED_SHARE_INVERSE waited says nothing about the policies (the lock waits for its
     * callers, not they for it, and every policy takes a free lock alike): it enters no rate, a
     * trial that falls on one is abandoned, and outside a trial it pauses the counting (below).
     *
     * Trials. The chooser runs one policy (current; barging at first) and keeps runRate, a
     * moving average (weight one half) of its saturated epochs. After trialEvery saturated epochs
     * it runs one of the two others for one epoch, the trial, taking them in turn (nextOther). If
     * the trial's rate beats runRate by more than MARGIN (the hysteresis: noise between two epochs
     * on a busy machine is of that order and more, and a policy must win clearly to be adopted),
     * the trial's policy becomes current (a switch: LockEvent.POLICY_SWITCH and the JFR event
     * dev.mutexlab.LineupPolicySwitch), its rate becomes runRate, trialEvery drops back to
     * MIN_TRIAL_EVERY and the next trial runs the policy it replaced, so a switch made on a noisy
     * epoch is undone soon. Otherwise the current policy returns, the other alternative is next,
     * and trialEvery grows TRIAL_BACKOFF times up to MAX_TRIAL_EVERY: a lock that has settled
     * spends at most one epoch in MAX_TRIAL_EVERY + 1 of its saturated time on another policy
     * (a solo trial where work outside the lock matters runs at a fifth to two thirds of the
     * rate for that epoch), and a lock whose best policy changes (another phase of the program)
     * finds out within 2 * MAX_TRIAL_EVERY epochs.
     *
     * What a switch changes. A policy decides only what an arrival does and whether its sleepers
     * sleep until due (LineupPolicy); the line, the heir, the handoff and the unlock's wake-up are
     * the lock's, and the one decision of an unlock that depends on a policy (whether to leave a
     * sleeper asleep until due) is read from the sleeper's own node. So a switch is one write of
     * the policy the arrivals read, arrivals already on their way finish under the policy they
     * read, a sleeper keeps the way of sleeping it started with, and every invariant of the lock
     * holds across it (LineupPolicySwitchTest switches in each state the lock can be in, from and
     * to each policy; LineupWakeUpTest joins the line while the arrivals switch).
     *
     * Thread safety. All fields are read and written by the lock's owner only, inside tick, which
     * LineupMutex calls from its release before the releasing CAS: the lock's release and the next
     * owner's acquisition order every access, so the fields are plain. Racy publication: every
     * field starts at its type's default (started = false: the first tick starts the first epoch;
     * trialEvery 0 reads as MIN_TRIAL_EVERY; current = 0: barging runs first).
     *
     * Barging first. A lock whose epochs are never saturated never tries anything, so the policy
     * it starts with is the one it keeps, and most locks of real programs are such locks: contended
     * now and then, never for long (docs/RESULTS.md §12.26, §15). Barging's short spin is what
     * HotSpot's monitors do at such a lock, and the spin stops where it would take a processor
     * from the holder (LineupBarge). A saturated lock tries the line after MIN_TRIAL_EVERY
     * saturated epochs.
     *
     * Pausing. An epoch that ends unsaturated outside a trial returns PAUSE: the lock stops
     * counting releases (LineupMutex.choosing) until one of its acquisitions has to wait again,
     * which calls resume, and the next tick starts a new epoch. So a lock that nobody waits for
     * pays one test of a plain field per release, as a lock with its policy fixed does; counting
     * every release cost an uncontended lock/unlock pair about 1.5 ns, 12% of ReentrantLock's
     * 12.3 ns on our machine (docs/RESULTS.md §12.13).
     *
     * Cost. While counting, per release an increment and a test of a field on the lock word's
     * cache line, which the owner holds already (LineupMutex.chooserCounts says why there); per
     * TICK_RELEASES releases one clock read in the critical section; per trial at most one epoch
     * on the slower policy. While paused, per release one test.
     */

    /** Releases between two ticks (a power of two: the lock tests its counter with a mask). */
    static final int TICK_RELEASES = 64;
    /** The shortest epoch: long enough that an OS time slice or a GC is a fraction of it. */
    static final long EPOCH_NANOS = 5_000_000L;
    /** An epoch counts as saturated when at least one acquisition in this many had to wait. */
    static final int SATURATED_SHARE_INVERSE = 16;
    /** A trial must beat the current policy's rate by more than this share to be adopted. */
    static final double MARGIN = 0.05;
    /** Saturated epochs between trials after a switch, and at first. */
    static final int MIN_TRIAL_EVERY = 2;
    /** The most saturated epochs between two trials. */
    static final int MAX_TRIAL_EVERY = 128;
    /** How much longer the wait for the next trial grows after a trial that lost. */
    static final int TRIAL_BACKOFF = 4;
    /** The lock counts acquisitions that waited modulo 2^16 (LineupMutex.chooserCounts). */
    static final int WAITED_COUNT_MASK = 0xFFFF;

    /** What a tick did. */
    enum Decision {
        /** Nothing changed: the arrivals go on with the policy they follow. */
        KEEP,
        /** A trial begins: the arrivals follow another policy for one epoch. */
        TRIAL,
        /** The trial won: its policy is now the current one. */
        SWITCH,
        /** The trial ended without a switch (it lost, or its epoch was not saturated): the current policy returns. */
        RETURN,
        /**
         * The epoch just ended was not saturated (and no trial ran): the lock stops counting its
         * releases and ticking until an acquisition has to wait again, which calls {@link #resume}.
         */
        PAUSE
    }

    private boolean started;
    private long epochStartNanos;
    private int epochReleases;
    /** Acquisitions that waited in this epoch. */
    private int epochContended;
    /** The lock's waited count (modulo 2^16) at the last tick. */
    private int lastWaitedCount;
    /** The current policy's ordinal (LineupPolicy's order; 0, the default, is barging). */
    private int current;
    /**
     * Which of the two other policies the next trial runs: 0 the one after current in LineupPolicy's order,
     * 1 the one after that (both modulo its length).
     */
    private int nextOther;
    /** The policy the running trial runs (its place in LineupPolicy's order); meaningful while trying. */
    private int trial;
    private boolean trying;
    /** Acquisitions per nanosecond of the current policy in its recent saturated epochs (0: none yet). */
    private double runRatePerNanos;
    /** The rate of the last trial, for the switch's event. */
    private double trialRatePerNanos;
    /** The current policy's rate when the last switch replaced it, for the switch's event. */
    private double replacedRatePerNanos;
    private int epochsSinceTrial;
    private int trialEvery;

    /**
     * Called by the owner at every TICK_RELEASES-th release, before it releases.
     *
     * @param nowNanos the lock's clock
     * @param waitedCount the lock's running count of acquisitions that had to wait (spun or
     *     slept), modulo 2^16: fewer than 2^16 of them come between two ticks
     */
    Decision tick(long nowNanos, int waitedCount) {
        int waited = (waitedCount - lastWaitedCount) & WAITED_COUNT_MASK;
        lastWaitedCount = waitedCount;
        if (!started) {
            started = true; // what waited before this tick (during a pause) enters no epoch
            startEpoch(nowNanos);
            return Decision.KEEP;
        }
        epochReleases += TICK_RELEASES;
        epochContended += waited;
        long lengthNanos = nowNanos - epochStartNanos;
        if (lengthNanos < EPOCH_NANOS) {
            return Decision.KEEP;
        }
        double rate = epochReleases / (double) lengthNanos;
        boolean saturated = (long) epochContended * SATURATED_SHARE_INVERSE >= epochReleases;
        startEpoch(nowNanos);
        if (!trying) {
            if (!saturated) {
                return Decision.PAUSE;
            }
            runRatePerNanos = runRatePerNanos == 0.0 ? rate : (runRatePerNanos + rate) / 2;
            if (++epochsSinceTrial < trialEvery()) {
                return Decision.KEEP;
            }
            epochsSinceTrial = 0;
            trying = true;
            trial = (current + 1 + nextOther) % LineupPolicy.COUNT;
            return Decision.TRIAL;
        }
        trying = false;
        if (!saturated) {
            return Decision.RETURN; // the trial's epoch says nothing: try it again after the same wait
        }
        trialRatePerNanos = rate;
        if (rate > runRatePerNanos * (1.0 + MARGIN)) {
            int replaced = current;
            current = trial;
            // the next trial runs the policy just replaced: a switch made on a noisy epoch is undone soon
            nextOther = (replaced - current + LineupPolicy.COUNT) % LineupPolicy.COUNT - 1;
            replacedRatePerNanos = runRatePerNanos;
            runRatePerNanos = rate;
            trialEvery = MIN_TRIAL_EVERY;
            return Decision.SWITCH;
        }
        nextOther ^= 1; // the other alternative's turn
        trialEvery = Math.min(MAX_TRIAL_EVERY, trialEvery() * TRIAL_BACKOFF);
        return Decision.RETURN;
    }

    /**
     * The lock counts releases again after a PAUSE: the next tick starts a new epoch, so the
     * releases it did not count while paused never enter a rate.
     */
    void resume() {
        started = false;
    }

    private void startEpoch(long nowNanos) {
        epochStartNanos = nowNanos;
        epochReleases = 0;
        epochContended = 0;
    }

    private int trialEvery() {
        return trialEvery == 0 ? MIN_TRIAL_EVERY : trialEvery;
    }

    /** The policy the arrivals should follow now: the current one, or the trial's. */
    LineupPolicy running() {
        return LineupPolicy.ofOrdinal(trying ? trial : current);
    }

    /** The current policy (the one kept between trials). */
    LineupPolicy current() {
        return LineupPolicy.ofOrdinal(current);
    }

    /** Right after a SWITCH: the policy it replaced (the next trial's). */
    LineupPolicy replaced() {
        return LineupPolicy.ofOrdinal((current + 1 + nextOther) % LineupPolicy.COUNT);
    }

    /** Acquisitions per second of the current policy in its recent saturated epochs (0 before the first). */
    double runRatePerSecond() {
        return runRatePerNanos * 1e9;
    }

    /** Acquisitions per second of the policy the last switch replaced, in its recent saturated epochs. */
    double replacedRatePerSecond() {
        return replacedRatePerNanos * 1e9;
    }

    /** Acquisitions per second in the last trial that ended saturated. */
    double trialRatePerSecond() {
        return trialRatePerNanos * 1e9;
    }

    /** Saturated epochs the chooser waits between trials now. */
    int trialEveryEpochs() {
        return trialEvery();
    }
}
