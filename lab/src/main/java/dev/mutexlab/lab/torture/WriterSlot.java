package dev.mutexlab.lab.torture;

import dev.mutexlab.lab.config.ThreadKind;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One writer position in a lock run. A slot outlives its threads: when a writer crashes (an
 * injected fault) the watchdog starts a fresh thread in the same slot, which keeps the counts.
 *
 * <p>Counters are written only by the slot's current thread, with opaque stores (no fence, so the
 * bookkeeping does not add ordering the lock under test should provide itself), and read by the
 * watchdog with opaque loads: a snapshot is all it needs.
 */
final class WriterSlot {
    final int id;
    final ThreadKind kind;
    /** Successful outermost acquisitions. */
    final AtomicLong acquisitions = new AtomicLong();
    /** Bumped on every step a writer takes; the watchdog's evidence of progress. */
    final AtomicLong steps = new AtomicLong();
    /** When the current acquisition began (never 0), or 0 when not acquiring. */
    final AtomicLong acquiringSinceNanos = new AtomicLong();
    /** The acquisition method in progress, for messages. */
    final AtomicReference<String> acquiringWith = new AtomicReference<>("");

    volatile Thread thread;
    volatile boolean crashRequested;
    volatile boolean done;
    volatile boolean crashed;
    /** Set by the watchdog once it declared this slot's thread stuck. */
    volatile boolean stuck;
    /** Threads started in this slot after the first; watchdog only. */
    int replacements;
    int generation;

    WriterSlot(int id, ThreadKind kind) {
        this.id = id;
        this.kind = kind;
    }

    void step() {
        steps.setOpaque(steps.getPlain() + 1); // single writer: the slot's own thread
    }

    void beginAcquire(String how) {
        acquiringWith.setOpaque(how);
        acquiringSinceNanos.setOpaque(System.nanoTime() | 1L); // never 0, which means "not acquiring"
        step();
    }

    void endAcquire() {
        acquiringSinceNanos.setOpaque(0L);
        step();
    }

    void acquired() {
        acquisitions.setOpaque(acquisitions.getPlain() + 1); // single writer: the slot's own thread
    }

    String name() {
        return "writer " + id + " (" + kind.label() + ")";
    }
}
