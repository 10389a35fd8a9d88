package dev.mutexlab.real;

import dev.mutexlab.lab.workload.BusyWork;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * The JDK's {@code ArrayBlockingQueue} as a pipeline: the first half of the threads produce (each
 * {@code put} is one operation), the rest consume ({@code take}); one lock and its two conditions
 * guard the ring. An item is its producer and sequence number in one {@code long}. The check: per
 * producer, every item produced was consumed exactly once (by the consumers or by the drain after
 * the window), and each consumer saw each producer's items in increasing order — the queue's FIFO
 * order seen through one consumer.
 *
 * <p>After the window, producers stop; the measuring thread drains the queue until every producer
 * has left (so that none stays blocked in {@code put}), then puts one end marker per consumer (so
 * that none stays blocked in {@code take}).
 *
 * <p>The queue comes from a factory: the program's {@link #LIBRARY_QUEUE}, or in a test a queue whose
 * lock was replaced, to show that a broken lock fails this check.
 */
final class QueueSession implements Session {
    static final int CAPACITY = 256;
    /** The library's own queue. */
    static final IntFunction<BlockingQueue<Long>> LIBRARY_QUEUE = ArrayBlockingQueue::new;
    private static final long END = -1L;
    /** How long the drain after the window waits for the producers to leave. */
    private static final long STOP_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static final int PRODUCER_SHIFT = 40;

    private final int producers;
    private final int consumers;
    private final long outsideSteps;
    private final BlockingQueue<Long> queue;
    private final long[] produced;
    private final long[] busy;
    /** consumed[c][p]: items of producer p taken by consumer c; the drain is consumer {@code consumers}. */
    private final long[][] consumed;
    private final long[][] lastSeen;
    private final long[] disorder;
    private final AtomicInteger producersLeft;

    QueueSession(int workers, long outsideSteps, IntFunction<BlockingQueue<Long>> queues) {
        this.producers = Math.max(1, workers / 2);
        this.consumers = workers - producers;
        this.outsideSteps = outsideSteps;
        this.queue = queues.apply(CAPACITY);
        this.produced = new long[producers * 16];
        this.busy = new long[workers * 16];
        this.consumed = new long[consumers + 1][producers];
        this.lastSeen = new long[consumers + 1][producers];
        for (long[] row : lastSeen) {
            java.util.Arrays.fill(row, -1);
        }
        this.disorder = new long[(consumers + 1) * 16];
        this.producersLeft = new AtomicInteger(producers);
    }

    @Override
    public void operate(int thread) throws InterruptedException {
        if (thread < producers) {
            int slot = thread * 16;
            long seq = produced[slot];
            queue.put(((long) thread << PRODUCER_SHIFT) | seq);
            produced[slot] = seq + 1;
        } else {
            long item = queue.take();
            if (item == END) {
                return;
            }
            account(thread - producers, item);
        }
        busy[thread * 16] = BusyWork.spin(busy[thread * 16] | 1, outsideSteps);
    }

    private void account(int consumer, long item) {
        int p = (int) (item >>> PRODUCER_SHIFT);
        long seq = item & ((1L << PRODUCER_SHIFT) - 1);
        if (p < 0 || p >= producers) {
            disorder[consumer * 16]++;
            return;
        }
        if (seq <= lastSeen[consumer][p]) {
            disorder[consumer * 16]++;
        }
        lastSeen[consumer][p] = seq;
        consumed[consumer][p]++;
    }

    @Override
    public void leave(int thread) {
        if (thread < producers) {
            producersLeft.decrementAndGet();
        }
    }

    @Override
    public void stop() throws InterruptedException {
        long deadline = System.nanoTime() + STOP_LIMIT_NANOS; // a producer lost in put is the check's to report
        while (producersLeft.get() > 0 && System.nanoTime() - deadline < 0) {
            Long item = queue.poll(1, TimeUnit.MILLISECONDS);
            if (item != null && item != END) {
                account(consumers, item);
            }
        }
        for (int c = 0; c < consumers; c++) {
            while (!queue.offer(END, 1, TimeUnit.MILLISECONDS) && System.nanoTime() - deadline < 0) {
                Long item = queue.poll();
                if (item != null && item != END) {
                    account(consumers, item);
                }
            }
        }
    }

    @Override
    public String check(long[] opsPerThread) {
        for (Long item; (item = queue.poll()) != null; ) {
            if (item != END) {
                account(consumers, item);
            }
        }
        for (int c = 0; c <= consumers; c++) {
            if (disorder[c * 16] != 0) {
                return "queue: " + (c == consumers ? "the drain" : "consumer " + c) + " took " + disorder[c * 16]
                        + " items out of their producer's order (or items of no producer)";
            }
        }
        for (int p = 0; p < producers; p++) {
            long made = produced[p * 16];
            if (made != opsPerThread[p]) {
                return "queue: producer " + p + " counted " + made + " puts but the harness " + opsPerThread[p];
            }
            long taken = 0;
            for (int c = 0; c <= consumers; c++) {
                taken += consumed[c][p];
            }
            if (taken != made) {
                return "queue: producer " + p + " put " + made + " items, " + taken + " were taken";
            }
        }
        return null;
    }
}
