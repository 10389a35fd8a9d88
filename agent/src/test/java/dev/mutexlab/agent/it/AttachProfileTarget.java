package dev.mutexlab.agent.it;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A running program profiled through a late attach with {@code stopAfter}: prints {@code READY},
 * waits for the file {@code args[0]} (made once the agent is in), makes a {@link Counter} and has two
 * threads take its lock {@code args[2]} times each, then waits for the agent's report {@code args[1]}
 * (written when it stops) and makes one more {@code Counter}, whose lock tells whether the rewrite
 * was undone.
 */
public final class AttachProfileTarget {

    /** A class that allocates its lock in its constructor. */
    static final class Counter {
        final ReentrantLock lock = new ReentrantLock();
        long value;
    }

    private AttachProfileTarget() {
    }

    public static void main(String[] args) throws Exception {
        new Counter();   // the class loads before the agent
        System.out.println("READY");
        System.out.flush();
        waitFor(Path.of(args[0]));
        Counter counter = new Counter();
        System.out.println("DURING=" + counter.lock.getClass().getName());
        int n = Integer.parseInt(args[2]);
        Thread[] threads = new Thread[2];
        for (int t = 0; t < threads.length; t++) {
            threads[t] = new Thread(() -> {
                for (int i = 0; i < n; i++) {
                    counter.lock.lock();
                    try {
                        counter.value++;
                    } finally {
                        counter.lock.unlock();
                    }
                }
            });
            threads[t].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        System.out.println("COUNT=" + counter.value);
        waitFor(Path.of(args[1]));
        Counter after = new Counter();
        System.out.println("AFTER_STOP=" + after.lock.getClass().getName());
        System.out.println("MAIN RAN");
    }

    private static void waitFor(Path file) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!Files.exists(file) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }
}
