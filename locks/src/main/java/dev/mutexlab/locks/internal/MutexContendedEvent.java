package dev.mutexlab.locks.internal;

import dev.mutexlab.locks.Mutex;
import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Threshold;

/**
 * The JFR event {@code dev.mutexlab.MutexContended}: one acquisition that had to wait, emitted
 * when the wait lasted at least the recording's threshold (20 µs unless the recording sets
 * {@code dev.mutexlab.MutexContended#threshold}), with the stack trace of the acquiring thread.
 * The library's analog of {@code jdk.JavaMonitorEnter}.
 *
 * <p>Locks never touch this class directly: {@code AbstractMutex.contentionStart()} begins one on
 * entry to a slow path (null unless a recording enables the event) and
 * {@code AbstractMutex.contended(event, how)} ends it once the lock is taken.
 */
@Name("dev.mutexlab.MutexContended")
@Label("Mutex Contended")
@Category({"mutexlab", "Locks"})
@Description("An acquisition of a mutexlab lock that had to wait (slow path), longer than the threshold")
@Threshold("20 us")
@StackTrace(true)
public final class MutexContendedEvent extends Event {

    @Label("Lock Class")
    @Description("The lock's algorithm")
    Class<?> lockClass;

    @Label("Lock Identity")
    @Description("System.identityHashCode of the lock, to tell instances apart")
    int lockId;

    @Label("How Won")
    @Description("BARGING, SPINNING, WOKEN or HANDOFF (see dev.mutexlab.locks.internal.Won)")
    String how;

    @Label("Queue Length")
    @Description("Waiters the lock counted when this acquisition entered its slow path")
    int queueLength;

    /** A begun event, or null (and no clock read) when no recording enables this event. */
    public static MutexContendedEvent start(Mutex lock) {
        MutexContendedEvent e = new MutexContendedEvent();
        if (!e.isEnabled()) {
            return null;
        }
        e.queueLength = lock.getQueueLength();
        e.begin();
        return e;
    }

    /** Ends and commits the event if its duration reached the threshold. */
    public void won(Mutex lock, Won how) {
        end();
        if (shouldCommit()) {
            this.lockClass = lock.getClass();
            this.lockId = System.identityHashCode(lock);
            this.how = how.name();
            commit();
        }
    }
}
