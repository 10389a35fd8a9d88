package dev.mutexlab.lab.config;

import dev.mutexlab.lab.results.UsageException;
import dev.mutexlab.locks.Locks;
import java.util.concurrent.locks.Lock;

/**
 * A lock as the lab names it: any library spec ({@code go:threshold=0}, {@code jdk-fair}), or
 * {@code synchronized} (the critical section in a synchronized block), optionally with the suffix
 * {@code +yield}: {@link Thread#yield()} right after unlock, Go's starvation-mode experiment's {@code Gosched} diagnostic.
 *
 * @param spec        the spec as written, e.g. {@code go+yield}
 * @param lockSpec    the library spec, or {@code synchronized}
 * @param yieldAfterUnlock whether to yield after each unlock
 */
public record LabLock(String spec, String lockSpec, boolean yieldAfterUnlock) {
    public static final String SYNCHRONIZED = "synchronized";
    private static final String YIELD_SUFFIX = "+yield";

    /** Parses and validates {@code text}; bad specs throw {@link UsageException} with one line. */
    public static LabLock parse(String text) {
        String t = text == null ? "" : text.trim();
        if (t.isEmpty()) {
            throw new UsageException("empty lock spec");
        }
        boolean yield = t.endsWith(YIELD_SUFFIX);
        String base = yield ? t.substring(0, t.length() - YIELD_SUFFIX.length()) : t;
        if (!base.equals(SYNCHRONIZED)) {
            try {
                Locks.create(base); // validates name and options
            } catch (IllegalArgumentException e) {
                throw new UsageException("bad lock spec '" + t + "': " + e.getMessage());
            }
        }
        return new LabLock(t, base, yield);
    }

    /** Whether this is the synchronized-block baseline. */
    public boolean isMonitor() {
        return lockSpec.equals(SYNCHRONIZED);
    }

    /** A fresh library lock with statistics on (not for {@code synchronized}). */
    public Lock newLock() {
        return Locks.create(lockSpec, true);
    }

    @Override
    public String toString() {
        return spec;
    }
}
