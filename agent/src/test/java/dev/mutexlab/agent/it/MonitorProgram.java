package dev.mutexlab.agent.it;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * A program whose threads contend on {@code synchronized} blocks: platform threads on one block,
 * virtual threads (where the JDK has them) on another, and a synchronized method; now and then a
 * holder stays inside for at least 1 ms and until another thread is blocked on the block's monitor,
 * so that a wait is there to record, not hoped for. {@code hot} instead calls one small
 * probed method in a loop, for the JIT to compile.
 *
 * <p>The lines marked {@code SITE} are the sites {@code MonitorIT} looks for in the profile.
 */
public final class MonitorProgram {

    private static final Object PLATFORM_LOCK = new Object();
    private static final Object VIRTUAL_LOCK = new Object();
    private static final int THREADS = 4;
    private static final int ROUNDS = 2000;
    /** A holder stays inside one round in this many ({@link #holdUntilAnotherWaits}). */
    private static final int HOLD_EVERY = 200;
    /** The least such a hold lasts: MonitorIT expects a hold this long. */
    private static final long HOLD_AT_LEAST_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    /** The threads of the run in progress. */
    private static volatile List<Thread> running = List.of();

    private static long platformCount;
    private static long virtualCount;
    private static long methodCount;
    private static long hotSum;

    private MonitorProgram() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("hot")) {
            for (int i = 0; i < 300_000; i++) {
                hot(i);
            }
            System.out.println("HOT=" + hotSum);
            return;
        }
        run(Thread::new, MonitorProgram::platformRound);
        System.out.println("PLATFORM=" + platformCount);
        ThreadFactory virtual = ShortThreadsProgram.virtualThreadFactory();
        if (virtual != null) {
            run(virtual, MonitorProgram::virtualRound);
            System.out.println("VIRTUAL=" + virtualCount);
        }
        System.out.println("METHOD=" + methodCount);
    }

    private interface Round {
        void run(int i);
    }

    private static void run(ThreadFactory factory, Round round) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            threads.add(factory.newThread(() -> {
                for (int i = 0; i < ROUNDS; i++) {
                    round.run(i);
                    counted();
                }
            }));
        }
        running = List.copyOf(threads);
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join();
        }
    }

    /**
     * Called inside a block: stays for at least {@link #HOLD_AT_LEAST_NANOS} and until another thread
     * of the run is blocked entering a monitor, or none is left running (at most 5 s).
     */
    private static void holdUntilAnotherWaits() {
        long start = System.nanoTime();
        long deadline = start + TimeUnit.SECONDS.toNanos(5);
        while (System.nanoTime() - deadline < 0
                && (System.nanoTime() - start < HOLD_AT_LEAST_NANOS || othersRunUnblocked())) {
            Thread.onSpinWait();
        }
    }

    /** Whether another thread of the run is alive and none of them is blocked on a monitor. */
    private static boolean othersRunUnblocked() {
        boolean alive = false;
        for (Thread t : running) {
            if (t == Thread.currentThread()) {
                continue;
            }
            Thread.State state = t.getState();
            if (state == Thread.State.BLOCKED) {
                return false;
            }
            alive |= state != Thread.State.TERMINATED;
        }
        return alive;
    }

    private static void platformRound(int i) {
        synchronized (PLATFORM_LOCK) { // SITE platform
            platformCount++;
            if (i % HOLD_EVERY == 0) {
                holdUntilAnotherWaits();
            }
        }
    }

    private static void virtualRound(int i) {
        synchronized (VIRTUAL_LOCK) { // SITE virtual
            virtualCount++;
            if (i % HOLD_EVERY == 0) {
                holdUntilAnotherWaits();
            }
        }
    }

    private static synchronized void counted() { // SITE method
        methodCount++;
    }

    private static void hot(int i) {
        synchronized (PLATFORM_LOCK) { // SITE hot
            hotSum += i;
        }
    }
}
