package dev.mutexlab.locks.internal;

/**
 * Chooses between two ways of running a lock by measuring which one moves it faster: it runs the
 * current way for a number of epochs, then tries the other for one epoch, and keeps whichever
 * handed the lock over more often. A probe that loses doubles the time to the next one (up to
 * {@link #MAX_GAP_EPOCHS}); one that wins resets it, so a lock whose workload changes finds out
 * within a few epochs, and a lock where one way is always better pays for a probe only rarely.
 *
 * <p>Implementation notes. The probe is fed by one thread at a time — the lock's holder, in its
 * unlock — so its fields are plain: the lock's own release and acquire order one holder's writes
 * before the next holder's reads. Only {@link #alternate()}, which other threads read to decide
 * how to wait, is shared; it is written and read with opaque accesses, since a thread that sees
 * a stale value merely waits the other way once. Rates are compared as unlock counts over the
 * clock time of an epoch ({@link #EPOCH_NANOS}); the probe wins only by a margin
 * ({@link #WIN_MARGIN}), so noise on a busy machine rarely flips the choice, and the baseline is a
 * running mean of the epochs before the probe, not one epoch.
 */
public final class RateProbe {
    /** The length of one measurement: long enough for hundreds of handovers at 1 µs holds. */
    public static final long EPOCH_NANOS = 500_000L;
    /** Epochs between two probes at first, and after a probe that won. */
    public static final int MIN_GAP_EPOCHS = 8;
    /** The most epochs between two probes (about half a second). */
    public static final int MAX_GAP_EPOCHS = 1024;
    /** A probe must beat the baseline by this much (rate ratio) to change the choice. */
    public static final double WIN_MARGIN = 1.10;

    private boolean alternate; // shared: opaque accesses (see notes)
    private boolean probing;
    private long epochStartNanos;
    private long epochStartCount;
    private boolean started;
    private double baselinePerNano; // running mean of the current way's rate; 0: none yet
    private int epochsUntilProbe = MIN_GAP_EPOCHS;
    private int gapEpochs = MIN_GAP_EPOCHS;

    /** Whether the lock should run the alternate way now (read by any thread). */
    public boolean alternate() {
        return (boolean) ALTERNATE.getOpaque(this);
    }

    /**
     * The holder's report: {@code count} unlocks so far, at {@code nowNanos}. Ends an epoch when
     * one has passed, and may switch the way the lock runs.
     */
    public void tick(long nowNanos, long count) {
        if (!started) {
            started = true;
            epochStartNanos = nowNanos;
            epochStartCount = count;
            return;
        }
        long elapsedNanos = nowNanos - epochStartNanos;
        if (elapsedNanos < EPOCH_NANOS) {
            return;
        }
        double perNano = (double) (count - epochStartCount) / elapsedNanos;
        epochStartNanos = nowNanos;
        epochStartCount = count;
        if (probing) {
            probing = false;
            if (perNano > baselinePerNano * WIN_MARGIN) {
                baselinePerNano = perNano; // the probed way is now the current one
                gapEpochs = MIN_GAP_EPOCHS;
            } else {
                setAlternate(!alternate()); // back to the way that was faster
                gapEpochs = Math.min(MAX_GAP_EPOCHS, gapEpochs * 2);
            }
            epochsUntilProbe = gapEpochs;
            return;
        }
        baselinePerNano = baselinePerNano == 0.0 ? perNano : (3 * baselinePerNano + perNano) / 4;
        if (--epochsUntilProbe <= 0) {
            probing = true;
            setAlternate(!alternate());
        }
    }

    private void setAlternate(boolean value) {
        ALTERNATE.setOpaque(this, value);
    }

    /** Sets the way without measuring (tests, or a caller that knows better); probing goes on from there. */
    public void choose(boolean alternate) {
        setAlternate(alternate);
    }

    /** The epochs until the next probe after the current one (for tests and monitoring). */
    public int gapEpochs() {
        return gapEpochs;
    }

    /** Whether the current epoch tries the way not chosen (for tests and monitoring). */
    public boolean probing() {
        return probing;
    }

    // VarHandle mechanics
    private static final java.lang.invoke.VarHandle ALTERNATE;
    static {
        try {
            ALTERNATE = java.lang.invoke.MethodHandles.lookup().findVarHandle(RateProbe.class, "alternate", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
