package dev.mutexlab.lab.gotoolchain;

import dev.mutexlab.lab.results.UsageException;
import dev.mutexlab.locks.LockSpec;

/**
 * One column of Go's own mutex, named like the ports' lock specs: {@code go-native} (the default,
 * 1 ms threshold), {@code go-native:threshold=0} (always hand off), {@code go-native:threshold=never}
 * (never enter starvation mode), any {@code threshold=DURATION}, and {@code +gosched} for
 * {@code runtime.Gosched()} after every unlock (the Go counterpart of the ports' {@code +yield}).
 *
 * @param spec           the spec as written
 * @param thresholdNanos the starvation threshold ({@link Long#MAX_VALUE}: never)
 * @param gosched        whether each worker yields after unlocking
 */
public record GoVariant(String spec, long thresholdNanos, boolean gosched) {
    /** The name every Go spec starts with. */
    public static final String NAME = "go-native";
    /** Go's own threshold, 1 ms. */
    public static final long DEFAULT_THRESHOLD_NANOS = 1_000_000L;

    /** Parses a spec; throws {@link UsageException} for anything else. */
    public static GoVariant parse(String spec) {
        String s = spec.trim();
        boolean gosched = s.endsWith("+gosched");
        String base = gosched ? s.substring(0, s.length() - "+gosched".length()) : s;
        if (base.equals(NAME)) {
            return new GoVariant(s, DEFAULT_THRESHOLD_NANOS, gosched);
        }
        String prefix = NAME + ":threshold=";
        if (!base.startsWith(prefix)) {
            throw new UsageException("bad Go spec '" + spec + "' (expected go-native, go-native:threshold=D|never, optionally +gosched)");
        }
        String value = base.substring(prefix.length());
        try {
            long nanos = value.equals("never") ? Long.MAX_VALUE : LockSpec.parseDuration(value).toNanos();
            return new GoVariant(s, nanos, gosched);
        } catch (IllegalArgumentException e) {
            throw new UsageException("bad Go spec '" + spec + "': " + e.getMessage());
        }
    }

    /** Whether {@code spec} names Go's own mutex rather than a port. */
    public static boolean isGo(String spec) {
        return spec.trim().startsWith(NAME);
    }
}
