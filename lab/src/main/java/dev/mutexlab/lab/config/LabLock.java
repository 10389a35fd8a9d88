package dev.mutexlab.lab.config;

import dev.mutexlab.lab.results.UsageException;
import dev.mutexlab.locks.Locks;
import java.util.concurrent.locks.Lock;

/**
 * A lock as the lab names it: any library spec ({@code go:threshold=0}, {@code jdk-fair}), or
 * {@code synchronized} (the critical section in a synchronized block), optionally with a yield
 * after unlock: {@code +yield}, {@link Thread#yield()} right after every unlock (Go's
 * starvation-mode experiment's {@code Gosched} diagnostic), or {@code +yield=D}, a time-based
 * yield: right after an unlock, if this thread has not yielded there for D ({@code +yield=500us}).
 * The time-based form keeps a lock's handovers as they are and only gives the processor away
 * about once per D per thread, at a moment the thread holds no lock of the workload, so that the
 * OS switches threads there rather than at the end of a time slice. D counts time that passed, as a
 * program would write it, which on Linux's EEVDF scheduler starves one thread of several of the
 * processor (docs/RESULTS.md §12.1): a diagnostic to compare against, not a policy.
 *
 * <p>For {@code mutexlab real} only, a library spec may end in {@code +profile}: that lock with the
 * agent's profile on ({@code jdk+profile}: the program's own lock, profiled), so that a run can
 * measure what the profile costs a program beside the same lock without it.
 *
 * @param spec             the spec as written, e.g. {@code go+yield}
 * @param lockSpec         the library spec, or {@code synchronized}
 * @param yieldPeriodNanos -1: no yield; 0: after every unlock; more: at most once per this many ns per thread
 */
public record LabLock(String spec, String lockSpec, long yieldPeriodNanos) {
    public static final String SYNCHRONIZED = "synchronized";
    private static final String YIELD_SUFFIX = "+yield";
    /** The suffix of a lock measured with the agent's profile on ({@code real} only). */
    public static final String PROFILE_SUFFIX = "+profile";

    /** Parses and validates {@code text}; bad specs throw {@link UsageException} with one line. */
    public static LabLock parse(String text) {
        String t = text == null ? "" : text.trim();
        if (t.isEmpty()) {
            throw new UsageException("empty lock spec");
        }
        if (t.endsWith(PROFILE_SUFFIX)) {
            String base = t.substring(0, t.length() - PROFILE_SUFFIX.length());
            LabLock lock = base.isBlank() ? null : parse(base);
            if (lock == null || lock.isMonitor() || lock.yieldAfterUnlock() || lock.profiled()) {
                throw new UsageException("bad lock spec '" + t + "': +profile follows a library lock spec (jdk+profile)");
            }
            return new LabLock(t, lock.lockSpec(), -1L);
        }
        int y = t.lastIndexOf(YIELD_SUFFIX);
        long period = -1L;
        String base = t;
        if (y > 0 && (t.endsWith(YIELD_SUFFIX) || t.startsWith("=", y + YIELD_SUFFIX.length()))) {
            base = t.substring(0, y);
            period = 0L;
            if (!t.endsWith(YIELD_SUFFIX)) {
                String d = t.substring(y + YIELD_SUFFIX.length() + 1);
                try {
                    period = Durations.parse(d).toNanos();
                } catch (IllegalArgumentException e) {
                    throw new UsageException("bad lock spec '" + t + "': " + e.getMessage());
                }
                if (period <= 0L) {
                    throw new UsageException("bad lock spec '" + t + "': the yield period must be positive (or write +yield)");
                }
            }
        }
        if (!base.equals(SYNCHRONIZED)) {
            try {
                Locks.create(base); // validates name and options
            } catch (IllegalArgumentException e) {
                throw new UsageException("bad lock spec '" + t + "': " + e.getMessage());
            }
        }
        return new LabLock(t, base, period);
    }

    /** Whether the spec yields after unlock, always ({@code +yield}) or time-based ({@code +yield=D}). */
    public boolean yieldAfterUnlock() {
        return yieldPeriodNanos >= 0L;
    }

    /**
     * Whether a thread that last yielded after an unlock at {@code lastYieldNanos} yields now:
     * always for {@code +yield}, once the period has passed for {@code +yield=D}, never without.
     */
    public boolean yieldsNow(long nowNanos, long lastYieldNanos) {
        return yieldPeriodNanos == 0L || (yieldPeriodNanos > 0L && nowNanos - lastYieldNanos >= yieldPeriodNanos);
    }

    /**
     * The yield right after an unlock, if the spec has one and it is due: {@code lastYieldNanos[0]}
     * is when the calling thread last yielded here (the caller keeps it per thread). Reads the
     * clock only for {@code +yield=D}.
     */
    public void afterUnlock(long[] lastYieldNanos) {
        if (yieldPeriodNanos < 0L) {
            return;
        }
        long now = yieldPeriodNanos == 0L ? 0L : System.nanoTime();
        if (yieldsNow(now, lastYieldNanos[0])) {
            lastYieldNanos[0] = now;
            Thread.yield();
        }
    }

    /** Whether the lock is measured with the agent's profile on ({@code +profile}). */
    public boolean profiled() {
        return spec.endsWith(PROFILE_SUFFIX);
    }

    /** Whether this is the synchronized-block baseline. */
    public boolean isMonitor() {
        return lockSpec.equals(SYNCHRONIZED);
    }

    /** A fresh library lock, with statistics on where it records them (not for {@code synchronized}). */
    public Lock newLock() {
        return Locks.create(lockSpec, Locks.recordsStatistics(lockSpec));
    }

    @Override
    public String toString() {
        return spec;
    }
}
