package dev.mutexlab.real;

import dev.mutexlab.lab.workload.BusyWork;
import java.util.SplittableRandom;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.Delayed;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The JDK's {@code DelayQueue} as a timer queue: each operation of every thread {@code put}s one
 * job — one in four due at once, the rest after a random delay of up to {@value #MAX_DELAY_MICROS}
 * µs — and {@code take}s the first job that is due. One {@code ReentrantLock} guards the heap; its
 * {@code available} condition parks the takers, one of them (the leader) for the head's delay and
 * the others without limit until signalled. No take waits forever: every thread put before it
 * takes, so the jobs outnumber the threads taking, and every delay ends.
 *
 * <p>The check: no job was taken before its delay was up, the queue is empty at the end, and every
 * job put was taken exactly once, per putter.
 */
final class DelayQueueSession implements Session {
    static final long MAX_DELAY_MICROS = 20;

    /** One job: who put it, its number, and when it is due. */
    record Job(int putter, long seq, long dueNanos) implements Delayed {
        @Override
        public long getDelay(TimeUnit unit) {
            return unit.convert(dueNanos - System.nanoTime(), TimeUnit.NANOSECONDS);
        }

        @Override
        public int compareTo(Delayed other) {
            return Long.compare(dueNanos - ((Job) other).dueNanos, 0);
        }
    }

    private final int workers;
    private final long outsideSteps;
    private final DelayQueue<Job> queue = new DelayQueue<>();
    private final SplittableRandom[] random;
    private final long[] next;
    private final long[] early;
    private final long[] busy;
    private final Tally taken;
    private final AtomicInteger strangers = new AtomicInteger();

    DelayQueueSession(int workers, long outsideSteps, long seed) {
        this.workers = workers;
        this.outsideSteps = outsideSteps;
        this.random = new SplittableRandom[workers];
        SplittableRandom seeds = new SplittableRandom(seed);
        for (int t = 0; t < workers; t++) {
            random[t] = seeds.split();
        }
        this.next = new long[workers * 16];
        this.early = new long[workers * 16];
        this.busy = new long[workers * 16];
        this.taken = new Tally(workers);
    }

    @Override
    public void operate(int thread) throws InterruptedException {
        int slot = thread * 16;
        long seq = next[slot];
        SplittableRandom r = random[thread];
        long delayNanos = r.nextInt(4) == 0 ? 0 : TimeUnit.MICROSECONDS.toNanos(1 + r.nextLong(MAX_DELAY_MICROS));
        queue.put(new Job(thread, seq, System.nanoTime() + delayNanos));
        next[slot] = seq + 1;
        Job job = queue.take();
        if (System.nanoTime() - job.dueNanos() < 0) {
            early[slot]++;
        }
        if (job.putter() < 0 || job.putter() >= workers) {
            strangers.incrementAndGet();
        } else {
            taken.add(job.putter(), job.seq());
        }
        busy[slot] = BusyWork.spin(busy[slot] | 1, outsideSteps);
    }

    @Override
    public String check(long[] opsPerThread) {
        int left = queue.size();
        if (left != 0) {
            return "delay-queue: every operation put one job and took one, yet " + left + " are left";
        }
        if (strangers.get() != 0) {
            return "delay-queue: " + strangers.get() + " jobs of no putter were taken";
        }
        for (int t = 0; t < workers; t++) {
            if (early[t * 16] != 0) {
                return "delay-queue: thread " + t + " took " + early[t * 16] + " jobs before their delay was up";
            }
            long made = next[t * 16];
            if (made != opsPerThread[t]) {
                return "delay-queue: thread " + t + " counted " + made + " puts but the harness " + opsPerThread[t];
            }
            String wrong = taken.mismatch(t, made);
            if (wrong != null) {
                return "delay-queue: thread " + t + ": " + wrong;
            }
        }
        return null;
    }
}
