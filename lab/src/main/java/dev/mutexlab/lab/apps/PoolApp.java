package dev.mutexlab.lab.apps;

import dev.mutexlab.lab.workload.BusyWork;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.function.Supplier;

/**
 * An object pool: half as many connections as threads on a stack under one lock; a thread borrows
 * one (waiting on the {@code available} condition while none is free), uses it outside the lock for
 * the work outside, and returns it, signalling one waiter. With {@code synchronized} only borrowers
 * wait on the monitor, so a return's {@code notify} wakes the right kind of thread.
 *
 * <p>Check: every connection is back once the threads stop, each exactly once; the uses the
 * connections counted add up to the borrows; no connection was ever held by two threads at once.
 */
final class PoolApp extends App<PoolApp.Borrower> {
    private final long outsideSteps;
    final Pool pool;

    PoolApp(Supplier<Lock> locks, int threads, long outsideNanos, BusyWork work) {
        super(locks);
        this.outsideSteps = work.stepsFor(outsideNanos);
        int size = size(threads);
        this.pool = monitor() ? new SynchronizedPool(size) : new LockedPool(size, locks.get());
    }

    /** The pool's size for {@code threads} threads: half of them, so that borrowers wait. */
    static int size(int threads) {
        return Math.max(1, threads / 2);
    }

    /** A pooled object. {@code holders} is the check's own count, kept outside the pool's lock. */
    static final class Connection {
        final int id;
        final AtomicInteger holders = new AtomicInteger();
        long uses;

        Connection(int id) {
            this.id = id;
        }
    }

    static final class Borrower extends Actor {
        long borrows;
        long shared;

        Borrower(int index, long seed) {
            super(index, seed);
        }
    }

    @Override
    Borrower actor(int index, int threads, long seed) {
        return new Borrower(index, seed);
    }

    @Override
    void operate(Borrower b) throws InterruptedException {
        Connection c = pool.borrow(b);
        if (c.holders.incrementAndGet() != 1) {
            b.shared++;
        }
        c.uses++;
        b.seed = BusyWork.spin(b.seed, outsideSteps); // use the connection
        c.holders.decrementAndGet();
        pool.giveBack(c, b);
        b.borrows++;
    }

    @Override
    String check(List<Borrower> borrowers) {
        long borrows = 0;
        long shared = 0;
        for (Borrower b : borrowers) {
            borrows += b.borrows;
            shared += b.shared;
        }
        Pool p = pool;
        if (shared != 0) {
            return "pool: a connection was held by two threads at once " + shared + " times";
        }
        if (p.free != p.size) {
            return "pool: " + p.free + " of " + p.size + " connections free after every thread returned its own";
        }
        boolean[] seen = new boolean[p.size];
        long uses = 0;
        for (int i = 0; i < p.free; i++) {
            Connection c = p.stack[i];
            if (c == null || seen[c.id]) {
                return "pool: connection " + (c == null ? "slot " + i + " empty" : c.id + " in the pool twice");
            }
            seen[c.id] = true;
            uses += c.uses;
        }
        return uses == borrows ? null : "pool: connections counted " + uses + " uses, threads " + borrows + " borrows";
    }

    /** The stack of free connections; {@code borrow} and {@code giveBack} are the guarded operations. */
    abstract static sealed class Pool permits LockedPool, SynchronizedPool {
        final int size;
        final Connection[] stack;
        int free;

        Pool(int size) {
            this.size = size;
            this.stack = new Connection[size];
            for (int i = 0; i < size; i++) {
                stack[i] = new Connection(i);
            }
            free = size;
        }

        final Connection pop() {
            Connection c = stack[--free];
            stack[free] = null;
            return c;
        }

        final void push(Connection c) {
            stack[free++] = c;
        }

        abstract Connection borrow(Actor a) throws InterruptedException;

        abstract void giveBack(Connection c, Actor a);
    }

    static final class LockedPool extends Pool {
        private final Lock lock;
        private final Condition available;

        LockedPool(int size, Lock lock) {
            super(size);
            this.lock = lock;
            this.available = lock.newCondition();
        }

        @Override
        Connection borrow(Actor a) throws InterruptedException {
            a.asking();
            lock.lock();
            try {
                a.acquired();
                while (free == 0) {
                    available.await();
                }
                return pop();
            } finally {
                lock.unlock();
            }
        }

        @Override
        void giveBack(Connection c, Actor a) {
            a.asking();
            lock.lock();
            try {
                a.acquired();
                push(c);
                available.signal();
            } finally {
                lock.unlock();
            }
        }
    }

    static final class SynchronizedPool extends Pool {
        SynchronizedPool(int size) {
            super(size);
        }

        @Override
        Connection borrow(Actor a) throws InterruptedException {
            a.asking();
            synchronized (this) {
                a.acquired();
                while (free == 0) {
                    wait();
                }
                return pop();
            }
        }

        @Override
        void giveBack(Connection c, Actor a) {
            a.asking();
            synchronized (this) {
                a.acquired();
                push(c);
                notify();
            }
        }
    }
}
