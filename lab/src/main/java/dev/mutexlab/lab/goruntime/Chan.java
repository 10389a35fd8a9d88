package dev.mutexlab.lab.goruntime;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Lock;

/**
 * A Go channel whose state is guarded by a pluggable {@link Lock}, as {@code hchan} is guarded by
 * {@code runtime.mutex}: buffered ({@code capacity > 0}) or unbuffered, with send, receive, close,
 * and {@link Select}. Elements are never null (null is the "zero value" a receive on a closed channel
 * returns).
 *
 * <p>Semantics, as Go's: a send blocks until a receiver takes the value or there is room in the
 * buffer; a receive blocks until there is a value; values leave a channel in the order they entered
 * it (FIFO), and blocked senders and receivers are served in arrival order. {@link #close()} wakes
 * every blocked receiver (they get {@code null}, not ok) and every blocked sender (they throw);
 * receives on a closed channel drain its buffer, then return {@code null} at once. Sending on or
 * closing a closed channel throws {@link IllegalStateException} (Go panics).
 *
 * <pre>{@code
 * Chan<Integer> c = new Chan<>(10, Locks.create("spinbit"));
 * c.send(1);
 * Integer v = c.recv();
 * }</pre>
 *
 * <p>Memory effects: a send happens-before the receive that takes its value completes (through the
 * lock, or through the woken receiver's park flag).
 */
public final class Chan<E> {
    /* Implementation notes
     *
     * A transliteration of runtime/chan.go (chansend, chanrecv, send, recv, closechan). Under the
     * lock: buf[recvx..recvx+qcount) holds the queued values; recvq holds blocked receivers and sendq
     * blocked senders; at most one of recvq and sendq is non-empty, and recvq is empty whenever
     * qcount > 0, sendq whenever qcount < capacity. A sender that finds a waiting receiver hands the
     * value straight to it (sudog.elem) and readies it after unlocking; a receiver that finds a
     * waiting sender takes the buffer's head and moves the sender's value to the tail (so FIFO holds),
     * or, unbuffered, takes the sender's value directly. A blocked operation queues a sudog, unlocks,
     * and parks; whoever dequeues it completes the operation on its behalf (success = true), or close
     * wakes it with success = false. 'closed' is volatile only for the lock-free emptiness check of a
     * non-blocking receive, as Go reads c.closed atomically there; every write is under the lock.
     */
    private static final AtomicLong IDS = new AtomicLong();
    /** What a non-blocking operation returns when it would block. */
    static final Object WOULD_BLOCK = new Object();
    /** What a receive returns internally when the channel is closed and drained. */
    static final Object CLOSED = new Object();

    final long id = IDS.incrementAndGet();   // lock order for select
    final Lock lock;
    private final Object[] buf;
    private final int capacity;
    private int qcount;
    private int sendx;
    private int recvx;
    private volatile boolean closed;
    final SudogQueue recvq = new SudogQueue();
    final SudogQueue sendq = new SudogQueue();

    /** A channel with room for {@code capacity} values (0: unbuffered), guarded by {@code lock}. */
    public Chan(int capacity, Lock lock) {
        if (capacity < 0) {
            throw new IllegalArgumentException("negative channel capacity " + capacity);
        }
        this.capacity = capacity;
        this.buf = new Object[Math.max(1, capacity)];
        this.lock = lock;
    }

    /** {@code c <- v}: blocks until a receiver takes {@code v} or the buffer has room. */
    public void send(E v) {
        chansend(requireValue(v), true);
    }

    /** {@code select { case c <- v: default: }}: whether {@code v} was sent without blocking. */
    public boolean trySend(E v) {
        return chansend(requireValue(v), false);
    }

    /** {@code <-c}: the next value, blocking until there is one; null once closed and drained. */
    @SuppressWarnings("unchecked")
    public E recv() {
        Object v = chanrecv(true);
        return v == CLOSED ? null : (E) v;
    }

    /** {@code v, ok := <-c}: the value and whether it came from a send (false: closed and drained). */
    @SuppressWarnings("unchecked")
    public Received<E> recvOk() {
        Object v = chanrecv(true);
        return v == CLOSED ? new Received<>(null, false) : new Received<>((E) v, true);
    }

    /** {@code select { case v := <-c: default: }}: the value, or null when the receive would block or the channel is closed and drained. */
    @SuppressWarnings("unchecked")
    public E tryRecv() {
        Object v = chanrecv(false);
        return v == CLOSED || v == WOULD_BLOCK ? null : (E) v;
    }

    /** Go's {@code close(c)}: no more sends; wakes every blocked receiver and sender. */
    public void close() {
        Sudog woken = null;  // Go's glist: readied after the unlock
        lock.lock();
        try {
            if (closed) {
                throw new IllegalStateException("close of closed channel");
            }
            closed = true;
            for (Sudog s; (s = recvq.dequeue()) != null; ) {
                s.elem = null;
                s.success = false;
                s.next = woken;
                woken = s;
            }
            for (Sudog s; (s = sendq.dequeue()) != null; ) {
                s.success = false;
                s.next = woken;
                woken = s;
            }
        } finally {
            lock.unlock();
        }
        while (woken != null) {
            Sudog next = woken.next;
            woken.next = null;
            woken.g.ready(woken);
            woken = next;
        }
    }

