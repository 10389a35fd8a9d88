package dev.mutexlab.locks.internal;

import dev.mutexlab.locks.Mutex;
import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Threshold;

/**
 * The JFR event {@code dev.mutexlab.MutexContended}: one acquisition that had to wait, the
 * library's analog of {@code jdk.JavaMonitorEnter}. Off unless a recording enables it, and then,
 * with the recording's defaults, only waits of 20 ms or more and no stack trace: safe in a
 * continuous recording. {@code mutexlab.jfc} (in the jar) enables it at 20 µs with stack traces.
 *
 * <p>Reached only through {@link Jfr.Events}: a lock's slow path holds a
 * {@link MutexContendedEvent}, which names no JFR type.
 */
@Name("dev.mutexlab.MutexContended")
@Label("Mutex Contended")
@Category({"mutexlab", "Locks"})
@Description("An acquisition of a mutexlab lock that had to wait (slow path), longer than the threshold")
@Enabled(false)
@Threshold("20 ms")
@StackTrace(false)
final class JfrMutexContended extends Event {

    @Label("Lock Class")
    @Description("The lock's algorithm")
    Class<?> lockClass;

    @Label("Lock Name")
    @Description("The name the lock was given (Locks.create(\"go:name=cache\"), Mutex.named), or null")
    String lockName;

    @Label("Lock Identity")
    @Description("System.identityHashCode of the lock, to tell instances apart")
    int lockId;

    @Label("How Won")
    @Description("BARGING, SPINNING, WOKEN or HANDOFF (the first that applies: handed over, slept and woken, spun or yielded, took it on a retry)")
    String how;

    @Label("Queue Length")
    @Description("Waiters the lock counted when this acquisition entered its slow path")
    int queueLength;

    /** A begun event, or null (and no clock read) when no recording enables this event. */
    static JfrMutexContended start(Mutex lock) {
        JfrMutexContended e = new JfrMutexContended();
        if (!e.isEnabled()) {
            return null;
        }
        e.queueLength = lock.getQueueLength();
        e.begin();
        return e;
    }

    /** Ends and commits the event if its duration reached the threshold. */
    void won(Mutex lock, Won how) {
        end();
        if (shouldCommit()) {
            this.lockClass = lock.getClass();
            this.lockName = lock.getName();
            this.lockId = System.identityHashCode(lock);
            this.how = how.name();
            commit();
        }
    }
}
