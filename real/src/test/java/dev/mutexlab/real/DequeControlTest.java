package dev.mutexlab.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.real.RealTask;
import dev.mutexlab.lab.results.AppsResult;
import dev.mutexlab.lab.torture.TortureControls;
import java.lang.reflect.Field;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The deque workload's check against the project's broken control lock (no mutual exclusion): the
 * JDK's {@code LinkedBlockingDeque} with its lock and conditions replaced by the control's (reached
 * through the workload's deque factory, as {@link QueueControlTest} reaches the queue) must fail its
 * check, while the same deque on its own lock passes.
 */
class DequeControlTest {
    private static final long MS = 1_000_000L;

    @Test
    @Timeout(120)
    void brokenControlLockFailsTheDequeCheck() throws Exception {
        ReentrantLock busted = new ControlReentrantLock(TortureControls.create("busted"));
        AppsResult.Sample s = measure(capacity -> swapped(new LinkedBlockingDeque<>(capacity), busted));
        assertThat(s.checkPassed()).as("check: %s", s.check()).isFalse();
        assertThat(s.check()).startsWith("deque");
    }

    @Test
    @Timeout(120)
    void theDequeOnItsOwnLockPassesTheSameCheck() throws Exception {
        AppsResult.Sample s = measure(DequeSession.LIBRARY_DEQUE);
        assertThat(s.check()).isEqualTo(AppsResult.Sample.OK);
        assertThat(s.ops()).isPositive();
    }

    private static AppsResult.Sample measure(IntFunction<LinkedBlockingDeque<Long>> deques) throws Exception {
        RealTask task = new RealTask("deque", "control", "platform", 2, 4, 0, 50 * MS, 300 * MS, 1, 0, 0);
        try (Session session = new DequeSession(task.workers(), 0, deques)) {
            return RealMeasurement.measure(session, task);
        }
    }

    /** The deque with its lock and both conditions replaced (java.util.concurrent opened to the tests). */
    private static <E> LinkedBlockingDeque<E> swapped(LinkedBlockingDeque<E> deque, ReentrantLock lock) {
        try {
            set(deque, "lock", lock);
            set(deque, "notEmpty", lock.newCondition());
            set(deque, "notFull", lock.newCondition());
            return deque;
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("cannot replace LinkedBlockingDeque's lock", e);
        }
    }

    private static void set(Object target, String name, Object value) throws ReflectiveOperationException {
        Field f = LinkedBlockingDeque.class.getDeclaredField(name);
        f.setAccessible(true);
        f.set(target, value);
    }
}
