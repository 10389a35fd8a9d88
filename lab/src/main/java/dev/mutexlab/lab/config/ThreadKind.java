package dev.mutexlab.lab.config;

import dev.mutexlab.lab.results.UsageException;
import java.util.Locale;

/** Which threads run the workers: platform (OS) threads or virtual threads on P carriers. */
public enum ThreadKind {
    PLATFORM, VIRTUAL;

    public static ThreadKind parse(String s) {
        try {
            return valueOf(s.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UsageException("bad thread kind '" + s + "' (expected platform or virtual)");
        }
    }

    /** Starts {@code task} on a new thread of this kind (platform threads are daemons, like virtual ones). */
    public Thread start(String name, Runnable task) {
        return this == PLATFORM ? Thread.ofPlatform().name(name).daemon().start(task) : Thread.ofVirtual().name(name).start(task);
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
