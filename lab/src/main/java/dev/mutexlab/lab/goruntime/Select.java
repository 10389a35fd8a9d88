package dev.mutexlab.lab.goruntime;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Go's {@code select} over a fixed set of send and receive cases, reusable by one thread: build it
 * once, then call {@link #select()} (blocking) or {@link #selectNow()} (with a {@code default} case)
 * as often as needed.
 *
 * <pre>{@code
 * Select sel = new Select().recv(a).recv(b);     // cases 0 and 1
 * switch (sel.select()) {
 *     case 0 -> use(sel.value());
 *     case 1 -> use(sel.value());
 * }
 * }</pre>
 *
 * <p>Semantics, as Go's: if several cases are ready, one is chosen uniformly at random; otherwise the
 * select waits on every channel and exactly one case completes. A receive case on a closed channel
 * is ready (value null, {@link #ok()} false); a send case on a closed channel throws
 * {@link IllegalStateException}. Not thread-safe: one {@code Select} per thread.
 */
public final class Select {
    /* Implementation notes
     *
     * runtime/select.go's selectgo. Each call shuffles the poll order (Fisher-Yates, as Go's
     * cheaprandn) and locks every distinct channel in a fixed order (channel id, Go sorts by
     * address), so two selects over the same channels cannot deadlock. Pass 1 looks for a ready
     * case in poll order. If none, pass 2 queues one sudog per case, all sharing one G, unlocks
     * everything and parks; the first channel operation to win the G's selectDone CAS completes its
     * case and readies the G with that case's sudog (the others are skipped by SudogQueue.dequeue).
     * Pass 3 relocks everything and unlinks the losing sudogs. The lock under test is each channel's
     * lock; Go also holds all of them at once here.
     */
    private final List<Chan<?>> chans = new ArrayList<>();
    private final List<Object> sendValues = new ArrayList<>();   // null for a receive case
    private Chan<?>[] lockOrder;    // distinct channels, by id
    private int[] pollOrder;
    private Object value;
    private boolean ok;

    /** Adds a receive case ({@code case v, ok := <-c}); its index is the number of cases before it. */
    public Select recv(Chan<?> c) {
        return add(c, null);
    }

    /** Adds a send case ({@code case c <- v}). */
    public Select send(Chan<?> c, Object v) {
        if (v == null) {
            throw new NullPointerException("channel values must not be null");
        }
        return add(c, v);
    }

    private Select add(Chan<?> c, Object v) {
        chans.add(c);
        sendValues.add(v);
        lockOrder = null;
        return this;
    }

    /** Blocks until one case completes and returns its index. */
    public int select() {
        return selectgo(true);
    }

    /** Completes a ready case and returns its index, or returns -1 at once (the {@code default} case). */
    public int selectNow() {
        return selectgo(false);
    }

    /** The value of the receive case that completed last (null for a send case or a closed channel). */
    @SuppressWarnings("unchecked")
    public <E> E value() {
        return (E) value;
    }

    /** Whether the receive that completed last got a sent value (false: the channel was closed). */
    public boolean ok() {
        return ok;
    }

    private void prepare() {
        if (chans.isEmpty()) {
            throw new IllegalStateException("select with no cases blocks forever");
        }
        List<Chan<?>> distinct = new ArrayList<>();
        for (Chan<?> c : chans) {
            if (!distinct.contains(c)) {
                distinct.add(c);
            }
        }
        distinct.sort((a, b) -> Long.compare(a.id, b.id));
        lockOrder = distinct.toArray(new Chan<?>[0]);
        pollOrder = new int[chans.size()];
    }

    private void lockAll() {
        for (Chan<?> c : lockOrder) {
            c.lock.lock();
        }
    }

    private void unlockAll() {
        for (int i = lockOrder.length - 1; i >= 0; i--) {
            lockOrder[i].lock.unlock();
        }
    }

    /*
     * selectgo(cases, block):
     *   shuffle pollorder; lock all (by id)
     *   pass 1, in poll order:
     *     recv case: sender waiting -> take from it; buffer non-empty -> take; closed -> (zero, !ok)
     *     send case: closed -> unlock all, panic; receiver waiting -> hand over; room -> buffer it
     *   none ready: !block -> unlock all, return -1
     *   pass 2: one sudog per case on its channel's recvq/sendq (shared G); unlock all; park
     *   pass 3: lock all; unlink every sudog but the winner (gp.param); unlock all
     *           winner.success false on a send case -> panic (closed while waiting)
     */
    private int selectgo(boolean block) {
        if (lockOrder == null) {
            prepare();
        }
        final int[] pollOrder = this.pollOrder;
        final int n = pollOrder.length;
        ThreadLocalRandom rnd = ThreadLocalRandom.current();
        for (int i = 0; i < n; i++) {
            int j = rnd.nextInt(i + 1);
            pollOrder[i] = pollOrder[j];
            pollOrder[j] = i;
        }
        value = null;
        ok = false;
        lockAll();
        for (int k = 0; k < n; k++) {
            int i = pollOrder[k];
            Chan<?> c = chans.get(i);
            Object sendValue = sendValues.get(i);
            if (sendValue == null) {
                Sudog sg = c.sendq.dequeue();
                if (sg != null) {
                    value = c.recvFromLocked(sg);
                    ok = true;
                    unlockAll();
                    sg.g.ready(sg);
                    return i;
                }
                if (c.qcountLocked() > 0) {
                    value = c.bufTake();
                    ok = true;
                    unlockAll();
                    return i;
                }
                if (c.closedLocked()) {
                    unlockAll();
                    return i;
                }
            } else {
                if (c.closedLocked()) {
                    unlockAll();
                    throw new IllegalStateException("send on closed channel");
                }
                Sudog sg = c.recvq.dequeue();
                if (sg != null) {
                    Chan.sendToLocked(sg, sendValue);
                    unlockAll();
                    sg.g.ready(sg);
                    return i;
                }
                if (c.qcountLocked() < c.capacity()) {
                    c.bufPut(sendValue);
                    unlockAll();
                    return i;
                }
            }
        }
        if (!block) {
            unlockAll();
            return -1;
        }
        G g = new G();
        Sudog[] mine = new Sudog[n];
        for (int i = 0; i < n; i++) {
            Chan<?> c = chans.get(i);
            Object sendValue = sendValues.get(i);
            mine[i] = new Sudog(g, c, true, i, sendValue);
            (sendValue == null ? c.recvq : c.sendq).enqueue(mine[i]);
        }
        unlockAll();
        Sudog winner = g.park();
        lockAll();
        for (int i = 0; i < n; i++) {
            if (mine[i] != winner) {
                Chan<?> c = chans.get(i);
                (sendValues.get(i) == null ? c.recvq : c.sendq).remove(mine[i]);
            }
        }
        unlockAll();
        int i = winner.caseIndex;
        if (sendValues.get(i) == null) {
            ok = winner.success;
            value = winner.success ? winner.elem : null;
        } else if (!winner.success) {
            throw new IllegalStateException("send on closed channel");
        }
        return i;
    }
}
