package dev.mutexlab.lab.goruntime;

/**
 * Go's {@code waitq}: a doubly linked FIFO of {@link Sudog}s, guarded by the lock of whatever owns
 * it (a channel, a semaphore). {@link #dequeue()} skips the sudogs of a select that another channel
 * has already won, exactly as Go's {@code waitq.dequeue} does with {@code selectDone}.
 */
final class SudogQueue {
    private Sudog first;
    private Sudog last;
    private int size;

    void enqueue(Sudog s) {
        s.next = null;
        s.prev = last;
        if (last == null) {
            first = s;
        } else {
            last.next = s;
        }
        last = s;
        s.queued = true;
        size++;
    }

    /** Queues {@code s} first (Go's {@code lifo} semaphore queueing). */
    void push(Sudog s) {
        s.prev = null;
        s.next = first;
        if (first == null) {
            last = s;
        } else {
            first.prev = s;
        }
        first = s;
        s.queued = true;
        size++;
    }

    /** The first waiter that can still be woken, unlinked; null when there is none. */
    Sudog dequeue() {
        for (;;) {
            Sudog s = first;
            if (s == null) {
                return null;
            }
            remove(s);
            // A select waits on several queues: only the first channel to flip selectDone wakes it.
            if (s.isSelect && !s.g.casSelectDone()) {
                continue;
            }
            return s;
        }
    }

    /** Unlinks {@code s} if it is still queued here (Go's {@code dequeueSudoG}). */
    void remove(Sudog s) {
        if (!s.queued) {
            return;
        }
        Sudog p = s.prev;
        Sudog n = s.next;
        if (p == null) {
            first = n;
        } else {
            p.next = n;
        }
        if (n == null) {
            last = p;
        } else {
            n.prev = p;
        }
        s.prev = null;
        s.next = null;
        s.queued = false;
        size--;
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return first == null;
    }
}
