package dev.mutexlab.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.real.RealTask;
import dev.mutexlab.lab.results.AppsResult;
import dev.mutexlab.lab.torture.TortureControls;
import java.lang.reflect.Field;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The queue workload's check against the project's broken control lock (no mutual exclusion):
 * the JDK's {@code ArrayBlockingQueue} with its lock and conditions replaced by the control's (the
 * agent swaps only library specs, so the test reaches the queue through the workload's queue
 * factory) must fail its check, while the same queue on its own lock passes.
 */
class QueueControlTest {
    private static final long MS = 1_000_000L;

    @Test
    @Timeout(120)
    void brokenControlLockFailsTheQueueCheck() throws Exception {
        ReentrantLock busted = new ControlReentrantLock(TortureControls.create("busted"));
        AppsResult.Sample s = measure(capacity -> swapped(new ArrayBlockingQueue<>(capacity), busted));
        assertThat(s.checkPassed()).as("check: %s", s.check()).isFalse();
        assertThat(s.check()).startsWith("queue");
    }

    @Test
    @Timeout(120)
    void theQueueOnItsOwnLockPassesTheSameCheck() throws Exception {
        AppsResult.Sample s = measure(QueueSession.LIBRARY_QUEUE);
        assertThat(s.check()).isEqualTo(AppsResult.Sample.OK);
        assertThat(s.ops()).isPositive();
    }

    private static AppsResult.Sample measure(java.util.function.IntFunction<BlockingQueue<Long>> queues) throws Exception {
        RealTask task = new RealTask("queue", "control", "platform", 2, 4, 0, 50 * MS, 300 * MS, 1, 0, 0);
        try (Session session = new QueueSession(task.workers(), 0, queues)) {
            return RealMeasurement.measure(session, task);
        }
    }

    /** The queue with its lock and both conditions replaced (java.util.concurrent opened to the tests). */
    private static <E> ArrayBlockingQueue<E> swapped(ArrayBlockingQueue<E> queue, ReentrantLock lock) {
        try {
            set(queue, "lock", lock);
            set(queue, "notEmpty", lock.newCondition());
            set(queue, "notFull", lock.newCondition());
            return queue;
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("cannot replace ArrayBlockingQueue's lock", e);
        }
    }

    private static void set(Object target, String name, Object value) throws ReflectiveOperationException {
        Field f = ArrayBlockingQueue.class.getDeclaredField(name);
        f.setAccessible(true);
        f.set(target, value);
    }
}
