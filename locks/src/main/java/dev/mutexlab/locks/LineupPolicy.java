package dev.mutexlab.locks;

/**
 * How a {@link LineupMutex} lets a contended acquisition wait: what an arriving thread does before
 * it goes to sleep in line ({@link #arrive}), and how it sleeps there ({@link #sleepsUntilDue}).
 * Everything else — the line in order of arrival, the wake-up of the first sleeper by an unlock,
 * the woken sleeper's spin, and the handoff to a waiter past its bound — is the lock's own and
 * the same under every policy, so every policy keeps the bound and a lock may change its policy
 * between any two arrivals (LineupChooser does, unless a spec fixes one).
 *
 * <p>One file per policy: {@link LineupBarge} (spin, then sleep, as a HotSpot monitor),
 * {@link LineupLine} (one look, then sleep, as {@code ReentrantLock}), {@link LineupSolo} (one
 * look, then sleep until due: one thread runs the lock alone). The order of {@link #values()} is
 * the chooser's: barging first (LineupChooser's notes say why).
 */
abstract sealed class LineupPolicy permits LineupBarge, LineupLine, LineupSolo {

    /** Arrivals spin briefly and barge, then sleep in line (the chooser's first policy). */
    static final LineupPolicy BARGE = new LineupBarge(0);
    /** Arrivals look once and sleep in line; only the woken first sleeper spins. */
    static final LineupPolicy LINE = new LineupLine(1);
    /** Arrivals look once and sleep until due; an unlock leaves such a sleeper asleep until then. */
    static final LineupPolicy SOLO = new LineupSolo(2);

    private static final LineupPolicy[] BY_ORDINAL = {BARGE, LINE, SOLO};
    /** How many policies there are. */
    static final int COUNT = BY_ORDINAL.length;
    /** The spec name that leaves the policy to the lock's chooser (LineupChooser): the default. */
    static final String AUTO_SPEC_NAME = "auto";

    /** The policy's name in a spec ({@code lineup:policy=barge}). */
    final String specName;
    private final int ordinal;

    LineupPolicy(String specName, int ordinal) {
        this.specName = specName;
        this.ordinal = ordinal;
    }

    /**
     * The arrival: what a contended acquisition does before the lock's own waiting begins (its
     * bound starts counting after it). Returns whether it took the lock. It may only look at the
     * word and take the lock when it is free ({@link LineupMutex#spinForLock}); it never queues.
     * Here one look, as {@code ReentrantLock}'s arrival; barging overrides it with a spin.
     */
    boolean arrive(LineupMutex lock) {
        return lock.spinForLock(0);
    }

    /**
     * Whether a waiter that goes to sleep under this policy sleeps until due: it parks with a timer
     * at its due time (its bound, at most LineupMutex.SOLO_PERIOD_NANOS after it started), and an
     * unlock that finds it first in line leaves it asleep until then (the decision is the unlock's,
     * made under the line's guard from the sleeper's own node). False: every unlock that finds it
     * first and nobody woken wakes it.
     */
    abstract boolean sleepsUntilDue();

    /** This policy's place in {@link #values()}: the chooser stores policies by it. */
    final int ordinal() {
        return ordinal;
    }

    /** Every policy, in the chooser's order (a new array each call). */
    static LineupPolicy[] values() {
        return BY_ORDINAL.clone();
    }

    /** The policy whose ordinal is {@code ordinal}. */
    static LineupPolicy ofOrdinal(int ordinal) {
        return BY_ORDINAL[ordinal];
    }

    /** The policy a spec names. @throws IllegalArgumentException for any other name */
    static LineupPolicy forSpecName(String name) {
        for (LineupPolicy p : BY_ORDINAL) {
            if (p.specName.equals(name)) {
                return p;
            }
        }
        throw new IllegalArgumentException("lineup: unknown policy '" + name + "' (known: auto, line, barge, solo)");
    }

    @Override
    public String toString() {
        return specName;
    }
}
