package dev.mutexlab.lab.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mutexlab.lab.results.UsageException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The lab's lock specs: a library spec or synchronized, with no yield, a yield after every unlock, or a time-based one. */
class LabLockTest {

    @Test
    void parsesTheThreeYieldForms() {
        LabLock none = LabLock.parse("go:threshold=0");
        assertThat(none.lockSpec()).isEqualTo("go:threshold=0");
        assertThat(none.yieldAfterUnlock()).isFalse();
        assertThat(none.yieldsNow(10_000_000L, 0L)).isFalse();

        LabLock every = LabLock.parse("jdk+yield");
        assertThat(every.lockSpec()).isEqualTo("jdk");
        assertThat(every.yieldPeriodNanos()).isZero();
        assertThat(every.yieldsNow(0L, 0L)).isTrue();

        LabLock timed = LabLock.parse("synchronized+yield=500us");
        assertThat(timed.isMonitor()).isTrue();
        assertThat(timed.yieldPeriodNanos()).isEqualTo(500_000L);
        assertThat(timed.yieldsNow(1_499_999L, 1_000_000L)).isFalse();
        assertThat(timed.yieldsNow(1_500_000L, 1_000_000L)).isTrue();
        assertThat(timed.spec()).isEqualTo("synchronized+yield=500us");
    }

    @Test
    void afterUnlockRecordsTheTimeOfATimeBasedYield() {
        long[] never = {Long.MIN_VALUE / 2};
        LabLock.parse("jdk").afterUnlock(never);
        assertThat(never[0]).as("no yield spec: nothing recorded").isEqualTo(Long.MIN_VALUE / 2);
        long[] last = {Long.MIN_VALUE / 2};
        long before = System.nanoTime();
        LabLock.parse("jdk+yield=1h").afterUnlock(last);
        assertThat(last[0]).as("due at once, then recorded").isGreaterThanOrEqualTo(before);
        long first = last[0];
        LabLock.parse("jdk+yield=1h").afterUnlock(last);
        assertThat(last[0]).as("not due again within the hour").isEqualTo(first);
    }

    @Test
    void badYieldPeriodsAreOneLineUsageErrors() {
        assertThatThrownBy(() -> LabLock.parse("go+yield=fast")).isInstanceOf(UsageException.class)
                .hasMessageContaining("go+yield=fast").hasMessageNotContaining("\n");
        assertThatThrownBy(() -> LabLock.parse("go+yield=0")).isInstanceOf(UsageException.class)
                .hasMessageContaining("positive");
        assertThatThrownBy(() -> LabLock.parse("nosuch+yield=1ms")).isInstanceOf(UsageException.class);
    }

    @Test
    void aProfiledLockIsTheLibrarySpecWithTheAgentsProfile() {
        LabLock l = LabLock.parse("jdk+profile");
        assertThat(l.profiled()).isTrue();
        assertThat(l.lockSpec()).isEqualTo("jdk");
        assertThat(l.spec()).isEqualTo("jdk+profile");
        assertThat(l.yieldAfterUnlock()).isFalse();
        assertThat(LabLock.parse("lineup:policy=line+profile").lockSpec()).isEqualTo("lineup:policy=line");
        assertThat(LabLock.parse("jdk").profiled()).isFalse();
    }

    @Test
    void profileFollowsOnlyALibrarySpec() {
        for (String bad : List.of("+profile", "synchronized+profile", "go+yield+profile", "nosuch+profile", "jdk+profile+profile")) {
            assertThatThrownBy(() -> LabLock.parse(bad)).as(bad).isInstanceOf(UsageException.class)
                    .hasMessageNotContaining("\n");
        }
    }
}
