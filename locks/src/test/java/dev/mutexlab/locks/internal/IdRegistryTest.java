package dev.mutexlab.locks.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The lock-free id registry: small ids from 1, reused first, never held twice at once. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class IdRegistryTest {
    private static final class Slot extends IdRegistry.Slot {
        Slot(int id) {
            super(id);
        }
    }

    @Test
    void idsStartAtOneAndAReturnedIdIsReusedFirst() {
        IdRegistry<Slot> r = new IdRegistry<>(Slot::new);
        Slot one = r.take();
        Slot two = r.take();
        assertThat(one.id).isEqualTo(1);
        assertThat(two.id).isEqualTo(2);
        r.release(one);
        assertThat(r.take()).as("a returned id is reused, slot and all").isSameAs(one);
        assertThat(r.take().id).isEqualTo(3);
    }

    @Test
    void eachRegistryHasItsOwnIds() {
        IdRegistry<Slot> a = new IdRegistry<>(Slot::new);
        IdRegistry<Slot> b = new IdRegistry<>(Slot::new);
        a.take();
        assertThat(b.take().id).as("another registry's ids are independent").isEqualTo(1);
    }

    @Test
    void everyIdNamesItsSlotAcrossBuckets() {
        // Buckets of 64, 128, 256, ...: ids 1..1000 cross the first four boundaries (64, 192, 448, 960).
        IdRegistry<Slot> r = new IdRegistry<>(Slot::new);
        List<Slot> taken = new ArrayList<>();
        for (int i = 1; i <= 1000; i++) {
            Slot s = r.take();
            assertThat(s.id).isEqualTo(i);
            taken.add(s);
        }
        for (Slot s : taken) {
            assertThat(r.get(s.id)).as("slot of id %d", s.id).isSameAs(s);
        }
    }

    @Test
    void releasedIdsComeBackLastInFirstOut() {
        IdRegistry<Slot> r = new IdRegistry<>(Slot::new);
        Slot one = r.take();
        Slot two = r.take();
        Slot three = r.take();
        r.release(one);
        r.release(three);
        r.release(two);
        assertThat(List.of(r.take(), r.take(), r.take())).containsExactly(two, three, one);
        assertThat(r.take().id).as("a new id once the free list is empty").isEqualTo(4);
    }

    @Test
    void anIdIsNeverHeldTwiceAtOnceUnderConcurrentTakeAndRelease() throws Exception {
        // The free list (a stamped Treiber stack) must never hand one id to two holders: each holder
        // marks its id in use with a CAS that fails if another holder has it.
        IdRegistry<Slot> registry = new IdRegistry<>(Slot::new);
        AtomicIntegerArray inUse = new AtomicIntegerArray(4096);
        AtomicInteger duplicates = new AtomicInteger();
        AtomicInteger maxId = new AtomicInteger();
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            Runnable body = () -> {
                Slot[] held = new Slot[3];
                for (int i = 0; i < 20_000; i++) {
                    int slot = i % held.length;
                    if (held[slot] != null) {
                        inUse.set(held[slot].id, 0);
                        registry.release(held[slot]);
                    }
                    Slot s = registry.take();
                    maxId.accumulateAndGet(s.id, Math::max);
                    if (registry.get(s.id) != s || !inUse.compareAndSet(s.id, 0, 1)) {
                        duplicates.incrementAndGet();
                    }
                    held[slot] = s;
                }
                for (Slot s : held) {
                    inUse.set(s.id, 0);
                    registry.release(s);
                }
            };
            ts.add(t % 2 == 0 ? Thread.ofPlatform().daemon().start(body) : Thread.ofVirtual().start(body));
        }
        for (Thread t : ts) {
            assertThat(t.join(java.time.Duration.ofSeconds(30))).as("%s finished", t).isTrue();
        }
        assertThat(duplicates).as("ids held by two holders at once").hasValue(0);
        assertThat(maxId.get()).as("ids are reused: at most 24 held at once").isLessThanOrEqualTo(24 + 8);
    }
}
