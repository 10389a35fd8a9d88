package dev.mutexlab.locks;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The deadline arithmetic of {@link MutexCondition#awaitUntil}, at the ends of the range. */
class MutexConditionTest {

    @Test
    void millisUntilSaturatesInsteadOfWrappingRound() {
        long now = 1_800_000_000_000L;
        assertThat(MutexCondition.millisUntil(now + 5, now)).isEqualTo(5L);
        assertThat(MutexCondition.millisUntil(now - 5, now)).isEqualTo(-5L);
        assertThat(MutexCondition.millisUntil(Long.MIN_VALUE, now)).isEqualTo(Long.MIN_VALUE);
        assertThat(MutexCondition.millisUntil(Long.MAX_VALUE, now)).isEqualTo(Long.MAX_VALUE - now);
        assertThat(MutexCondition.millisUntil(Long.MAX_VALUE, -now)).isEqualTo(Long.MAX_VALUE);
        assertThat(MutexCondition.millisUntil(Long.MIN_VALUE, 1L)).isEqualTo(Long.MIN_VALUE);
        assertThat(MutexCondition.millisUntil(Long.MIN_VALUE, 0L)).isEqualTo(Long.MIN_VALUE);
        assertThat(MutexCondition.millisUntil(0L, Long.MIN_VALUE)).isEqualTo(Long.MAX_VALUE);
    }
}
