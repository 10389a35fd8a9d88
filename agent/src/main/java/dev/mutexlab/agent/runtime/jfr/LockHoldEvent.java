package dev.mutexlab.agent.runtime.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Timespan;

/**
 * A sampled hold of a profiled lock: from having it to its outermost release (the event's
 * duration), on the thread that held it, with the wait it kept sampled waiters in. Committed after
 * the release. Off unless a recording enables it: one event per sampled hold is far more than a
 * recording of a busy program should carry by default.
 */
@Name("dev.mutexlab.LockHold")
@Label("Lock Hold")
@Category({"mutexlab", "Locks"})
@Description("A sampled hold of a lock profiled by mutexlab-agent: acquisition to the outermost release")
@Enabled(false)
public final class LockHoldEvent extends jdk.jfr.Event {

    @Label("Site")
    @Description("Where the lock was allocated, as a stack trace names a frame")
    String site;

    @Label("Lock Class")
    @Description("The class that serves the lock")
    String lockClass;

    @Label("Wait Caused")
    @Description("The wait of the sampled waiters present at the release, within this hold")
    @Timespan(Timespan.NANOSECONDS)
    long waitCausedNanos;
}
