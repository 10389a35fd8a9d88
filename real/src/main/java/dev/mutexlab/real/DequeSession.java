package dev.mutexlab.real;

import dev.mutexlab.lab.workload.BusyWork;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * The JDK's {@code LinkedBlockingDeque} as a pipeline worked at both ends: the first half of the
 * threads produce, alternating {@code putLast} and {@code putFirst}; the rest consume, alternating
 * {@code takeFirst} and {@code takeLast}. One {@code ReentrantLock} and its {@code notEmpty} and
 * {@code notFull} conditions guard the list and both ends, and a full deque of
 * {@value #CAPACITY} makes producers wait. An item is its producer and sequence number in one
 * {@code long}; with both ends in use no consumer sees any order, so the check is exactly-once:
 * per producer every item put was taken once (by the consumers or by the drain after the window).
 *
 * <p>After the window, producers stop; the measuring thread drains the deque until every producer
 * has left (so that none stays blocked in a put), then puts one end marker per consumer (so that
 * none stays blocked in a take).
 *
 * <p>The deque comes from a factory: the program's {@link #LIBRARY_DEQUE}, or in a test a deque whose
 * lock was replaced, to show that a broken lock fails this check.
 */
final class DequeSession implements Session {
    static final int CAPACITY = 256;
    /** The library's own deque. */
    static final IntFunction<LinkedBlockingDeque<Long>> LIBRARY_DEQUE = LinkedBlockingDeque::new;
    private static final long END = -1L;
    /** How long the drain after the window waits for the producers to leave. */
    private static final long STOP_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static final int PRODUCER_SHIFT = 40;
    private static final long SEQ_MASK = (1L << PRODUCER_SHIFT) - 1;

    private final int producers;
    private final long outsideSteps;
    private final LinkedBlockingDeque<Long> deque;
    private final long[] ops;
    private final long[] busy;
    private final Tally taken;
    private final AtomicInteger strangers = new AtomicInteger();
    private final AtomicInteger producersLeft;

    DequeSession(int workers, long outsideSteps, IntFunction<LinkedBlockingDeque<Long>> deques) {
        this.deque = deques.apply(CAPACITY);
        this.producers = Math.max(1, workers / 2);
        this.outsideSteps = outsideSteps;
        this.ops = new long[workers * 16];
        this.busy = new long[workers * 16];
        this.taken = new Tally(producers);
        this.producersLeft = new AtomicInteger(producers);
    }

    @Override
    public void operate(int thread) throws InterruptedException {
        int slot = thread * 16;
        long n = ops[slot];
        if (thread < producers) {
            long item = ((long) thread << PRODUCER_SHIFT) | n;
            if ((n & 1) == 0) {
                deque.putLast(item);
            } else {
                deque.putFirst(item);
            }
        } else {
            long item = (n & 1) == 0 ? deque.takeFirst() : deque.takeLast();
            if (item == END) {
                return;
            }
            account(item);
        }
        ops[slot] = n + 1;
        busy[slot] = BusyWork.spin(busy[slot] | 1, outsideSteps);
    }

    private void account(long item) {
        int p = (int) (item >>> PRODUCER_SHIFT);
        if (p < 0 || p >= producers) {
            strangers.incrementAndGet();
            return;
        }
        taken.add(p, item & SEQ_MASK);
    }

    @Override
    public void leave(int thread) {
        if (thread < producers) {
            producersLeft.decrementAndGet();
        }
    }

    @Override
    public void stop() throws InterruptedException {
        long deadline = System.nanoTime() + STOP_LIMIT_NANOS; // a producer lost in a put is the check's to report
        while (producersLeft.get() > 0 && System.nanoTime() - deadline < 0) {
            Long item = deque.pollFirst(1, TimeUnit.MILLISECONDS);
            if (item != null && item != END) {
                account(item);
            }
        }
        int consumers = ops.length / 16 - producers;
        for (int c = 0; c < consumers; c++) {
            while (!deque.offerLast(END, 1, TimeUnit.MILLISECONDS) && System.nanoTime() - deadline < 0) {
                Long item = deque.pollFirst();
                if (item != null && item != END) {
                    account(item);
                }
            }
        }
    }

    @Override
    public String check(long[] opsPerThread) {
        for (Long item; (item = deque.pollFirst()) != null; ) {
            if (item != END) {
                account(item);
            }
        }
        if (strangers.get() != 0) {
            return "deque: " + strangers.get() + " items of no producer were taken";
        }
        for (int p = 0; p < producers; p++) {
            long made = ops[p * 16];
            if (made != opsPerThread[p]) {
                return "deque: producer " + p + " counted " + made + " puts but the harness " + opsPerThread[p];
            }
            String wrong = taken.mismatch(p, made);
            if (wrong != null) {
                return "deque: producer " + p + ": " + wrong;
            }
        }
        return null;
    }
}