    /** Values in the buffer (Go's {@code len(c)}). */
    public int len() {
        lock.lock();
        try {
            return qcount;
        } finally {
            lock.unlock();
        }
    }

    /** Go's {@code cap(c)}. */
    public int cap() {
        return capacity;
    }

    /** Whether {@link #close()} was called. */
    public boolean isClosed() {
        return closed;
    }

    /*
     * chansend(c, ep, block):
     *   lock; if closed: unlock, panic
     *   if sg := recvq.dequeue(): send(sg) -- hand ep to the receiver, unlock, ready it
     *   if qcount < capacity: buf[sendx++] = ep; unlock
     *   if !block: unlock; return false
     *   queue a sudog on sendq; unlock; park; if !success: panic (closed while waiting)
     */
    boolean chansend(Object v, boolean block) {
        if (!block && !closed && full()) {
            return false; // Go's unlocked fast path for a failing non-blocking send
        }
        lock.lock();
        if (closed) {
            lock.unlock();
            throw new IllegalStateException("send on closed channel");
        }
        Sudog sg = recvq.dequeue();
        if (sg != null) {
            sendTo(sg, v);
            return true;
        }
        if (qcount < capacity) {
            bufPut(v);
            lock.unlock();
            return true;
        }
        if (!block) {
            lock.unlock();
            return false;
        }
        G g = new G();
        Sudog mysg = new Sudog(g, this, false, 0, v);
        sendq.enqueue(mysg);
        lock.unlock();
        g.park();
        if (!mysg.success) {
            throw new IllegalStateException("send on closed channel");
        }
        return true;
    }

    /*
     * chanrecv(c, ep, block):
     *   lock
     *   if closed: if qcount == 0: unlock; return (zero, !ok)
     *   else if sg := sendq.dequeue(): recv(sg) -- take a value, release the sender; unlock; ready it
     *   if qcount > 0: take buf[recvx++]; unlock
     *   if !block: unlock; return not selected
     *   queue a sudog on recvq; unlock; park; return (sudog.elem, success)
     */
    Object chanrecv(boolean block) {
        if (!block && empty()) {
            if (!closed) {
                return WOULD_BLOCK;
            }
            if (empty()) {
                return CLOSED;
            }
        }
        lock.lock();
        if (closed) {
            if (qcount == 0) {
                lock.unlock();
                return CLOSED;
            }
        } else {
            Sudog sg = sendq.dequeue();
            if (sg != null) {
                return recvFrom(sg);
            }
        }
        if (qcount > 0) {
            Object v = bufTake();
            lock.unlock();
            return v;
        }
        if (!block) {
            lock.unlock();
            return WOULD_BLOCK;
        }
        G g = new G();
        Sudog mysg = new Sudog(g, this, false, 0, null);
        recvq.enqueue(mysg);
        lock.unlock();
        g.park();
        return mysg.success ? mysg.elem : CLOSED;
    }

    /** Go's {@code send}: with the lock held, hands {@code v} to the waiting receiver, unlocks, readies it. */
    void sendTo(Sudog sg, Object v) {
        sendToLocked(sg, v);
        lock.unlock();
        sg.g.ready(sg);
    }

    /** The part of Go's {@code send} done under the lock; the caller unlocks and readies {@code sg}. */
    static void sendToLocked(Sudog sg, Object v) {
        sg.elem = v;
        sg.success = true;
    }

    /** Go's {@code recv}: with the lock held, takes a value from the waiting sender's side, unlocks, readies it. */
    Object recvFrom(Sudog sg) {
        Object v = recvFromLocked(sg);
        lock.unlock();
        sg.g.ready(sg);
        return v;
    }

    /** The part of Go's {@code recv} done under the lock; the caller unlocks and readies {@code sg}. */
    Object recvFromLocked(Sudog sg) {
        Object v;
        if (capacity == 0) {
            v = sg.elem;
        } else {
            // The buffer is full: take its head, and put the sender's value at its tail.
            v = buf[recvx];
            buf[recvx] = sg.elem;
            recvx = recvx + 1 == capacity ? 0 : recvx + 1;
            sendx = recvx;
        }
        sg.elem = null;
        sg.success = true;
        return v;
    }

    void bufPut(Object v) {
        buf[sendx] = v;
        sendx = sendx + 1 == capacity ? 0 : sendx + 1;
        qcount++;
    }

    Object bufTake() {
        Object v = buf[recvx];
        buf[recvx] = null;
        recvx = recvx + 1 == capacity ? 0 : recvx + 1;
        qcount--;
        return v;
    }

    /** Under the lock: whether a send would block (Go's {@code full}). */
    boolean full() {
        return capacity == 0 ? recvq.isEmpty() : qcount == capacity;
    }

    /** Under the lock: whether a receive would block (Go's {@code empty}). */
    boolean empty() {
        return capacity == 0 ? sendq.isEmpty() : qcount == 0;
    }

    boolean closedLocked() {
        return closed;
    }

    int qcountLocked() {
        return qcount;
    }

    int capacity() {
        return capacity;
    }

    private static Object requireValue(Object v) {
        if (v == null) {
            throw new NullPointerException("channel values must not be null");
        }
        return v;
    }

    /** The result of {@link #recvOk()}: Go's {@code v, ok}. */
    public record Received<E>(E value, boolean ok) {
    }
}
