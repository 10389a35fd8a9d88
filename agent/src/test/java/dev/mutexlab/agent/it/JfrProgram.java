package dev.mutexlab.agent.it;

import dev.mutexlab.locks.Locks;
import dev.mutexlab.locks.Mutex;
import dev.mutexlab.locks.internal.Jfr;
import java.time.Duration;
import java.util.concurrent.locks.ReentrantLock;
import jdk.jfr.consumer.RecordingStream;

/**
 * Child program: with a recording that enables every mutexlab event running, reports a lineup
 * policy switch and waits on a contended library lock, as a lock on the agent's boot class path
 * does, then prints where the library was loaded from and that it went on.
 */
public final class JfrProgram {

    public static void main(String[] args) throws Exception {
        try (RecordingStream rs = new RecordingStream()) {
            rs.enable("dev.mutexlab.LineupPolicySwitch");
            rs.enable("dev.mutexlab.MutexContended").withThreshold(Duration.ZERO);
            rs.startAsync();
            Mutex lock = (Mutex) Locks.create("lineup");
            System.out.println("LOADER=" + (Mutex.class.getClassLoader() == null ? "boot" : "not boot"));
            Jfr.policySwitched(lock, "line", "barge", 1.0, 2.0);
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
