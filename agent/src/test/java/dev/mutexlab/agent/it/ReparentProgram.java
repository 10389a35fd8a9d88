package dev.mutexlab.agent.it;

import java.util.ArrayDeque;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Child program: a bounded buffer that extends ReentrantLock (as commons-pool2 and Guava's caches
 * do), with two conditions and a lock() override that calls super.lock(); prints its superclass
 * and whether every item arrived in order.
 */
public final class ReparentProgram {

    /** A bounded buffer that is its own lock. */
    static final class Buffer extends ReentrantLock {
        private static final long serialVersionUID = 1L;
        final Condition notEmpty = newCondition();
        final Condition notFull = newCondition();
        final ArrayDeque<Integer> items = new ArrayDeque<>();
        int locks;

        Buffer() {
            super(false);
        }

        @Override
        public void lock() {
            super.lock();
            locks++;
        }

        void put(int v) throws InterruptedException {
            lock();
            try {
                while (items.size() == 4) {
                    notFull.await();
                }
                items.add(v);
                notEmpty.signal();
            } finally {
                unlock();
            }
        }

        int take() throws InterruptedException {
            lock();
            try {
                while (items.isEmpty()) {
                    notEmpty.await();
                }
                int v = items.remove();
                notFull.signal();
                return v;
            } finally {
                unlock();
            }
        }
    }

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        Buffer buffer = new Buffer();
        System.out.println("SUPER=" + Buffer.class.getSuperclass().getName());
        boolean[] inOrder = {true};
        Thread consumer = new Thread(() -> {
            for (int i = 0; i < n; i++) {
                try {
                    if (buffer.take() != i) {
                        inOrder[0] = false;
                    }
                } catch (InterruptedException e) {
                    inOrder[0] = false;
                    return;
                }
            }
        });
        consumer.start();
        for (int i = 0; i < n; i++) {
            buffer.put(i);
        }
        consumer.join();
        buffer.lock();
        try {
            System.out.println("HAS_WAITERS=" + buffer.hasWaiters(buffer.notEmpty));
            System.out.println("HOLD_COUNT=" + buffer.getHoldCount());
        } finally {
            buffer.unlock();
        }
        System.out.println("IN_ORDER=" + inOrder[0]);
        System.out.println("LOCK_CALLS_AT_LEAST=" + (buffer.locks >= 2 * n));
    }
}
