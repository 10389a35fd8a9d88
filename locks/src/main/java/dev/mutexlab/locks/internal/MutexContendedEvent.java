package dev.mutexlab.locks.internal;

import dev.mutexlab.locks.Mutex;

/**
 * A begun {@code dev.mutexlab.MutexContended} JFR event, as a slow path holds it: a handle with no
 * JDK Flight Recorder type in its signatures, so that a lock's class never links against
 * {@code jdk.jfr} (on a runtime without that module a slow path would otherwise throw
 * {@code NoClassDefFoundError}). The event itself is {@link JfrMutexContended}, reached only
 * through {@link Jfr} when the module is present.
 *
 * <p>Locks never touch this class directly: {@code AbstractMutex.contentionStart()} begins one on
 * entry to a slow path (null unless a recording enables the event) and
 * {@code AbstractMutex.contended(event, how)} ends it once the lock is taken.
 */
public final class MutexContendedEvent {
    private final Object jfrEvent;

    private MutexContendedEvent(Object jfrEvent) {
        this.jfrEvent = jfrEvent;
    }

    /**
     * A begun event, or null (and no clock read) when the runtime has no JFR or no recording
     * enables the event.
     */
    public static MutexContendedEvent start(Mutex lock) {
        if (!Jfr.AVAILABLE) {
            return null;
        }
        Object e = Jfr.Events.contentionStart(lock);
        return e == null ? null : new MutexContendedEvent(e);
    }

    /** Ends and commits the event if its duration reached the threshold. */
    public void won(Mutex lock, Won how) {
        Jfr.Events.contended(jfrEvent, lock, how); // only made when Jfr.AVAILABLE
    }
}
