package dev.mutexlab.lab.torture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mutexlab.locks.Locks;
import java.util.Date;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The broken controls are the lab's: torture reaches them here, the library cannot name them. */
class TortureControlsTest {

    @Test
    void controlsAreCreatedHereAndUnknownToTheLibrary() {
        assertThat(TortureControls.isControl("busted:lostwakeup")).isTrue();
        assertThat(TortureControls.isControl("go")).isFalse();
        assertThat(TortureControls.create("busted")).isInstanceOf(BustedLock.class);
        assertThat(TortureControls.create("busted:lostwakeup")).isInstanceOf(LostWakeupLock.class);
        assertThat(TortureControls.examples().keySet()).containsExactly("busted", "busted:lostwakeup");
        assertThat(Locks.isKnown("busted")).isFalse();
    }

    @Test
    void badControlSpecsFailWithOneLine() {
        assertThatThrownBy(() -> TortureControls.create("busted:color=red")).hasMessageContaining("no option 'color=red'");
        assertThatThrownBy(() -> TortureControls.create("busted:lostwakeup=1")).hasMessageContaining("no option");
        assertThatThrownBy(() -> TortureControls.create("go")).hasMessageContaining("not a torture control");
    }

    @Test
    void theLostWakeupControlStillExcludesAndReenters() throws Exception {
        var lock = TortureControls.create("busted:lostwakeup");
        lock.lock();
        lock.lock();
        boolean[] other = {true};
        Thread t = Thread.ofPlatform().start(() -> other[0] = lock.tryLock());
        t.join(5_000);
        assertThat(other[0]).isFalse();
        lock.unlock();
        lock.unlock();
        assertThat(lock.tryLock()).isTrue();
        lock.unlock();
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void theControlsConditionsReturnAtOnceForADeadlineLongPast() throws Exception {
        for (String spec : TortureControls.examples().keySet()) {
            Lock lock = TortureControls.create(spec);
            Condition cond = lock.newCondition();
            AtomicReference<Object> outcome = new AtomicReference<>("still waiting");
            Thread t = Thread.ofPlatform().daemon().start(() -> {
                lock.lock();
                try {
                    outcome.set(cond.awaitUntil(new Date(Long.MIN_VALUE)) || cond.awaitNanos(Long.MIN_VALUE) > 0L);
                } catch (Throwable e) {
                    outcome.set(e);
                } finally {
                    lock.unlock();
                }
            });
            t.join(10_000);
            assertThat(outcome.get()).as("%s: awaitUntil(new Date(Long.MIN_VALUE))", spec).isEqualTo(false);
        }
    }
}
