package dev.mutexlab.locks.internal;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntFunction;

/**
 * Small integer ids for slots, so that a lock word can name a slot in a few bits where Go stores a
 * pointer ({@code SpinbitMutex} keeps the id of its top sleeper in its word). A slot is taken with
 * {@link #take()}, looked up by id with {@link #get(int)} and returned with {@link #release}; ids
 * start at 1 (0 is free for "none") and a returned id is handed out again before a new one.
 *
 * <p>Lock-free and per owner (no monitor for virtual threads to block on, nothing shared between
 * registries). The caller sets a slot's contents after {@link #take()} and publishes its id only
 * through a CAS that comes after those writes; a thread that learns an id that way may read the
 * slot. The caller clears what it must before {@link #release}, once nobody can still reach the
 * slot through an id.
 *
 * <p>Implementation notes. Slots are never destroyed, so a stale id always names a valid slot.
 * Slots live in buckets of 64, 128, 256, ... (bucket b holds ids 64(2^b - 1) up to
 * 64(2^(b+1) - 1)), created on first use by CAS and never moved. Returned ids go on a Treiber
 * stack whose head packs a stamp with the id ({@code stamp << 32 | id}), so a pop that raced with
 * a pop and a push of the same id (ABA) fails its CAS. Lookups read the buckets without
 * synchronization: an id reaches another thread only through a CAS (of the owner's word or of the
 * free list) that comes after the slot was written.
 *
 * @param <S> the slot type, made by the factory given to the constructor
 */
public final class IdRegistry<S extends IdRegistry.Slot> {
    /** The largest id plus one: 64 × (2^25 − 1), just under 2^31. */
    public static final int ID_LIMIT = Slot.FIRST_BUCKET_SIZE * ((1 << Slot.BUCKETS) - 1);

    /** What a registry hands out: an object with a fixed id. */
    public abstract static class Slot {
        static final int FIRST_BUCKET_SIZE = 64;
        static final int BUCKETS = 25;

        /** This slot's id, 1 or more, fixed for the slot's life. */
        public final int id;
        /** The next free id while this slot is on the free list; written before the CAS that pushes it. */
        int nextFree;

        protected Slot(int id) {
            this.id = id;
        }
    }

    private final IntFunction<S> newSlot;
    private final AtomicReferenceArray<Slot[]> buckets = new AtomicReferenceArray<>(Slot.BUCKETS);
    private final AtomicInteger nextId = new AtomicInteger(1);
    /** Free-list head: stamp in the high 32 bits, first free id in the low 32 (0: empty). */
    private final AtomicLong free = new AtomicLong();

    /** A registry whose new slots {@code newSlot} makes from their id. */
    public IdRegistry(IntFunction<S> newSlot) {
        this.newSlot = newSlot;
    }

    /**
     * A slot nobody else holds: the most recently released one, else a new one with the next id.
     *
     * @throws IllegalStateException when {@link #ID_LIMIT} − 1 slots are taken at once
     */
    public S take() {
        for (;;) {
            long head = free.get();
            int id = (int) head;
            if (id == 0) {
                break;
            }
            S s = get(id);
            long next = (((head >>> 32) + 1) << 32) | (s.nextFree & 0xFFFF_FFFFL);
            if (free.compareAndSet(head, next)) {
                return s;
            }
        }
        int id = nextId.getAndIncrement();
        if (id < 0 || id >= ID_LIMIT) {
            throw new IllegalStateException("too many ids taken from one registry");
        }
        S s = newSlot.apply(id);
        bucket(id)[offset(id)] = s; // published with the id, by the caller's CAS
        return s;
    }

    /** Puts {@code s} back for the next {@link #take()}. */
    public void release(S s) {
        for (;;) {
            long head = free.get();
            s.nextFree = (int) head;
            if (free.compareAndSet(head, (((head >>> 32) + 1) << 32) | s.id)) {
                return;
            }
        }
    }

    /** The slot with id {@code id}, which the caller learned through a CAS after the slot was made. */
    @SuppressWarnings("unchecked") // every slot stored was made by newSlot, an S
    public S get(int id) {
        return (S) buckets.getPlain(bucketIndex(id))[offset(id)]; // published by the CAS that passed the id on
    }

    private Slot[] bucket(int id) {
        int b = bucketIndex(id);
        Slot[] bucket = buckets.get(b);
        if (bucket == null) {
            buckets.compareAndSet(b, null, new Slot[Slot.FIRST_BUCKET_SIZE << b]);
            bucket = buckets.get(b);
        }
        return bucket;
    }

    private static int bucketIndex(int id) {
        return 31 - Integer.numberOfLeadingZeros(id / Slot.FIRST_BUCKET_SIZE + 1);
    }

    private static int offset(int id) {
        return id - Slot.FIRST_BUCKET_SIZE * ((1 << bucketIndex(id)) - 1);
    }
}
