package dev.mutexlab.agent.it;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.concurrent.locks.ReentrantLock;
import jdk.jfr.consumer.RecordingStream;

/**
 * Child program: with a recording that enables every mutexlab event running, has the agent's own
 * copy of the library (relocated, on the boot class path, reached by reflection as a program never
 * would) report a lineup policy switch, and waits on a contended swapped lock, whose slow path
 * records through that copy; then prints where the copy was loaded from and that it went on.
 */
public final class JfrProgram {

    public static void main(String[] args) throws Exception {
        try (RecordingStream rs = new RecordingStream()) {
            rs.enable("dev.mutexlab.LineupPolicySwitch");
            rs.enable("dev.mutexlab.MutexContended").withThreshold(Duration.ZERO);
            rs.startAsync();
            Class<?> mutex = Class.forName("dev.mutexlab.agent.bundled.locks.Mutex");
            Object lock = Class.forName("dev.mutexlab.agent.bundled.locks.Locks").getMethod("create", String.class)
                    .invoke(null, "lineup");
            System.out.println("LOADER=" + (mutex.getClassLoader() == null ? "boot" : "not boot"));
            Method switched = Class.forName("dev.mutexlab.agent.bundled.locks.internal.Jfr").getMethod("policySwitched",
                    mutex, String.class, String.class, double.class, double.class);
            switched.invoke(null, lock, "line", "barge", 1.0, 2.0);
            ReentrantLock swapped = new ReentrantLock();
            swapped.lock();
            Thread waiter = new Thread(() -> {
                swapped.lock();
                swapped.unlock();
            });
            waiter.start();
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (waiter.getState() != Thread.State.WAITING) { // parked in the swapped lock's slow path
                if (System.nanoTime() - deadline > 0) {
                    throw new AssertionError("the waiter never parked in the swapped lock: " + waiter.getState());
                }
                Thread.onSpinWait();
            }
            swapped.unlock();
            waiter.join();
            System.out.println("WENT ON");
        }
    }
}
