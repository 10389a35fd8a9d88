package dev.mutexlab.locks;

/**
 * Concurrency restriction (a Malthusian lock's, Dice 2017): an arrival looks at the word once and
 * otherwise sleeps until due, with a timer at its bound; an unlock that finds such a sleeper first
 * in line leaves it asleep until then. So one thread runs the lock alone, its cache lines in its
 * own cache, and each sleeper gets the lock once a bound. For holds of a fraction of a
 * microsecond with little work outside them, where passing the lock between processors costs more
 * than the hold; it loses wherever work outside the lock matters, and a sleeper may sleep until
 * due while the lock is free (its runner left): that is the price of the restriction. Due means
 * its bound, or 1 ms after it started if the bound is longer (LineupMutex.SOLO_PERIOD_NANOS), so a
 * long bound never makes a long sleep on a free lock.
 *
 * <p>Implementation notes. What the policy changes in an unlock is read from the first sleeper's
 * own node under the line's guard (LineupMutex.wakeFirst), never from a flag beside it, and only a
 * sleeper whose own timer will fire first is left asleep: one that sleeps past its bound, or one
 * with a deadline before its bound (a timed {@code tryLock} shorter than the bound), sleeps as under
 * the other policies and is woken by the next unlock.
 */
final class LineupSolo extends LineupPolicy {

    LineupSolo(int ordinal) {
        super("solo", ordinal);
    }

    @Override
    boolean sleepsUntilDue() {
        return true;
    }
}
