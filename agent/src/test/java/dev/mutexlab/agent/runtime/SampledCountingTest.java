package dev.mutexlab.agent.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An acquisition sampled out writes only its thread's countdown, and the countdown is the count:
 * every acquisition is counted, an attempt that does not get the lock gives its count back, and
 * one in {@code sample=N} is timed whatever the timed releases in between did to the countdown.
 */
class SampledCountingTest {

    @AfterEach
    void noSettings() {
        Settings.install(Settings.NONE);
    }

    private static AgentReentrantLock profiled(int sampleEvery) {
        Settings.install(new Settings(null, false, true, sampleEvery, 0));
        return new AgentReentrantLock(false, Sites.add(SampledCountingTest.class.getName(), "profiled", 1, "new", -1, null));
    }

    private static SiteStats stats(AgentReentrantLock lock) {
        return ThreadStats.current().site(lock.probe().site());
    }

    @Test
    void everyAcquisitionIsCountedAndOneInNTimed() {
        AgentReentrantLock lock = profiled(8);
        for (int i = 0; i < 100; i++) {
            lock.lock();
            lock.unlock();
        }
        SiteStats s = stats(lock);
        assertThat(s.acquisitionsNow()).isEqualTo(100);
        assertThat(s.acquisitions).as("the interval under way is the countdown's, not yet added").isLessThan(100);
        assertThat(s.timed).as("the 1st, 9th, ..., 97th").isEqualTo(13);
        assertThat(s.holdNanos.count()).isEqualTo(13);
        assertThat(s.outsideNanos.count()).as("the acquisition after each timed release").isEqualTo(13);
    }

    @Test
    void aReportAddsTheIntervalUnderWay() {
        AgentReentrantLock lock = profiled(64);
        for (int i = 0; i < 10; i++) {
            lock.lock();
            lock.unlock();
        }
        SiteStats sum = new SiteStats();
        sum.add(stats(lock));
        assertThat(sum.acquisitions).isEqualTo(10);
        assertThat(sum.acquisitionsNow()).isEqualTo(10);
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aFailedTryLockGivesItsCountBack() throws Exception {
        AgentReentrantLock lock = profiled(4);
        HeldElsewhere held = HeldElsewhere.hold(lock);
        try {
            for (int i = 0; i < 10; i++) {
                assertThat(lock.tryLock()).isFalse();
                assertThat(lock.tryLock(0, TimeUnit.NANOSECONDS)).isFalse();
            }
        } finally {
            held.close();
        }
        SiteStats s = stats(lock);
        assertThat(s.acquisitionsNow()).isZero();
        assertThat(s.tryLockFailures).isEqualTo(20);
        assertThat(lock.tryLock()).isTrue();
        lock.unlock();
        assertThat(s.acquisitionsNow()).isEqualTo(1);
    }

    @Test
    void anInterruptedWaitGivesItsCountBack() {
        AgentReentrantLock lock = profiled(4);
        for (int i = 0; i < 10; i++) {
            Thread.currentThread().interrupt();
            assertThatThrownBy(lock::lockInterruptibly).isInstanceOf(InterruptedException.class);
        }
        SiteStats s = stats(lock);
        assertThat(s.acquisitionsNow()).isZero();
        lock.lock();
        lock.unlock();
        assertThat(s.acquisitionsNow()).isEqualTo(1);
    }
}
