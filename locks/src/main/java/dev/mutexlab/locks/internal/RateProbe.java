package dev.mutexlab.locks.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Chooses between two ways of running a lock by measuring which one moves it faster, the way the
 * lab compares locks: interleaved, as ratios within a pair. It runs the current way; every so
 * often it runs a probe of {@link #PAIRS} pairs of epochs, the other way then the current way,
 * and switches only if the other way moved the lock more often in every pair and by
 * {@link #WIN_MARGIN} overall. A probe that loses doubles the time to the next one (up to
 * {@link #MAX_GAP_EPOCHS}); one that wins resets it, so a lock whose workload changes finds out
 * soon, and a lock where one way is always better pays for a probe only rarely.
 *
 * <p>Implementation notes. The probe is fed by one thread at a time — the lock's holder, in its
 * unlock — so its fields are plain: the lock's own release and acquire order one holder's writes
 * before the next holder's reads. Only {@link #alternate()}, which other threads read to decide
 * how to wait, is shared; it is written and read with opaque accesses, since a thread that sees
 * a stale value merely waits the other way once. A rate is a count of unlocks over the clock time
 * of an epoch ({@link #EPOCH_NANOS}), counted from {@link #SETTLE_NANOS} after a switch, so that
 * threads still waiting the old way do not count for the new one. Pairs, not one epoch against a
 * running mean, because on a machine with more runnable threads than processors one epoch in a
 * few loses a whole OS time slice: with a lone probe epoch against a mean, such noise switched the
 * lock to the slower way.
 */
public final class RateProbe {
    /** The length of one measured epoch: several OS time slices, so that one lost slice is diluted. */
    public static final long EPOCH_NANOS = 2_000_000L;
    /** Not measured after a switch: the threads that waited the old way settle. */
    public static final long SETTLE_NANOS = 500_000L;
    /** Pairs of epochs (other way, current way) in one probe. */
    public static final int PAIRS = 2;
    /** Epochs between two probes at first, and after a probe that won. */
    public static final int MIN_GAP_EPOCHS = 8;
    /** The most epochs between two probes (about two seconds). */
    public static final int MAX_GAP_EPOCHS = 1024;
    /** Over a probe, the other way must beat the current one by this much (rate ratio) to be chosen. */
    public static final double WIN_MARGIN = 1.10;

    private boolean alternate; // shared: opaque accesses (see notes)
    private boolean started;
    private long epochStartNanos;
    private long epochStartCount;
    private boolean settling;
    private long settleUntilNanos;
    private int epochsUntilProbe = MIN_GAP_EPOCHS;
    private int gapEpochs = MIN_GAP_EPOCHS;
    /** Epochs of the probe done so far; -1: no probe running. Even: the other way; odd: the current way. */
    private int probeEpoch = -1;
    private double otherRate;
    private double otherSum;
    private double currentSum;
    private boolean otherWonEveryPair;

    /** Whether the lock should run the alternate way now (read by any thread). */
    public boolean alternate() {
        return (boolean) ALTERNATE.getOpaque(this);
    }

    /**
     * The holder's report: {@code count} unlocks so far, at {@code nowNanos}. Ends an epoch when
     * one has passed, and may switch the way the lock runs; true when a probe ended by choosing
     * the other way (not for the switches within a probe).
     */
    public boolean tick(long nowNanos, long count) {
        if (!started || settling) {
            started = true;
            settling = settling && nowNanos - settleUntilNanos < 0;
            epochStartNanos = nowNanos; // the epoch starts once settled
            epochStartCount = count;
            return false;
        }
        long elapsedNanos = nowNanos - epochStartNanos;
        if (elapsedNanos < EPOCH_NANOS) {
            return false;
        }
        double rate = (double) (count - epochStartCount) / elapsedNanos;
        epochStartNanos = nowNanos;
        epochStartCount = count;
        if (probeEpoch < 0) {
            if (--epochsUntilProbe <= 0) {
                probeEpoch = 0;
                otherSum = 0.0;
                currentSum = 0.0;
                otherWonEveryPair = true;
                flip(nowNanos); // the probe's first epoch runs the other way
            }
            return false;
        }
        if (probeEpoch % 2 == 0) { // the other way's epoch of this pair ended
            otherRate = rate;
            otherSum += rate;
        } else {
            currentSum += rate;
            otherWonEveryPair &= otherRate > rate;
        }
        probeEpoch++;
        if (probeEpoch < 2 * PAIRS) {
            flip(nowNanos); // alternate within the probe
            return false;
        }
        probeEpoch = -1; // the probe ends on the current way
        boolean switched = otherWonEveryPair && otherSum > currentSum * WIN_MARGIN;
        if (switched) {
            flip(nowNanos);
            gapEpochs = MIN_GAP_EPOCHS;
        } else {
            gapEpochs = Math.min(MAX_GAP_EPOCHS, gapEpochs * 2);
        }
        epochsUntilProbe = gapEpochs;
        return switched;
    }

    private void flip(long nowNanos) {
        ALTERNATE.setOpaque(this, !alternate());
        settling = true;
        settleUntilNanos = nowNanos + SETTLE_NANOS;
    }

    /** Sets the way without measuring (tests, or a caller that knows better); probing goes on from there. */
    public void choose(boolean alternate) {
        ALTERNATE.setOpaque(this, alternate);
    }

    /** The epochs from the end of one probe to the start of the next (for tests and monitoring). */
    public int gapEpochs() {
        return gapEpochs;
    }

    /** Whether a probe is running (for tests and monitoring). */
    public boolean probing() {
        return probeEpoch >= 0;
    }

    // VarHandle mechanics
    private static final VarHandle ALTERNATE;
    static {
        try {
            ALTERNATE = MethodHandles.lookup().findVarHandle(RateProbe.class, "alternate", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
