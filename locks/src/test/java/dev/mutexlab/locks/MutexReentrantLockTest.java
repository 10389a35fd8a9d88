package dev.mutexlab.locks;

import static dev.mutexlab.locks.ThreadKind.awaitCondition;
import static dev.mutexlab.locks.ThreadKind.join;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What {@link MutexReentrantLock} adds to the contract suite (which runs over it whole, in
 * {@link ReentrantAdapterContractTest}): the protected and condition methods go to the backing
 * lock, the four final methods answer as documented, and no overridable method is left to the
 * unused superclass state.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MutexReentrantLockTest {

    static List<String> specs() {
        List<String> list = new ArrayList<>();
        for (String spec : Locks.exampleSpecs()) {
            if (!spec.startsWith("jdk")) {
                list.add(spec);
            }
        }
        return list;
    }

    @Test
    void everyMethodASubclassMayOverrideIsOverridden() {
        List<String> missing = new ArrayList<>();
        for (Class<?> c = ReentrantLock.class; c != null; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
                int mod = m.getModifiers();
                if (Modifier.isStatic(mod) || Modifier.isFinal(mod) || Modifier.isPrivate(mod) || m.isSynthetic()
                        || (c == Object.class && !m.getName().equals("toString"))) {
                    continue;
                }
                try {
                    MutexReentrantLock.class.getDeclaredMethod(m.getName(), m.getParameterTypes());
                } catch (NoSuchMethodException e) {
                    missing.add(c.getSimpleName() + "." + m.getName() + Arrays.toString(m.getParameterTypes()));
                }
            }
        }
        assertThat(missing).as("ReentrantLock methods the adapter leaves to the unused superclass state").isEmpty();
    }

    @Test
    void reentrantGivesTheJdkLockForJdkSpecsAndAnAdapterOtherwise() {
        assertThat(Locks.reentrant("jdk")).hasSameClassAs(new ReentrantLock());
        assertThat(Locks.reentrant("jdk").isFair()).isFalse();
        assertThat(Locks.reentrant("jdk-fair").isFair()).isTrue();
        ReentrantLock lock = Locks.reentrant("go:threshold=0:name=cache");
        assertThat(lock).isInstanceOf(MutexReentrantLock.class);
        assertThat(((MutexReentrantLock) lock).mutex()).isInstanceOf(GoMutex.class);
        assertThat(((MutexReentrantLock) lock).mutex().getName()).isEqualTo("cache");
        assertThatThrownBy(() -> Locks.reentrant("nosuchlock")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown lock");
        assertThatThrownBy(() -> new MutexReentrantLock(null)).isInstanceOf(NullPointerException.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void finalMethodsAnswerAsDocumentedWhileAThreadWaits(String spec) throws Exception {
        MutexReentrantLock lock = (MutexReentrantLock) Locks.reentrant(spec);
        assertThat(lock.isFair()).isEqualTo(lock.mutex().isFair());
        lock.lock();
        Thread waiter;
        try {
            waiter = Thread.ofPlatform().daemon().start(() -> {
                lock.lock();
                lock.unlock();
            });
            awaitCondition("waiter queued in the backing lock", 10_000, () -> lock.mutex().hasQueuedThread(waiter));
            assertThat(lock.hasQueuedThreads()).isFalse();
            assertThat(lock.hasQueuedThread(waiter)).isFalse();
            assertThat(lock.getQueueLength()).isZero();
            assertThatThrownBy(() -> lock.hasQueuedThread(null)).isInstanceOf(NullPointerException.class);
            assertThat(lock.getQueuedThreads()).contains(waiter);
            assertThat(lock.getOwner()).isSameAs(Thread.currentThread());
            assertThat(lock.mutex().getQueueLength()).isPositive();
        } finally {
            lock.unlock();
        }
        join(waiter, 10_000);
        assertThat(lock.getOwner()).isNull();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void conditionInspectionTakesTheBackingLocksConditions(String spec) throws Exception {
        MutexReentrantLock lock = (MutexReentrantLock) Locks.reentrant(spec);
        Condition cond = lock.newCondition();
        Condition stock = new ReentrantLock().newCondition();
        AtomicBoolean signalled = new AtomicBoolean();
        Thread t = Thread.ofPlatform().daemon().start(() -> {
            lock.lock();
            try {
                cond.awaitUninterruptibly();
                signalled.set(true);
            } finally {
                lock.unlock();
            }
        });
        awaitCondition("waiter in await", 10_000, () -> {
            lock.lock();
            try {
                return lock.hasWaiters(cond);
            } finally {
                lock.unlock();
            }
        });
        lock.lock();
        try {
            assertThat(lock.getWaitQueueLength(cond)).isEqualTo(1);
            assertThat(lock.getWaitingThreads(cond)).containsExactly(t);
            assertThatThrownBy(() -> lock.hasWaiters(stock)).isInstanceOf(IllegalArgumentException.class);
            cond.signal();
            assertThat(lock.hasWaiters(cond)).isFalse();
        } finally {
            lock.unlock();
        }
        join(t, 10_000);
        assertThat(signalled).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void aHeldAdapterDeserializesUnlockedWithItsBackingConfiguration(String spec) throws Exception {
        MutexReentrantLock lock = (MutexReentrantLock) Locks.reentrant(spec, true);
        lock.lock();
        MutexReentrantLock copy;
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                out.writeObject(lock);
            }
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
                copy = (MutexReentrantLock) in.readObject();
            }
        } finally {
            lock.unlock();
        }
        assertThat(copy.isLocked()).isFalse();
        assertThat(copy.mutex()).isNotSameAs(lock.mutex()).hasSameClassAs(lock.mutex());
        assertThat(((AbstractMutex) copy.mutex()).specCore()).isEqualTo(((AbstractMutex) lock.mutex()).specCore());
        assertThat(copy.mutex().stats().enabled()).isTrue();
        assertThat(copy.isFair()).isEqualTo(lock.isFair());
        assertThat(copy.tryLock()).isTrue();
        assertThat(copy.getHoldCount()).isEqualTo(1);
        copy.unlock();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void threadDumpsShowTheBackingLock(String spec) throws Exception {
        MutexReentrantLock lock = (MutexReentrantLock) Locks.reentrant(spec);
        Object owner = ((AbstractMutex) lock.mutex()).parkBlocker();
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread holder = Thread.ofPlatform().daemon().name("adapter-holder").start(() -> {
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
        try {
            assertThat(held.await(10, TimeUnit.SECONDS)).isTrue();
            ThreadInfo info = ManagementFactory.getThreadMXBean()
                    .getThreadInfo(new long[] {holder.threadId()}, false, true)[0];
            assertThat(Arrays.stream(info.getLockedSynchronizers()).map(s -> s.getIdentityHashCode()))
                    .contains(System.identityHashCode(owner));
        } finally {
            release.countDown();
        }
        join(holder, 10_000);
    }
}
