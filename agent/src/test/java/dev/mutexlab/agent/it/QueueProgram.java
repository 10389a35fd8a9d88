package dev.mutexlab.agent.it;

import java.lang.reflect.Field;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * Child program: a LinkedBlockingQueue and an ArrayBlockingQueue, each with 2 producers and 2
 * consumers; prints each queue's lock classes (by reflection) and whether every item arrived.
 */
public final class QueueProgram {

    public static void main(String[] args) throws Exception {
        int items = Integer.parseInt(args[0]);
        LinkedBlockingQueue<Integer> linked = new LinkedBlockingQueue<>(16);
        ArrayBlockingQueue<Integer> array = new ArrayBlockingQueue<>(16);
        System.out.println("LBQ_PUTLOCK=" + lockOf(LinkedBlockingQueue.class, "putLock", linked));
        System.out.println("LBQ_TAKELOCK=" + lockOf(LinkedBlockingQueue.class, "takeLock", linked));
        System.out.println("ABQ_LOCK=" + lockOf(ArrayBlockingQueue.class, "lock", array));
        System.out.println("ABQ_FAIR=" + ((java.util.concurrent.locks.ReentrantLock) field(ArrayBlockingQueue.class, "lock", array)).isFair());
        System.out.println("LBQ_SUM_OK=" + exchange(linked, items));
        System.out.println("ABQ_SUM_OK=" + exchange(array, items));
        kept = new Object[] {linked, array}; // reachable when the agent reports at exit
    }

    /** The queues, kept until the JVM exits: the agent's report reads their locks' counters then. */
    static volatile Object[] kept;

    private static String lockOf(Class<?> type, String name, Object queue) throws ReflectiveOperationException {
        return field(type, name, queue).getClass().getName();
    }

    private static Object field(Class<?> type, String name, Object queue) throws ReflectiveOperationException {
        Field f = type.getDeclaredField(name);
        f.setAccessible(true);
        return f.get(queue);
    }

    /** 2 producers put 1..items each; 2 consumers take 2 × items; true when the sum is right. */
    private static boolean exchange(BlockingQueue<Integer> queue, int items) throws InterruptedException {
        long[] sums = new long[2];
        Thread[] threads = new Thread[4];
        for (int p = 0; p < 2; p++) {
            threads[p] = new Thread(() -> {
                for (int i = 1; i <= items; i++) {
                    try {
                        queue.put(i);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
        }
        for (int c = 0; c < 2; c++) {
            int id = c;
            threads[2 + c] = new Thread(() -> {
                for (int i = 0; i < items; i++) {
                    try {
                        sums[id] += queue.take();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
        }
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        long expected = 2L * items * (items + 1) / 2;
        return sums[0] + sums[1] == expected && queue.isEmpty();
    }
}
