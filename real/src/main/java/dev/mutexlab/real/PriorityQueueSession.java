package dev.mutexlab.real;

import dev.mutexlab.lab.workload.BusyWork;
import java.util.SplittableRandom;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The JDK's {@code PriorityBlockingQueue} as a shared work heap: it starts with {@value #PREFILL}
 * items, and each operation of every thread {@code put}s one item of random priority and
 * {@code take}s the least one — so the heap stays {@value #PREFILL} deep, each operation sifts up
 * and down under the queue's one {@code ReentrantLock}, and no take waits for long (every thread
 * put before it takes, so the items outnumber the threads taking). An item is its priority, its
 * putter and the putter's sequence number in one {@code long}, so the heap orders by priority.
 *
 * <p>The check: at the end the queue holds exactly {@value #PREFILL} items again, and every item
 * put (the prefill included) was taken or is still there, exactly once, per putter.
 */
final class PriorityQueueSession implements Session {
    static final int PREFILL = 1024;
    private static final int PRIORITY_BITS = 15;
    private static final int PUTTER_SHIFT = 32;
    private static final int PRIORITY_SHIFT = 48;
    private static final long SEQ_MASK = (1L << PUTTER_SHIFT) - 1;

    private final int workers;
    private final long outsideSteps;
    private final PriorityBlockingQueue<Long> queue = new PriorityBlockingQueue<>(2 * PREFILL);
    private final SplittableRandom[] random;
    private final long[] next;
    private final long[] busy;
    /** Putters 0..workers-1 and the prefill as putter {@code workers}. */
    private final Tally seen;
    private final AtomicInteger strangers = new AtomicInteger();

    PriorityQueueSession(int workers, long outsideSteps, long seed) {
        this.workers = workers;
        this.outsideSteps = outsideSteps;
        this.random = new SplittableRandom[workers + 1];
        SplittableRandom seeds = new SplittableRandom(seed);
        for (int t = 0; t <= workers; t++) {
            random[t] = seeds.split();
        }
        this.next = new long[workers * 16];
        this.busy = new long[workers * 16];
        this.seen = new Tally(workers + 1);
        for (int i = 0; i < PREFILL; i++) {
            queue.add(item(random[workers], workers, i));
        }
    }

    private static long item(SplittableRandom r, int putter, long seq) {
        return ((long) r.nextInt(1 << PRIORITY_BITS) << PRIORITY_SHIFT) | ((long) putter << PUTTER_SHIFT) | seq;
    }

    @Override
    public void operate(int thread) throws InterruptedException {
        int slot = thread * 16;
        long seq = next[slot];
        queue.put(item(random[thread], thread, seq));
        next[slot] = seq + 1;
        account(queue.take());
        busy[slot] = BusyWork.spin(busy[slot] | 1, outsideSteps);
    }

    private void account(long item) {
        int putter = (int) ((item >>> PUTTER_SHIFT) & 0xFFFF);
        if (putter > workers || item >>> PRIORITY_SHIFT >= 1 << PRIORITY_BITS) {
            strangers.incrementAndGet();
            return;
        }
        seen.add(putter, item & SEQ_MASK);
    }

    @Override
    public String check(long[] opsPerThread) {
        int left = queue.size();
        for (Long item; (item = queue.poll()) != null; ) {
            account(item);
        }
        if (strangers.get() != 0) {
            return "priority-queue: " + strangers.get() + " items of no putter were taken";
        }
        if (left != PREFILL) {
            return "priority-queue: every operation put one item and took one, yet " + left + " items are left of "
                    + PREFILL;
        }
        for (int t = 0; t <= workers; t++) {
            long made = t == workers ? PREFILL : next[t * 16];
            if (t < workers && made != opsPerThread[t]) {
                return "priority-queue: thread " + t + " counted " + made + " puts but the harness " + opsPerThread[t];
            }
            String wrong = seen.mismatch(t, made);
            if (wrong != null) {
                return "priority-queue: " + (t == workers ? "the prefill" : "thread " + t) + ": " + wrong;
            }
        }
        return null;
    }
}
