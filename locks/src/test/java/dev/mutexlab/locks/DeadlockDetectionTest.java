package dev.mutexlab.locks;

import static dev.mutexlab.locks.ThreadKind.awaitCondition;
import static dev.mutexlab.locks.ThreadKind.join;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.LockInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A mutexlab lock shows in the JDK's tools as a {@code ReentrantLock} does: its holder lists it
 * among its locked ownable synchronizers ({@code jstack -l}), a parked waiter names it and its
 * owner, and {@link ThreadMXBean#findDeadlockedThreads()} finds a cycle through two of them. Platform
 * threads only: the thread MXBean does not report virtual threads.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DeadlockDetectionTest {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    static List<String> specs() {
        List<String> list = new ArrayList<>();
        for (String spec : Locks.exampleSpecs()) {
            if (!spec.startsWith("jdk")) {
                list.add(spec);
            }
        }
        return list;
    }


    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void twoLockDeadlockIsFoundByFindDeadlockedThreads(String spec) throws Exception {
        Lock a = Locks.create(spec);
        Lock b = Locks.create(spec);
        CountDownLatch bothHoldOne = new CountDownLatch(2);
        Thread t1 = Thread.ofPlatform().daemon().name("deadlock-ab").start(() -> lockBoth(a, b, bothHoldOne));
        Thread t2 = Thread.ofPlatform().daemon().name("deadlock-ba").start(() -> lockBoth(b, a, bothHoldOne));
        try {
            awaitCondition("findDeadlockedThreads reports both threads", 10_000, () -> {
                long[] ids = THREADS.findDeadlockedThreads();
                return ids != null && Arrays.stream(ids).anyMatch(id -> id == t1.threadId())
                        && Arrays.stream(ids).anyMatch(id -> id == t2.threadId());
            });
        } finally {
            t1.interrupt(); // lockInterruptibly: both give up, release what they hold and end
            t2.interrupt();
        }
        join(t1, 10_000);
        join(t2, 10_000);
        assertThat(LockProbe.isLocked(a)).isFalse();
        assertThat(LockProbe.isLocked(b)).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void holderListsTheLockAndAWaiterNamesItsOwner(String spec) throws Exception {
        Lock lock = Locks.create(spec);
        Object owner = ((AbstractMutex) lock).parkBlocker();
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch held = new CountDownLatch(1);
        Thread holder = Thread.ofPlatform().daemon().name("holder").start(() -> {
            lock.lock();
            try {
                held.countDown();
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                lock.unlock();
            }
        });
        Thread waiter = null;
        try {
            assertThat(held.await(10, TimeUnit.SECONDS)).isTrue();
            ThreadInfo info = THREADS.getThreadInfo(new long[] {holder.threadId()}, false, true)[0];
            assertThat(Arrays.stream(info.getLockedSynchronizers()).map(DeadlockDetectionTest::identity))
                    .as("locked ownable synchronizers of the holder").contains(System.identityHashCode(owner));
                waiter = Thread.ofPlatform().daemon().name("waiter").start(() -> {
                lock.lock();
                lock.unlock();
            });
            Thread w = waiter;
            awaitCondition("waiter parked on the lock", 10_000, () -> {
                ThreadInfo wi = THREADS.getThreadInfo(w.threadId());
                return wi != null && wi.getLockInfo() != null
                        && identity(wi.getLockInfo()) == System.identityHashCode(owner);
            });
            assertThat(THREADS.getThreadInfo(w.threadId()).getLockOwnerId()).isEqualTo(holder.threadId());
        } finally {
            release.countDown();
        }
        join(holder, 10_000);
        if (waiter != null) {
            join(waiter, 10_000);
        }
    }

    private static int identity(LockInfo info) {
        return info.getIdentityHashCode();
    }

    private static void lockBoth(Lock first, Lock second, CountDownLatch bothHoldOne) {
        try {
            first.lockInterruptibly();
            try {
                bothHoldOne.countDown();
                bothHoldOne.await();
                second.lockInterruptibly();
                second.unlock();
            } finally {
                first.unlock();
            }
        } catch (InterruptedException e) {
            // the test broke the deadlock
        }
    }
}
