package dev.mutexlab.locks;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A chooser lock whose arrivals switch policy every few microseconds while workers join the line,
 * take it with timeouts shorter than the bound, are interrupted, and wait on a condition
 * (CancellationStressTest.stress with a switcher beside it). A lost wake-up strands a worker, a
 * lost handoff leaves the lock held by nobody; at the end no heir, sleeper or bit is left.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LineupSwitchStressTest {

    static java.util.stream.Stream<Arguments> cases() {
        List<Arguments> list = new ArrayList<>();
        for (Duration bound : List.of(Duration.ZERO, Duration.ofNanos(50_000), Duration.ofMillis(1), Duration.ofHours(1))) {
            for (ThreadKind kind : ThreadKind.values()) {
                list.add(Arguments.of(bound, kind));
            }
        }
        return list.stream();
    }

    @ParameterizedTest(name = "bound {0}, {1}")
    @MethodSource("cases")
    void switchingPoliciesUnderJoinsTimeoutsInterruptsAndConditionsStrandsNobody(Duration bound, ThreadKind kind)
            throws Exception {
        LineupMutex lock = new LineupMutex(bound, true, (LineupPolicy) null);
        LineupPolicy[] all = LineupPolicy.values();
        CancellationStressTest.stress(lock, kind, 10_000 * CancellationStressTest.SCALE, true, () -> {
            ThreadLocalRandom rnd = ThreadLocalRandom.current();
            lock.switchArrivalsTo(all[rnd.nextInt(all.length)]);
            LockSupport.parkNanos(rnd.nextInt(1_000, 50_000));
        });
        assertThat(lock.state()).as("%s", lock).isZero();
        assertThat(lock.sleepers()).isZero();
        assertThat(lock.hasHeir()).isFalse();
    }
}
