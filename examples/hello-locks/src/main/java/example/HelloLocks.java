package example;

import dev.mutexlab.locks.GoMutex;
import dev.mutexlab.locks.Locks;
import dev.mutexlab.locks.Mutex;
import java.time.Duration;
import java.util.concurrent.locks.Lock;

/** Four virtual threads count to 400,000 under each of three locks from the mutexlab library. */
public final class HelloLocks {
    private static long count;

    public static void main(String[] args) throws InterruptedException {
        Lock bySpec = Locks.create("spinbit");            // any spec that 'mutexlab locks' lists
        // Go's sync.Mutex, 1 ms starvation threshold, carrier-aware: these are virtual threads, where
        // plain GoMutex() lets a woken waiter wait for a carrier (docs/choosing.md)
        Mutex goMutex = new GoMutex(GoMutex.DEFAULT_STARVATION_THRESHOLD, true, false);
        Mutex handoff = new GoMutex(Duration.ZERO);       // always hands off to a waiter
        for (Lock lock : new Lock[] {bySpec, goMutex, handoff}) {
            count = 0;
            Thread[] threads = new Thread[4];
            for (int t = 0; t < threads.length; t++) {
                threads[t] = Thread.ofVirtual().start(() -> {
                    for (int i = 0; i < 100_000; i++) {
                        lock.lock();
                        try {
                            count++;
                        } finally {
                            lock.unlock();
                        }
                    }
                });
            }
            for (Thread t : threads) {
                t.join();
            }
            System.out.println(lock + ": count = " + count);
        }
    }
}
