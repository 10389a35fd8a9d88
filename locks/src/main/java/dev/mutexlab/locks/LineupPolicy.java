package dev.mutexlab.locks;

/**
 * How a {@link LineupMutex} lets contended acquisitions wait. The policies share the lock's state
 * word, its spinner slots, its line of sleepers and its handoff, and all keep the bound: a waiter
 * that has waited longer than it is handed the lock by the next unlock (Go's starvation rule, which
 * costs nothing until it fires), so no policy reopens starvation.
 *
 * <p>Invariants all keep: no more spinner slots taken than the lock allows; the line in order of
 * arrival; an unlock that finds sleepers and no slot taken wakes the first and gives it a slot
 * (the heir) — under SOLO, when the first sleeper is one that wakes itself, only once a look
 * at the clock (one release in eight) finds it (nearly) past its bound or its own timer has
 * fired; a slot holder past its bound asks for the handoff; a slot holder swaps
 * with a sleeper older than itself that is past its bound. The policies differ in what an
 * arriving waiter does, and SOLO also in whether an unlock wakes a sleeper that wakes itself, so
 * a lock may change its policy between two arrivals (LineupChooser does, unless a spec fixes one):
 * a sleeper keeps the way of sleeping it started with. The order is the chooser's: BARGE first
 * (LineupChooser's notes say why).
 */
enum LineupPolicy {
    /**
     * Barging, as a HotSpot monitor or {@code ReentrantLock}: an arrival spins briefly on the word
     * (taking the lock whenever it is free, sleepers or not), then sleeps in line; it reads the
     * clock only when it goes to sleep, takes no spinner slot, never swaps and never yields. It
     * skips the spin on a platform thread when the sleepers already outnumber the processors (a
     * virtual thread's park is an unmount, dearer than the spin). Only the heir an unlock
     * woke spins in a slot, for the learned budget. For holds of a microsecond or less, where
     * any bookkeeping per acquisition costs more than the hold.
     */
    BARGE("barge"),
    /**
     * The restricted line: a short spin while nobody sleeps, then a spinner slot per processor at
     * most with a learned spin, the rest asleep in line, rotated one for one by swaps, the
     * time-based yield on platform threads and making room on virtual threads. For holds of
     * microseconds and more, and for more threads than processors.
     */
    LINE("line"),
    /**
     * Concurrency restriction (a Malthusian lock's, Dice 2017): an arrival that finds the lock
     * held looks once and sleeps in line, and an unlock wakes the first sleeper only once it is
     * (nearly) past its bound (one release in eight reads the clock), so one thread runs the lock
     * alone, its cache lines in its own cache, and each sleeper gets the lock once a bound. A
     * sleeper's timer fires at its bound: it takes a lock its runner left free, and otherwise
     * sleeps on for the holder's unlock, which now wakes it. For holds with little work outside
     * them, where passing the lock between processors costs more than the hold.
     */
    SOLO("solo");

    /** Every policy by ordinal, in the chooser's order (values() without the copy it makes per call). */
    private static final LineupPolicy[] BY_ORDINAL = values();
    /** How many policies there are. */
    static final int COUNT = BY_ORDINAL.length;

    /** The policy whose ordinal is {@code ordinal} (LineupMutex stores the chooser's as an int). */
    static LineupPolicy ofOrdinal(int ordinal) {
        return BY_ORDINAL[ordinal];
    }

    /** The spec name that leaves the policy to the lock's chooser (LineupChooser): the default. */
    static final String AUTO_SPEC_NAME = "auto";

    /** The policy's name in a spec ({@code lineup:policy=barge}). */
    final String specName;

    LineupPolicy(String specName) {
        this.specName = specName;
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
}
