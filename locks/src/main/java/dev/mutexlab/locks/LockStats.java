package dev.mutexlab.locks;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An immutable snapshot of a lock's event counters and of the time it spent in starvation
 * (handoff) mode. Counters are read one by one, so a snapshot taken while the lock is in use is
 * approximate in the way {@link java.util.concurrent.atomic.LongAdder#sum()} is.
 *
 * @since 1.0
 */
public final class LockStats {
    private static final LockEvent[] EVENTS = LockEvent.values();
    private static final LockStats DISABLED = new LockStats(false, new long[EVENTS.length], 0L);

    private final boolean enabled;
    private final long[] counts;
    private final long starvationNanos;

    private LockStats(boolean enabled, long[] counts, long starvationNanos) {
        this.enabled = enabled;
        this.counts = counts;
        this.starvationNanos = starvationNanos;
    }

    /**
     * A snapshot with the given counts, indexed by {@link LockEvent#ordinal()}. Not API: the
     * locks make snapshots ({@link Mutex#stats()}), users read them.
     *
     * @throws IllegalArgumentException if {@code counts} does not have one entry per event
     */
    static LockStats of(long[] counts, long starvationNanos) {
        if (counts.length != EVENTS.length) {
            throw new IllegalArgumentException("need " + EVENTS.length + " counts, got " + counts.length);
        }
        return new LockStats(true, counts.clone(), starvationNanos);
    }

    /** The snapshot of a lock that does not record statistics: every count is zero. */
    public static LockStats disabled() {
        return DISABLED;
    }

    /** Whether the lock records statistics. */
    public boolean enabled() {
        return enabled;
    }

    /** How many times {@code event} happened. */
    public long count(LockEvent event) {
        return counts[event.ordinal()];
    }

    /** Total time spent in starvation (handoff) mode, in nanoseconds, up to the snapshot. */
    public long starvationNanos() {
        return starvationNanos;
    }

    /** The non-zero counters by event name, in declaration order. */
    public Map<String, Long> nonZeroCounts() {
        Map<String, Long> map = new LinkedHashMap<>();
        for (LockEvent e : EVENTS) {
            if (counts[e.ordinal()] != 0) {
                map.put(e.name(), counts[e.ordinal()]);
            }
        }
        return map;
    }

    /** The counters accumulated since {@code earlier}, a snapshot of the same lock. */
    public LockStats since(LockStats earlier) {
        if (!enabled) {
            return this;
        }
        long[] delta = new long[counts.length];
        for (int i = 0; i < delta.length; i++) {
            delta[i] = counts[i] - earlier.counts[i];
        }
        return new LockStats(true, delta, starvationNanos - earlier.starvationNanos);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LockStats s && s.enabled == enabled && s.starvationNanos == starvationNanos
                && Arrays.equals(s.counts, counts);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(counts) * 31 + Long.hashCode(starvationNanos);
    }

    @Override
    public String toString() {
        return enabled ? "LockStats" + nonZeroCounts() + (starvationNanos > 0 ? " starvationNanos=" + starvationNanos : "")
                : "LockStats[disabled]";
    }
}
