package dev.mutexlab.agent.it;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Serialization under the agent: {@code write FILE} (with the agent) makes the JDK's queues, a lock
 * and one of its conditions, round-trips them in this JVM, and writes them to FILE; {@code read FILE}
 * (a JVM without the agent) reads them back. Both check that every queue still hands items across
 * threads (its lock and conditions are paired) and print one {@code KEY=value} per check.
 */
public final class SerialProgram {

    /** A lock and its condition kept together, as a program's own class would. */
    static final class Guarded implements Serializable {
        private static final long serialVersionUID = 1L;
        final ReentrantLock lock = new ReentrantLock();
        final Condition ready = lock.newCondition();
        int value = 7;
    }

    private SerialProgram() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[1]);
        Object[] graph;
        if (args[0].equals("write")) {
            graph = new Object[] {filled(new ArrayBlockingQueue<>(8)), filled(new LinkedBlockingQueue<>()),
                    filled(new LinkedBlockingDeque<>()), new Guarded()};
            System.out.println("LOCK_BEFORE=" + ((Guarded) graph[3]).lock.getClass().getName());
            byte[] bytes = write(graph);
            String text = new String(bytes, StandardCharsets.ISO_8859_1);
            System.out.println("NAMES_AGENT=" + (text.contains("mutexlab.agent.runtime") || text.contains("mutexlab.agent.bundled")));
            Files.write(file, bytes);
            check("HERE", read(bytes));
        } else {
            check("THERE", read(Files.readAllBytes(file)));
        }
        System.out.println("DONE");
    }

    private static BlockingQueue<Integer> filled(BlockingQueue<Integer> queue) {
        queue.add(1);
        queue.add(2);
        return queue;
    }

    private static byte[] write(Object graph) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(graph);
        }
        return bytes.toByteArray();
    }

    private static Object[] read(byte[] bytes) throws Exception {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            return (Object[]) in.readObject();
        }
    }

    @SuppressWarnings("unchecked")
    private static void check(String where, Object[] graph) throws Exception {
        String[] names = {"ABQ", "LBQ", "LBD"};
        for (int i = 0; i < names.length; i++) {
            BlockingQueue<Integer> queue = (BlockingQueue<Integer>) graph[i];
            boolean items = queue.poll() == 1 && queue.poll() == 2 && queue.isEmpty();
            System.out.println(where + "_" + names[i] + "=" + (items && handsAcross(queue)));
        }
        Guarded guarded = (Guarded) graph[3];
        System.out.println(where + "_GUARDED=" + (guarded.value == 7 && signals(guarded)));
    }

    /** A taker blocked on the empty queue gets what another thread puts: the take's condition is the put's lock's. */
    private static boolean handsAcross(BlockingQueue<Integer> queue) throws Exception {
        Integer[] taken = new Integer[1];
        Thread taker = new Thread(() -> {
            try {
                taken[0] = queue.poll(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        taker.start();
        parked(taker);   // the put must wake a taker already waiting on the queue's condition
        queue.put(42);
        taker.join(30_000);
        return Integer.valueOf(42).equals(taken[0]);
    }

    /** A waiter on the condition is woken by a signal under the lock. */
    private static boolean signals(Guarded g) throws Exception {
        boolean[] woken = new boolean[1];
        Thread waiter = new Thread(() -> {
            g.lock.lock();
            try {
                long left = TimeUnit.SECONDS.toNanos(20);
                while (g.value != 8 && left > 0) {
                    left = g.ready.awaitNanos(left);
                }
                woken[0] = g.value == 8;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                g.lock.unlock();
            }
        });
        waiter.start();
        parked(waiter);   // the signal must reach a waiter already in the condition
        g.lock.lock();
        try {
            g.value = 8;
            g.ready.signalAll();
        } finally {
            g.lock.unlock();
        }
        waiter.join(30_000);
        return woken[0];
    }

    /** Returns once {@code t} waits (parked in a condition), or throws after 20 s. */
    private static void parked(Thread t) throws InterruptedException {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (t.getState() != Thread.State.WAITING && t.getState() != Thread.State.TIMED_WAITING) {
            if (System.nanoTime() - deadline > 0 || !t.isAlive()) {
                throw new IllegalStateException(t + " never waited: " + t.getState());
            }
            Thread.onSpinWait();
        }
    }
}
