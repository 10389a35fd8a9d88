package dev.mutexlab.lab.torture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mutexlab.locks.Locks;
import org.junit.jupiter.api.Test;

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
}
