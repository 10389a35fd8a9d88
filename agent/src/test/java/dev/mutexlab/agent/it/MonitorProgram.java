package dev.mutexlab.agent.it;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadFactory;

/**
 * A program whose threads contend on {@code synchronized} blocks: platform threads on one block,
 * virtual threads (where the JDK has them) on another, and a synchronized method; each holder
 * sleeps inside now and then, so the others wait for it. {@code hot} instead calls one small
 * probed method in a loop, for the JIT to compile.
 *
 * <p>The lines marked {@code SITE} are the sites {@code MonitorIT} looks for in the profile.
 */
public final class MonitorProgram {

    private static final Object PLATFORM_LOCK = new Object();
    private static final Object VIRTUAL_LOCK = new Object();
    private static final int THREADS = 4;
    private static final int ROUNDS = 2000;
    /** A holder sleeps inside one round in this many. */
    private static final int SLEEP_EVERY = 200;

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
        void run(int i) throws InterruptedException;
    }

    private static void run(ThreadFactory factory, Round round) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            threads.add(factory.newThread(() -> {
                try {
                    for (int i = 0; i < ROUNDS; i++) {
                        round.run(i);
                        counted();
                    }
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join();
        }
    }

    private static void platformRound(int i) throws InterruptedException {
        synchronized (PLATFORM_LOCK) { // SITE platform
            platformCount++;
            if (i % SLEEP_EVERY == 0) {
                Thread.sleep(1);
            }
        }
    }

    private static void virtualRound(int i) throws InterruptedException {
        synchronized (VIRTUAL_LOCK) { // SITE virtual
            virtualCount++;
            if (i % SLEEP_EVERY == 0) {
                Thread.sleep(1);
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
