package dev.mutexlab.locks.internal;

import dev.mutexlab.locks.Mutex;
import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * The JFR event {@code dev.mutexlab.LineupPolicySwitch}: a {@code LineupMutex} that chooses its own
 * waiting policy adopted the other one, because a trial epoch under it ran the saturated lock
 * faster. On by default in any recording that enables it (a lock switches rarely: at most once per
 * few epochs of 5 ms, and settled locks not at all), without a stack trace (the switch happens in
 * whichever owner's unlock ended the epoch, which says nothing).
 *
 * <p>Reached only through {@link Jfr.Events}.
 */
@Name("dev.mutexlab.LineupPolicySwitch")
@Label("Lineup Policy Switch")
@Category({"mutexlab", "Locks"})
@Description("A lineup lock switched how its contended acquisitions wait (line or barge), after a trial ran it faster")
@StackTrace(false)
final class JfrPolicySwitch extends Event {

    @Label("Lock Class")
    @Description("The lock's algorithm")
    Class<?> lockClass;

    @Label("Lock Name")
    @Description("The name the lock was given, or null")
    String lockName;

    @Label("Lock Identity")
    @Description("System.identityHashCode of the lock, to tell instances apart")
    int lockId;

    @Label("From")
    @Description("The policy before the switch: line or barge")
    String from;

    @Label("To")
    @Description("The policy after the switch")
    String to;

    @Label("Rate Before")
    @Description("Acquisitions per second under the old policy in its recent saturated epochs")
    double rateBefore;

    @Label("Rate In Trial")
    @Description("Acquisitions per second under the new policy in the trial that won")
    double rateInTrial;

    static void commit(Mutex lock, String from, String to, double rateBefore, double rateInTrial) {
        JfrPolicySwitch e = new JfrPolicySwitch();
        if (!e.isEnabled()) {
            return;
        }
        e.lockClass = lock.getClass();
        e.lockName = lock.getName();
        e.lockId = System.identityHashCode(lock);
        e.from = from;
        e.to = to;
        e.rateBefore = rateBefore;
        e.rateInTrial = rateInTrial;
        e.commit();
    }
}
