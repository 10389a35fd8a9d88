/*
 * Go's BenchmarkMutex as a bare loop: THREADS threads lock and unlock one lock with nothing held
 * and nothing outside, for MILLIS; prints ops/s, the policy the lock ran every 100 ms (l, b, s)
 * and its lock events. In the library's package, to read LineupMutex.runningPolicy(). Build and
 * run against the library's classes (JDK 25):
 *   javac -cp locks/target/classes -d /tmp/diag Diag.java
 *   java -cp locks/target/classes:/tmp/diag dev.mutexlab.locks.Diag SPEC THREADS platform|virtual MILLIS
 * With the chooser's debug patch (chooser-debug.patch) built into a copy of the classes first on
 * the class path and DBGDIR set, each epoch's rate and waited share go to DBGDIR/<pid>.log.
 */
package dev.mutexlab.locks;

import java.util.concurrent.atomic.*;
import java.util.*;

public class Diag {
    public static void main(String[] a) throws Exception {
        String spec = a[0];
        int threads = Integer.parseInt(a[1]);
        boolean virtual = a[2].equals("virtual");
        long ms = Long.parseLong(a[3]);
        Mutex m = (Mutex) Locks.create(spec, true);
        AtomicBoolean stop = new AtomicBoolean();
        LongAdder ops = new LongAdder();
        List<Thread> ts = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            Runnable r = () -> { long n = 0; while (!stop.get()) { for (int k = 0; k < 100; k++) { m.lock(); m.unlock(); } n += 100; } ops.add(n); };
            ts.add(virtual ? Thread.ofVirtual().start(r) : Thread.ofPlatform().start(r));
        }
        StringBuilder sb = new StringBuilder();
        long t0 = System.nanoTime();
        LockStats prev = m.stats();
        while (System.nanoTime() - t0 < ms * 1_000_000L) {
            Thread.sleep(100);
            if (m instanceof LineupMutex l) sb.append(l.runningPolicy().specName.charAt(0));
        }
        stop.set(true);
        for (Thread t : ts) t.join();
        double secs = (System.nanoTime() - t0) / 1e9;
        System.out.printf("%s %d %s: %.2f Mops/s %s%n  %s%n", spec, threads, a[2], ops.sum() / secs / 1e6, sb, m.stats().nonZeroCounts());
    }
}
