package dev.mutexlab.agent.runtime;

import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * An allocation site: where a lock is constructed. A rewritten site is a place in a class file (a
 * {@code new ReentrantLock(..)} or a re-parented class's {@code super(..)}); with
 * {@code frames=N} the profile attributes each lock to a framed site, the frame N above the
 * rewritten one, whose {@link #parent()} is the rewritten site.
 *
 * @param id         index in {@link Sites}
 * @param className  the class, dotted
 * @param method     the method name ({@code <init>} for a constructor)
 * @param line       the source line, or -1 when the class has no line numbers
 * @param kind       {@code new}, {@code new-fair} or {@code reparent}
 * @param parent     the rewritten site a framed site stands for; -1 for a rewritten site
 * @param fileName   the source file, or null
 * @param instances  locks constructed at this site
 * @param keptFair   of those, fair locks left as the JDK's own under a swap ({@code fair=keep})
 * @param swapped    of those, locks served by what {@code lock=SPEC} asked for: the library's lock, or
 *                   under {@code jdk-fair} the JDK's fair lock in place of a nonfair one
 * @param lockClass  the class that does the locking for the locks constructed here (the last one,
 *                   when they differ): {@code java.util.concurrent.locks.ReentrantLock} for the JDK's
 *                   own, else the library lock's class (in the agent's relocated package)
 */
public record Site(int id, String className, String method, int line, String kind, int parent,
                   String fileName, LongAdder instances, LongAdder keptFair, LongAdder swapped,
                   AtomicReference<String> lockClass) {

    /** {@code org.foo.Bar.<init>(Bar.java:42)}, the way a stack trace names a frame. */
    public String label() {
        String where = fileName == null ? "Unknown Source" : line < 0 ? fileName : fileName + ":" + line;
        return className + "." + method + "(" + where + ")";
    }
}
