package dev.mutexlab.locks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every lock is {@link Serializable} as {@code ReentrantLock} is: a lock serialized while held
 * comes back unlocked, with its configuration, name and statistics switch, and works.
 */
class SerializationTest {

    static java.util.List<String> specs() {
        return Locks.exampleSpecs();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void aHeldLockDeserializesUnlockedWithItsConfiguration(String spec) throws Exception {
        Lock lock = Locks.create(spec, Locks.recordsStatistics(spec));
        assertThat(lock).isInstanceOf(Serializable.class);
        lock.lock();
        lock.lock();
        Lock copy;
        try {
            copy = roundTrip(lock);
        } finally {
            lock.unlock();
            lock.unlock();
        }
        assertThat(copy).isNotSameAs(lock).hasSameClassAs(lock);
        assertThat(LockProbe.isLocked(copy)).isFalse();
        assertThat(LockProbe.heldByCurrentThread(copy)).isFalse();
        assertThat(LockProbe.queueLength(copy)).isZero();
        if (copy instanceof Mutex m) {
            assertThat(((AbstractMutex) m).specCore()).isEqualTo(((AbstractMutex) lock).specCore());
            assertThat(m.stats().enabled()).isTrue();
            assertThat(m.isFair()).isEqualTo(((Mutex) lock).isFair());
        } else {
            assertThat(((ReentrantLock) copy).isFair()).isEqualTo(((ReentrantLock) lock).isFair());
        }
        Condition c = copy.newCondition();
        assertThat(copy.tryLock()).isTrue();
        assertThat(c.await(1, TimeUnit.MILLISECONDS)).isFalse();
        copy.unlock();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void theSpecOfTheSerialFormBuildsTheSameConfiguration(String spec) {
        assumeTrue(!spec.startsWith("jdk"), "a Mutex with specCore()");
        AbstractMutex m = (AbstractMutex) Locks.create(spec);
        AbstractMutex again = (AbstractMutex) Locks.create(m.specCore());
        assertThat(again.specCore()).isEqualTo(m.specCore());
        assertThat(again.toString()).isEqualTo(m.toString()); // the state string names the configuration
    }

    @Test
    void nameAndOddThresholdsSurvive() throws Exception {
        GoMutex go = new GoMutex(Duration.ofNanos(1_234_567), true, false);
        go.named("orders");
        GoMutex copy = (GoMutex) roundTrip(go);
        assertThat(copy.getName()).isEqualTo("orders");
        assertThat(copy.starvationThresholdNanos()).isEqualTo(1_234_567L);
        assertThat(copy.stats().enabled()).isFalse();
        assertThat(((GoMutex) roundTrip(new GoMutex(GoMutex.NEVER, false, false))).starvationThresholdNanos())
                .isEqualTo(Long.MAX_VALUE);
    }

    private static Lock roundTrip(Lock lock) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(serialize(lock)))) {
            return (Lock) in.readObject();
        }
    }

    private static byte[] serialize(Object o) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        return bytes.toByteArray();
    }
}
