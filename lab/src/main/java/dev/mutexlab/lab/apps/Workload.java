package dev.mutexlab.lab.apps;

import dev.mutexlab.lab.results.AppsResult;
import dev.mutexlab.lab.results.UsageException;
import dev.mutexlab.lab.workload.BusyWork;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.locks.Lock;
import java.util.function.Supplier;

/** The application-shaped workloads of {@code mutexlab apps}, by the name the CLI and the results use. */
public enum Workload {
    CACHE("an access-ordered LinkedHashMap LRU under one lock, Zipf keys, a miss builds the value outside it"),
    QUEUE("a bounded blocking queue (array ring, notEmpty/notFull conditions), producers and consumers"),
    LOGGER("an appender formatting each line into a buffer flushed when full, under one lock"),
    POOL("an object pool with half as many objects as threads: borrow (wait while empty), use, return"),
    STRIPED("16 stripes of counters, each under its own lock; hot keys load a few stripes");

    private final String description;

    Workload(String description) {
        this.description = description;
    }

    /** Every workload's name, in order. */
    public static List<String> names() {
        return Arrays.stream(values()).map(Workload::label).toList();
    }

    /** Parses a name; a bad one throws {@link UsageException} with one line. */
    public static Workload parse(String name) {
        for (Workload w : values()) {
            if (w.label().equals(name.trim().toLowerCase(Locale.ROOT))) {
                return w;
            }
        }
        throw new UsageException("unknown workload '" + name + "' (expected one of " + String.join(", ", names()) + ")");
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public String description() {
        return description;
    }

    /** This workload on the locks of {@code locks} (null: {@code synchronized}). */
    App<?> create(Supplier<Lock> locks, AppsResult.Config c, BusyWork work) {
        return switch (this) {
            case CACHE -> new CacheApp(locks, c.keys(), c.skew(), c.outsideNanos(), work);
            case QUEUE -> new QueueApp(locks, c.outsideNanos(), work);
            case LOGGER -> new LoggerApp(locks, c.keys(), c.skew(), c.outsideNanos(), work);
            case POOL -> new PoolApp(locks, c.workers(), c.outsideNanos(), work);
            case STRIPED -> new StripedApp(locks, c.keys(), c.skew(), c.outsideNanos(), work);
        };
    }
}
