package dev.mutexlab.agent.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.agent.runtime.StackSampler.Role;
import dev.mutexlab.agent.runtime.StackSampler.Stack;
import dev.mutexlab.agent.wrapped.Ledger;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The sampler's bounds: one walk per role per interval in the whole JVM (driven by chosen times,
 * never by a clock), a bounded table per site, frames of the lock dropped at the top and a walk cut at its
 * depth.
 */
class StackSamplerTest {

    private static final long MS = 1_000_000L;

    @Test
    void aRoleIsWalkedAtMostOncePerIntervalWhateverTheSite() {
        StackSampler sampler = new StackSampler(8, 10 * MS);
        assertThat(sampler.mayWalk(Role.WAITER, 100 * MS)).as("the first walk").isTrue();
        assertThat(sampler.mayWalk(Role.WAITER, 100 * MS)).as("the same moment").isFalse();
        assertThat(sampler.mayWalk(Role.WAITER, 109 * MS)).as("within the interval, any site").isFalse();
        assertThat(sampler.mayWalk(Role.HOLDER, 105 * MS)).as("the other role has its own gate").isTrue();
        assertThat(sampler.mayWalk(Role.WAITER, 110 * MS)).as("an interval later").isTrue();
        assertThat(sampler.mayWalk(Role.WAITER, 119 * MS)).isFalse();
    }

    @Test
    void theGateTakesTimesOnEitherSideOfZero() {
        StackSampler sampler = new StackSampler(8, 10 * MS);
        assertThat(sampler.mayWalk(Role.WAITER, -5 * MS)).isTrue();
        assertThat(sampler.mayWalk(Role.WAITER, 4 * MS)).isFalse();
        assertThat(sampler.mayWalk(Role.WAITER, 5 * MS)).isTrue();
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void threadsRacingForOneIntervalGetOneWalk() throws Exception {
        int threads = 8;
        int intervals = 2000;
        StackSampler sampler = new StackSampler(8, 10 * MS);
        AtomicInteger granted = new AtomicInteger();
        CyclicBarrier start = new CyclicBarrier(threads);
        Thread[] racers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            racers[t] = new Thread(() -> {
                try {
                    start.await();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                for (int i = 0; i < intervals; i++) {
                    // every thread asks at every instant of interval i: one of them may walk
                    for (long at = i * 10 * MS; at < (i + 1) * 10 * MS; at += 5 * MS) {
                        if (sampler.mayWalk(Role.HOLDER, at)) {
                            granted.incrementAndGet();
                        }
                    }
                }
            });
            racers[t].start();
        }
        for (Thread t : racers) {
            t.join();
        }
        // walks are at least an interval apart (at most one per interval); the thread furthest
        // ahead asks every 5 ms, so they are at most 15 ms apart (two in every three intervals)
        assertThat(granted.get()).isBetween(intervals * 2 / 3, intervals);
    }

    @Test
    void intervalZeroWalksEverySampledEvent() {
        StackSampler sampler = new StackSampler(8, 0);
        for (int i = 0; i < 5; i++) {
            assertThat(sampler.mayWalk(Role.WAITER, 7)).isTrue();
        }
    }

    @Test
    void aSiteKeepsAtMostItsShareOfDistinctStacksAndCountsTheRestAsOther() {
        StackSampler sampler = new StackSampler(8, 0);
        int extra = 5;
        for (int i = 0; i < StackSampler.MAX_STACKS_PER_ROLE + extra; i++) {
            sampler.record(2, Role.WAITER, new String[]{"a.B.m" + i + "(B.java:1)"}, 10);
        }
        sampler.record(2, Role.WAITER, new String[]{"a.B.m0(B.java:1)"}, 10);   // a kept stack counts again
        List<Stack> kept = sampler.stacks(2, Role.WAITER);
        assertThat(kept).hasSize(StackSampler.MAX_STACKS_PER_ROLE);
        assertThat(kept.get(0).frames()).containsExactly("a.B.m0(B.java:1)");
        assertThat(kept.get(0).count()).isEqualTo(2);
        assertThat(kept.get(0).waitNanos()).isEqualTo(20);
        assertThat(sampler.other(2, Role.WAITER).count()).isEqualTo(extra);
        assertThat(sampler.other(2, Role.WAITER).waitNanos()).isEqualTo(10L * extra);
        assertThat(sampler.stacks(2, Role.HOLDER)).isEmpty();
        assertThat(sampler.stacks(99, Role.HOLDER)).as("a site never walked").isEmpty();
    }

    @Test
    void theLocksFramesAreTheAgentsAndJavaUtilConcurrents() {
        assertThat(StackSampler.isLockFrame("dev.mutexlab.agent.runtime.TimedLocking")).isTrue();
        assertThat(StackSampler.isLockFrame("dev.mutexlab.agent.bundled.locks.LineupMutex")).isTrue();
        assertThat(StackSampler.isLockFrame("java.util.concurrent.locks.ReentrantLock")).isTrue();
        assertThat(StackSampler.isLockFrame("java.util.concurrent.ArrayBlockingQueue")).isTrue();
        assertThat(StackSampler.isLockFrame("dev.mutexlab.agent.it.StacksProgram$Ledger")).isFalse();
        assertThat(StackSampler.isLockFrame("org.eclipse.jetty.util.thread.AutoLock")).isFalse();
        assertThat(StackSampler.isLockFrame("java.lang.Thread")).isFalse();
    }

    @Test
    void aWalkDropsTheLocksFramesAtTheTopKeepsTheRestAndStopsAtItsDepth() {
        int site = Sites.add("dev.mutexlab.agent.wrapped.AutoLock", "<init>", 1, "new", -1, "AutoLock.java");
        StackSampler two = new StackSampler(2, 0);
        String[][] walked = new String[2][];
        // this test's frames are the runtime's package: the ones at the top are dropped as the lock's
        new Ledger(site).transfer(() -> walked[0] = two.walk());
        assertThat(walked[0]).hasSize(2);
        assertThat(walked[0][0]).startsWith(Ledger.class.getName() + ".withLock(Ledger.java:");
        assertThat(walked[0][1]).startsWith(Ledger.class.getName() + ".transfer(Ledger.java:");

        StackSampler deep = new StackSampler(64, 0);
        new Ledger(site).audit(() -> walked[1] = deep.walk());
        assertThat(walked[1]).as("frames below the program's are kept, the runtime's package too")
                .anySatisfy(f -> assertThat(f).startsWith(StackSamplerTest.class.getName() + ".aWalkDrops"));
        assertThat(walked[1].length).isBetween(4, 64);
    }
}
