package dev.mutexlab.agent.it;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A running program for a late attach: makes a {@link Holder} (so its class is loaded before any
 * agent), prints {@code READY}, waits up to a minute for the file {@code args[0]}, then makes
 * another {@code Holder} and prints its lock's class, and iterates an immutable list, whose iterator
 * class a JDK 17 program first loads here, while the agent's transformer runs.
 */
public final class AttachTarget {

    /** A class that allocates a lock in its constructor, as most programs' classes do. */
    static final class Holder {
        final ReentrantLock lock = new ReentrantLock();
    }

    private AttachTarget() {
    }

    public static void main(String[] args) throws Exception {
        Holder before = new Holder();
        System.out.println("BEFORE=" + before.lock.getClass().getName());
        System.out.println("READY");
        System.out.flush();
        Path go = Path.of(args[0]);
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!Files.exists(go) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        Holder after = new Holder();
        after.lock.lock();
        after.lock.unlock();
        System.out.println("AFTER=" + after.lock.getClass().getName());
        StringBuilder letters = new StringBuilder();
        for (String letter : List.of("a", "b")) {
            letters.append(letter);
        }
        System.out.println("ITERATED=" + letters);
        System.out.println("MAIN RAN");
    }
}
