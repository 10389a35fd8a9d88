package dev.mutexlab.locks;

/**
 * The line, as {@code ReentrantLock}: an arrival looks at the word once, takes the lock if it is
 * free, and otherwise sleeps in line at once; only the sleeper an unlock woke spins. Where no
 * spinning pays (more threads than processors, holds longer than a wake-up) it is the cheapest
 * way to wait, and it is what the lock falls back to where neither other policy runs it faster.
 */
final class LineupLine extends LineupPolicy {

    LineupLine(int ordinal) {
        super("line", ordinal);
    }

    @Override
    boolean sleepsUntilDue() {
        return false;
    }
}
