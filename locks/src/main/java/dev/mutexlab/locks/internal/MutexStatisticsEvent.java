package dev.mutexlab.locks.internal;

import dev.mutexlab.locks.LockEvent;
import dev.mutexlab.locks.LockStats;
import dev.mutexlab.locks.Mutex;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * The periodic JFR event {@code dev.mutexlab.MutexStatistics}: the event counters ({@link LockEvent})
 * of every live lock created with statistics on, one event per lock per period (1 s unless the
 * recording sets {@code dev.mutexlab.MutexStatistics#period}). Counts are totals since the lock
 * was created; subtract successive events for rates.
 *
 * <p>Reached only through {@link Jfr}, which calls {@link #track} only when the runtime has JFR.
 * A lock with statistics registers itself here when it is created ({@link #track}); the set
 * holds locks weakly, so a lock that is no longer used drops out. The JFR hook is installed with
 * the first such lock, so a program without statistics never loads JFR's machinery through us;
 * that first creation takes about 0.2 s once (JFR reads its event metadata; no thread is started).
 */
@Name("dev.mutexlab.MutexStatistics")
@Label("Mutex Statistics")
@Category({"mutexlab", "Locks"})
@Description("Event counters of a mutexlab lock created with statistics on, totals since creation")
@Period("1 s")
@StackTrace(false)
public final class MutexStatisticsEvent extends Event {

    @Label("Lock Class")
    Class<?> lockClass;
    @Label("Lock Name")
    @Description("The name the lock was given, or null")
    String lockName;
    @Label("Lock Identity")
    @Description("System.identityHashCode of the lock, as in dev.mutexlab.MutexContended")
    int lockId;

    // One field per LockEvent, named after it (MutexStatisticsEventTest checks that none is missing).
    @Label("Contended Acquires")
    long contendedAcquire;
    @Label("Spin Rounds")
    long spinRound;
    @Label("Yields")
    long yield;
    @Label("Parks")
    long park;
    @Label("Wakeups")
    long wakeup;
    @Label("Handoffs")
    long handoff;
    @Label("Requeues")
    long requeue;
    @Label("Starvation Mode Entries")
    long starvationEnter;
    @Label("Starvation Mode Exits")
    long starvationExit;
    @Label("Wakes Skipped")
    long wakeSkipped;
    @Label("Anti-Starvation Wakes")
    long antiStarvationWake;
    @Label("Handoff Requests")
    long handoffRequest;
    @Label("Timeouts")
    long timeout;
    @Label("Interrupts")
    long interrupt;
    @Label("Empty Wakes")
    long emptyWake;
    @Label("Tail Wakes")
    long tailWake;
    @Label("Spin Acquires")
    long spinAcquire;
    @Label("Made Room")
    long madeRoom;
    @Label("Policy Trials")
    long policyTrial;
    @Label("Policy Switches")
    long policySwitch;
    @Label("Policy Returns")
    long policyReturn;
    @Label("Time in Starvation Mode")
    @Timespan(Timespan.NANOSECONDS)
    long starvationNanos;

    private static final Map<Mutex, Boolean> LOCKS = Collections.synchronizedMap(new WeakHashMap<>());

    /** Includes {@code lock} (which records statistics) in the periodic event from now on. */
    public static void track(Mutex lock) {
        Hook.ensureInstalled();
        LOCKS.put(lock, Boolean.TRUE);
    }

    /** The JFR hook: one event per tracked lock. */
    private static void emitAll() {
        List<Mutex> locks;
        synchronized (LOCKS) {
            locks = new ArrayList<>(LOCKS.keySet());
        }
        for (Mutex lock : locks) {
            MutexStatisticsEvent e = new MutexStatisticsEvent();
            e.set(lock, lock.stats());
            e.commit();
        }
    }

    private void set(Mutex lock, LockStats s) {
        lockClass = lock.getClass();
        lockName = lock.getName();
        lockId = System.identityHashCode(lock);
        contendedAcquire = s.count(LockEvent.CONTENDED_ACQUIRE);
        spinRound = s.count(LockEvent.SPIN_ROUND);
        this.yield = s.count(LockEvent.YIELD);
        park = s.count(LockEvent.PARK);
        wakeup = s.count(LockEvent.WAKEUP);
        handoff = s.count(LockEvent.HANDOFF);
        requeue = s.count(LockEvent.REQUEUE);
        starvationEnter = s.count(LockEvent.STARVATION_ENTER);
        starvationExit = s.count(LockEvent.STARVATION_EXIT);
        wakeSkipped = s.count(LockEvent.WAKE_SKIPPED);
        antiStarvationWake = s.count(LockEvent.ANTI_STARVATION_WAKE);
        handoffRequest = s.count(LockEvent.HANDOFF_REQUEST);
        timeout = s.count(LockEvent.TIMEOUT);
        interrupt = s.count(LockEvent.INTERRUPT);
        emptyWake = s.count(LockEvent.EMPTY_WAKE);
        tailWake = s.count(LockEvent.TAIL_WAKE);
        spinAcquire = s.count(LockEvent.SPIN_ACQUIRE);
        madeRoom = s.count(LockEvent.MADE_ROOM);
        policyTrial = s.count(LockEvent.POLICY_TRIAL);
        policySwitch = s.count(LockEvent.POLICY_SWITCH);
        policyReturn = s.count(LockEvent.POLICY_RETURN);
        starvationNanos = s.starvationNanos();
    }

    /** Holder idiom: the JFR hook is installed by this class's initializer, once. */
    private static final class Hook {
        static {
            FlightRecorder.addPeriodicEvent(MutexStatisticsEvent.class, MutexStatisticsEvent::emitAll);
        }

        static void ensureInstalled() {
            // the static initializer above runs on the first call
        }
    }
}
