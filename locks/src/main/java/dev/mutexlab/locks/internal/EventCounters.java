package dev.mutexlab.locks.internal;

import dev.mutexlab.locks.LockEvent;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.LongAdder;

/**
 * The statistics of one lock: a {@link LongAdder} per {@link LockEvent} and the time spent in
 * starvation mode. A lock holds {@code null} instead of an instance when statistics are off, so
 * every recording site is a single null check, and all of them sit on slow paths.
 */
public final class EventCounters {
    private static final LockEvent[] EVENTS = LockEvent.values();

    private final LongAdder[] adders = new LongAdder[EVENTS.length];
    private final LongAdder starvationNanos = new LongAdder();
    /** nanoTime when starvation mode was entered, or 0 when not in it. */
    private volatile long starvationSinceNanos;

    public EventCounters() {
        for (int i = 0; i < adders.length; i++) {
            adders[i] = new LongAdder();
        }
    }

    /** Counts one {@code event}. */
    public void add(LockEvent event) {
        adders[event.ordinal()].increment();
    }

    /** Records entry into starvation mode (the caller made the transition). */
    public void starvationEntered() {
        add(LockEvent.STARVATION_ENTER);
        long now = System.nanoTime();
        STARVATION_SINCE.compareAndSet(this, 0L, now == 0L ? 1L : now);
    }

    /** Records exit from starvation mode (the caller made the transition). */
    public void starvationExited() {
        add(LockEvent.STARVATION_EXIT);
        long since = (long) STARVATION_SINCE.getAndSet(this, 0L);
        if (since != 0L) {
            starvationNanos.add(System.nanoTime() - since);
        }
    }

    /** The counts now, indexed by {@link LockEvent#ordinal()}. */
    public long[] counts() {
        long[] counts = new long[EVENTS.length];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = adders[i].sum();
        }
        return counts;
    }

    /** Time spent in starvation mode so far; an ongoing starvation period counts up to now. */
    public long starvationNanosNow() {
        long since = starvationSinceNanos;
        long ongoing = since == 0L ? 0L : Math.max(0L, System.nanoTime() - since);
        return starvationNanos.sum() + ongoing;
    }

    // VarHandle mechanics
    private static final VarHandle STARVATION_SINCE;
    static {
        try {
            STARVATION_SINCE = MethodHandles.lookup()
                    .findVarHandle(EventCounters.class, "starvationSinceNanos", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
