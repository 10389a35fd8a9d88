package smoke;

import dev.mutexlab.locks.LockEvent;
import dev.mutexlab.locks.Locks;
import dev.mutexlab.locks.Mutex;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.Lock;

/**
 * Contends every lock spec on the running runtime (see ../README.md) and exits 1 unless every
 * thread finished its work without throwing and at least one acquisition went through a slow path.
 */
public final class Smoke {
    private static final int THREADS = 4;
    private static final int ITERATIONS = 20_000;

    public static void main(String[] args) throws InterruptedException {
        boolean jfr = ModuleLayer.boot().findModule("jdk.jfr").isPresent();
        System.out.println("runtime modules include jdk.jfr: " + jfr + "; library on the "
                + (Mutex.class.getModule().isNamed() ? "module path" : "class path"));
        boolean ok = true;
        long contended = 0;
        for (String spec : Locks.exampleSpecs()) {
            for (boolean virtual : new boolean[] {false, true}) {
                Lock lock = Locks.create(spec, Locks.recordsStatistics(spec));
                int[] counter = {0};
                AtomicReference<Throwable> failure = new AtomicReference<>();
                List<Thread> threads = new ArrayList<>();
                for (int t = 0; t < THREADS; t++) {
                    Runnable work = () -> {
                        for (int i = 0; i < ITERATIONS; i++) {
                            lock.lock();
                            try {
                                counter[0]++;
                                for (int s = 0; s < 20; s++) {
                                    Thread.onSpinWait(); // a short hold, so that others queue
                                }
                            } finally {
                                lock.unlock();
                            }
                        }
                    };
                    Runnable guarded = () -> {
                        try {
                            work.run();
                        } catch (Throwable e) {
                            failure.compareAndSet(null, e);
                        }
                    };
                    threads.add(virtual ? Thread.ofVirtual().start(guarded) : Thread.ofPlatform().start(guarded));
                }
                for (Thread t : threads) {
                    t.join(60_000);
                    if (t.isAlive()) {
                        failure.compareAndSet(null, new AssertionError(t + " still running after 60 s"));
                    }
                }
                lock.lock();
                int count = counter[0];
                lock.unlock();
                long slow = lock instanceof Mutex m ? m.stats().count(LockEvent.CONTENDED_ACQUIRE) : 0;
                contended += slow;
                boolean good = failure.get() == null && count == THREADS * ITERATIONS;
                System.out.println(spec + (virtual ? " virtual" : " platform") + ": count = " + count
                        + ", contended = " + slow + (good ? "" : "  FAILED: " + failure.get()));
                if (failure.get() != null) {
                    failure.get().printStackTrace();
                }
                ok &= good;
            }
        }
        if (contended == 0) {
            System.out.println("FAILED: no acquisition was contended, so no slow path ran");
            ok = false;
        }
        System.out.println(ok ? "jfr-free smoke: OK" : "jfr-free smoke: FAILED");
        System.exit(ok ? 0 : 1);
    }
}
