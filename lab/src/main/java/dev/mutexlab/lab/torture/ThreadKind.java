package dev.mutexlab.lab.torture;

import java.util.Locale;

/** The kind of thread a torture writer runs on. */
public enum ThreadKind {
    PLATFORM, VIRTUAL;

    /** Starts {@code task} on a new thread of this kind (platform threads are daemons). */
    Thread start(String name, Runnable task) {
        return this == PLATFORM
                ? Thread.ofPlatform().name(name).daemon().start(task)
                : Thread.ofVirtual().name(name).start(task);
    }

    /** The name used on the command line and in results: {@code platform} or {@code virtual}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@code platform} or {@code virtual}. */
    public static ThreadKind parse(String text) {
        for (ThreadKind k : values()) {
            if (k.label().equals(text.trim().toLowerCase(Locale.ROOT))) {
                return k;
            }
        }
        throw new IllegalArgumentException("bad thread kind '" + text + "' (expected platform or virtual)");
    }
}
