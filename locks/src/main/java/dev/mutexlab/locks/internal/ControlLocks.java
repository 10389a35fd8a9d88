package dev.mutexlab.locks.internal;

import java.util.concurrent.locks.Lock;

/**
 * The hand-off through which {@code controls.TortureControls} builds the torture controls. The
 * controls extend the library's package-private {@code AbstractMutex}, so they live in the API
 * package as package-private classes; {@code Locks} gives their constructor to this class when it
 * loads. Neither this package nor the controls' package is exported, so no user of the module can
 * reach a broken lock.
 */
public final class ControlLocks {
    /** Builds a control: {@code (lostWakeup, recordStats)}. */
    public interface Factory {
        Lock create(boolean lostWakeup, boolean recordStats);
    }

    private static volatile Factory factory; // set once by Locks' class initialisation

    private ControlLocks() {
    }

    /** Called by {@code Locks} when it loads. */
    public static void register(Factory f) {
        factory = f;
    }

    /** A new control; {@code Locks} must have been initialised (the caller makes sure of it). */
    public static Lock create(boolean lostWakeup, boolean recordStats) {
        Factory f = factory;
        if (f == null) {
            throw new IllegalStateException("the torture controls were not registered (dev.mutexlab.locks.Locks not loaded)");
        }
        return f.create(lostWakeup, recordStats);
    }
}
