package dev.mutexlab.lab.goruntime;

/**
 * Go's {@code sudog}: one waiter in one wait queue. A blocked send or receive queues one; a blocked
 * select queues one per case; a semaphore acquirer queues one. Every field is written under the lock
 * of the queue it is in (or before it is queued) and read by its own {@link G} after {@link G#park()}
 * returns, which orders the read after the waker's writes.
 */
final class Sudog {
    final G g;
    final boolean isSelect;
    /** The channel (null for a semaphore waiter). */
    final Chan<?> c;
    /** The case of a select this sudog stands for. */
    final int caseIndex;
    /** A sender's value, or the value handed to a receiver. */
    Object elem;
    /** True when woken by a value transfer (or a semaphore release), false when by close. */
    boolean success;
    /** Semaphore: 1 when the releaser took the count on this waiter's behalf (handoff). */
    int ticket;
    Sudog prev;
    Sudog next;
    boolean queued;

    Sudog(G g, Chan<?> c, boolean isSelect, int caseIndex, Object elem) {
        this.g = g;
        this.c = c;
        this.isSelect = isSelect;
        this.caseIndex = caseIndex;
        this.elem = elem;
    }
}
