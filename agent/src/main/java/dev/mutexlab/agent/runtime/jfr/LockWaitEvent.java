package dev.mutexlab.agent.runtime.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Threshold;

/**
 * A sampled contended acquisition of a profiled lock: from the arrival at the held lock to having
 * it (the event's duration), on the thread that waited. Committed after that thread's release of
 * the lock, so that the recording's own work (its stack trace) is never done while it holds it.
 * By default a recording keeps waits of 20 ms or more, as it does {@code jdk.JavaMonitorEnter}'s:
 * a busy lock's every sampled wait, with its stack trace, is a cost a recording asks for.
 */
@Name("dev.mutexlab.LockWait")
@Label("Lock Wait")
@Category({"mutexlab", "Locks"})
@Description("A sampled contended acquisition of a lock profiled by mutexlab-agent: arrival at the held lock to having it")
@Threshold("20 ms")
public final class LockWaitEvent extends jdk.jfr.Event {

    @Label("Site")
    @Description("Where the lock was allocated, as a stack trace names a frame")
    String site;

    @Label("Lock Class")
    @Description("The class that serves the lock")
    String lockClass;
}
