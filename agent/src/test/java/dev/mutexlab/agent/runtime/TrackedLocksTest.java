package dev.mutexlab.agent.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.locks.LockEvent;
import dev.mutexlab.locks.Locks;
import dev.mutexlab.locks.Mutex;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The swapped locks a site tracks for the report: only those that record statistics, weakly, at
 * most MAX_PER_SITE; their events added up in LockEvent's order, and lineup's policies counted.
 * Each test uses sites of its own (the table is static).
 */
class TrackedLocksTest {

    @Test
    void aLockWithoutStatisticsIsNotTracked() {
        TrackedLocks.constructed(1_000_001, Locks.mutex("lineup"));
        assertThat(TrackedLocks.of(List.of(1_000_001))).isNull();
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void theEventsOfASitesLocksAddUpAndLineupsPoliciesAreCounted() throws Exception {
        Mutex barge = Locks.mutex("lineup:policy=barge:stats");
        Mutex line = Locks.mutex("lineup:policy=line:stats");
        Mutex go = Locks.mutex("go:stats");
        TrackedLocks.constructed(1_000_002, barge);
        TrackedLocks.constructed(1_000_002, go);
        TrackedLocks.constructed(1_000_003, line);
        timeOutOnce(barge);
        timeOutOnce(line);

        TrackedLocks.Totals t = TrackedLocks.of(List.of(1_000_002, 1_000_003));
        assertThat(t.locks()).isEqualTo(3);
        assertThat(t.leftOut()).isZero();
        assertThat(t.events()).containsEntry("TIMEOUT", 2L).containsEntry("CONTENDED_ACQUIRE", 2L);
        assertThat(t.events().keySet().stream().map(e -> LockEvent.valueOf(e).ordinal()).toList()).as("LockEvent's order").isSorted();
        assertThat(t.policies()).isEqualTo(Map.of("barge", 1, "line", 1));

        TrackedLocks.Totals one = TrackedLocks.of(List.of(1_000_003));
        assertThat(one.locks()).isEqualTo(1);
        assertThat(one.events()).containsEntry("TIMEOUT", 1L);
        assertThat(one.policies()).isEqualTo(Map.of("line", 1));
    }

    @Test
    void aSiteTracksAtMostMaxPerSiteLocksAndCountsTheRest() {
        List<Mutex> kept = new ArrayList<>(); // strongly held: none may be collected
        for (int i = 0; i < TrackedLocks.MAX_PER_SITE + 3; i++) {
            Mutex m = Locks.mutex("go:stats");
            kept.add(m);
            TrackedLocks.constructed(1_000_004, m);
        }
        TrackedLocks.Totals t = TrackedLocks.of(List.of(1_000_004));
        assertThat(t.locks()).isEqualTo(TrackedLocks.MAX_PER_SITE);
        assertThat(t.leftOut()).isEqualTo(3);
        assertThat(kept).hasSize(TrackedLocks.MAX_PER_SITE + 3);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void trackingKeepsNoLockAlive() {
        TrackedLocks.constructed(1_000_005, Locks.mutex("lineup:stats"));
        while (TrackedLocks.of(List.of(1_000_005)).locks() > 0) {
            System.gc(); // the only reference is the table's weak one: wait until a collection clears it
        }
        assertThat(TrackedLocks.of(List.of(1_000_005)).events()).isEmpty();
    }

    /** Another thread holds {@code m} while this one's timed acquisition gives up: one contended acquisition, one timeout. */
    private static void timeOutOnce(Mutex m) throws Exception {
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        Thread holder = new Thread(() -> {
            m.lock();
            held.countDown();
            try {
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                m.unlock();
            }
        });
        holder.start();
        held.await();
        assertThat(m.tryLock(1, TimeUnit.MILLISECONDS)).isFalse();
        done.countDown();
        holder.join();
    }
}
