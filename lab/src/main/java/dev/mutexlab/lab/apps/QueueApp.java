package dev.mutexlab.lab.apps;

import dev.mutexlab.lab.workload.BusyWork;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.function.Supplier;

/**
 * A bounded blocking queue: an array ring of {@value #CAPACITY} items with {@code notEmpty} and
 * {@code notFull} conditions, shaped like {@link java.util.concurrent.ArrayBlockingQueue}; half the
 * threads produce (work to make an item, then {@code put}), half consume ({@code take}, then work to
 * process it). Every blocking wait is a {@code Condition.await}, so this is where the locks'
 * conditions show. With {@code synchronized} both conditions share the monitor's one wait set, so
 * a state change that may release waiters of either kind ({@code empty → not empty},
 * {@code full → not full}) is a {@code notifyAll}. The queue closes when the run stops: blocked
 * threads return, a put into a closed queue is refused, takes drain what is left.
 *
 * <p>Check: items put = items taken + items left, and their sums agree (nothing lost, nothing
 * duplicated); each consumer sees each producer's items in the order they were put (FIFO).
 */
final class QueueApp extends App<QueueApp.Party> {
    static final int CAPACITY = 64;
    /** What {@code take} returns from a closed, empty queue. */
    static final long CLOSED = -1;
    private static final int SEQ_BITS = 40;

    private final long outsideSteps;
    final BoundedQueue queue;

    QueueApp(Supplier<Lock> locks, long outsideNanos, BusyWork work) {
        super(locks);
        this.outsideSteps = work.stepsFor(outsideNanos);
        this.queue = monitor() ? new SynchronizedQueue() : new LockedQueue(locks.get());
    }

    /** A producer or a consumer. */
    static final class Party extends Actor {
        final boolean producer;
        final int id;
        long sequence;
        long moved;
        long movedSum;
        long[] lastSeen;
        long outOfOrder;

        Party(int index, long seed, boolean producer, int id) {
            super(index, seed);
            this.producer = producer;
            this.id = id;
        }
    }

    /** The first {@code threads / 2} threads (at least one) produce, the others consume. */
    @Override
    Party actor(int index, int threads, long seed) {
        int producers = Math.max(1, threads / 2);
        boolean producer = index < producers;
        Party p = new Party(index, seed, producer, producer ? index : index - producers);
        if (!producer) {
            p.lastSeen = new long[producers];
            java.util.Arrays.fill(p.lastSeen, -1);
        }
        return p;
    }

    @Override
    void operate(Party p) throws InterruptedException {
        if (p.producer) {
            p.seed = BusyWork.spin(p.seed, outsideSteps); // make the item
            long item = ((long) p.id << SEQ_BITS) | p.sequence;
            if (queue.put(item, p)) {
                p.sequence++;
                p.moved++;
                p.movedSum += item;
            }
        } else {
            long item = queue.take(p);
            if (item != CLOSED) {
                p.moved++;
                p.movedSum += item;
                int producer = (int) (item >>> SEQ_BITS);
                long seq = item & ((1L << SEQ_BITS) - 1);
                if (producer >= p.lastSeen.length || seq <= p.lastSeen[producer]) {
                    p.outOfOrder++;
                } else {
                    p.lastSeen[producer] = seq;
                }
                p.seed = BusyWork.spin(p.seed, outsideSteps); // process it
            }
        }
    }

    @Override
    void close() {
        queue.close();
    }

    @Override
    String check(List<Party> parties) {
        long put = 0;
        long putSum = 0;
        long taken = 0;
        long takenSum = 0;
        long outOfOrder = 0;
        for (Party p : parties) {
            if (p.producer) {
                put += p.moved;
                putSum += p.movedSum;
            } else {
                taken += p.moved;
                takenSum += p.movedSum;
                outOfOrder += p.outOfOrder;
            }
        }
        BoundedQueue q = queue;
        if (q.count < 0 || q.count > CAPACITY) {
            return "queue: count " + q.count + " outside 0.." + CAPACITY;
        }
        long leftSum = 0;
        for (int i = 0, at = q.takeIndex; i < q.count; i++, at = (at + 1) % CAPACITY) {
            leftSum += q.items[at];
        }
        if (put != taken + q.count) {
            return "queue: " + put + " items put != " + taken + " taken + " + q.count + " left";
        }
        if (putSum != takenSum + leftSum) {
            return "queue: the items taken and left are not the items put (checksums differ)";
        }
        if (outOfOrder != 0) {
            return "queue: " + outOfOrder + " items taken out of their producer's order";
        }
        return null;
    }

    /** The ring and its state; {@code put}, {@code take} and {@code close} are the guarded operations. */
    abstract static sealed class BoundedQueue permits LockedQueue, SynchronizedQueue {
        final long[] items = new long[CAPACITY];
        int putIndex;
        int takeIndex;
        int count;
        boolean closed;

        final void enqueue(long item) {
            items[putIndex] = item;
            putIndex = (putIndex + 1) % CAPACITY;
            count++;
        }

        final long dequeue() {
            long item = items[takeIndex];
            takeIndex = (takeIndex + 1) % CAPACITY;
            count--;
            return item;
        }

        /** Puts {@code item}, waiting while the queue is full; false if the queue closed. */
        abstract boolean put(long item, Actor a) throws InterruptedException;

        /** Takes the oldest item, waiting while the queue is empty; {@link #CLOSED} if it closed empty. */
        abstract long take(Actor a) throws InterruptedException;

        abstract void close();
    }

    static final class LockedQueue extends BoundedQueue {
        private final Lock lock;
        private final Condition notEmpty;
        private final Condition notFull;

        LockedQueue(Lock lock) {
            this.lock = lock;
            this.notEmpty = lock.newCondition();
            this.notFull = lock.newCondition();
        }

        @Override
        boolean put(long item, Actor a) throws InterruptedException {
            a.asking();
            lock.lock();
            try {
                a.acquired();
                while (count == CAPACITY && !closed) {
                    notFull.await();
                }
                if (closed) {
                    return false;
                }
                enqueue(item);
                notEmpty.signal();
                return true;
            } finally {
                lock.unlock();
            }
        }

        @Override
        long take(Actor a) throws InterruptedException {
            a.asking();
            lock.lock();
            try {
                a.acquired();
                while (count == 0 && !closed) {
                    notEmpty.await();
                }
                if (count == 0) {
                    return CLOSED;
                }
                long item = dequeue();
                notFull.signal();
                return item;
            } finally {
                lock.unlock();
            }
        }

        @Override
        void close() {
            lock.lock();
            try {
                closed = true;
                notEmpty.signalAll();
                notFull.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }

    static final class SynchronizedQueue extends BoundedQueue {
        @Override
        boolean put(long item, Actor a) throws InterruptedException {
            a.asking();
            synchronized (this) {
                a.acquired();
                while (count == CAPACITY && !closed) {
                    wait();
                }
                if (closed) {
                    return false;
                }
                enqueue(item);
                if (count == 1) {
                    notifyAll(); // it was empty: consumers may wait (no producer waits on a queue with room)
                }
                return true;
            }
        }

        @Override
        long take(Actor a) throws InterruptedException {
            a.asking();
            synchronized (this) {
                a.acquired();
                while (count == 0 && !closed) {
                    wait();
                }
                if (count == 0) {
                    return CLOSED;
                }
                long item = dequeue();
                if (count == CAPACITY - 1) {
                    notifyAll(); // it was full: producers may wait (no consumer waits on a non-empty queue)
                }
                return item;
            }
        }

        @Override
        synchronized void close() {
            closed = true;
            notifyAll();
        }
    }
}
