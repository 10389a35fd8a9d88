package dev.mutexlab.agent.runtime.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;

/**
 * A sampled contended acquisition of a profiled lock: from the arrival at the held lock to having
 * it (the event's duration), on the thread that waited. Committed after that thread's release of
 * the lock, so that the recording's own work (its stack trace) is never done while it holds it.
 */
@Name("dev.mutexlab.LockWait")
@Label("Lock Wait")
@Category({"mutexlab", "Locks"})
@Description("A sampled contended acquisition of a lock profiled by mutexlab-agent: arrival at the held lock to having it")
public final class LockWaitEvent extends jdk.jfr.Event {

    @Label("Site")
    @Description("Where the lock was allocated, as a stack trace names a frame")
    String site;

    @Label("Lock Class")
    @Description("The class that serves the lock")
    String lockClass;
}
