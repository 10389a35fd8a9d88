package dev.mutexlab.locks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;

/** The spec grammar and the registry. */
class LocksTest {

    @Test
    void specsCreateTheNamedConfiguration() {
        assertThat(Locks.create("go")).isInstanceOf(GoMutex.class);
        assertThat(((GoMutex) Locks.create("go:threshold=0")).starvationThresholdNanos()).isZero();
        assertThat(((GoMutex) Locks.create("go:threshold=never")).starvationThresholdNanos()).isEqualTo(Long.MAX_VALUE);
        assertThat(((GoMutex) Locks.create("go:threshold=1.5ms")).starvationThresholdNanos()).isEqualTo(1_500_000L);
        assertThat(((ReentrantLock) Locks.create("jdk")).isFair()).isFalse();
        assertThat(((ReentrantLock) Locks.create("jdk-fair")).isFair()).isTrue();
        assertThat(((Mutex) Locks.create("go:stats")).stats().enabled()).isTrue();
    }

    @Test
    void statisticsAreRefusedWhereTheLockRecordsNone() {
        for (String spec : List.of("jdk", "jdk-fair")) {
            assertThat(Locks.recordsStatistics(spec)).isFalse();
            assertThat(Locks.create(spec, false)).isInstanceOf(ReentrantLock.class);
            assertThatThrownBy(() -> Locks.create(spec, true)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("lock '" + spec + "' records no statistics: create it with recordStats false");
            assertThatThrownBy(() -> Locks.create(spec + ":stats")).isInstanceOf(IllegalArgumentException.class);
        }
        for (String spec : Locks.exampleSpecs()) {
            if (!spec.startsWith("jdk")) {
                assertThat(Locks.recordsStatistics(spec)).as(spec).isTrue();
                assertThat(((Mutex) Locks.create(spec, true)).stats().enabled()).as(spec).isTrue();
            }
        }
        assertThatThrownBy(() -> Locks.recordsStatistics("nosuchlock")).hasMessageContaining("unknown lock 'nosuchlock'");
    }

    @Test
    void mutexGivesEveryLibraryLockAsAMutexAndRefusesReentrantLock() {
        for (String spec : Locks.exampleSpecs()) {
            if (spec.startsWith("jdk")) {
                assertThatThrownBy(() -> Locks.mutex(spec)).isInstanceOf(IllegalArgumentException.class)
                        .hasMessageContaining("not a dev.mutexlab.locks.Mutex").hasMessageContaining("Locks.create");
            } else {
                assertThat(Locks.mutex(spec)).isInstanceOf(Mutex.class);
            }
        }
        assertThat(Locks.mutex("go:stats", false).stats().enabled()).isTrue();
    }

    @Test
    void theNameOptionNamesAnyMutex() {
        for (String spec : Locks.exampleSpecs()) {
            if (!spec.startsWith("jdk")) {
                Mutex m = Locks.mutex(spec + ":name=cache-7");
                assertThat(m.getName()).isEqualTo("cache-7");
                assertThat(m.toString()).contains("'cache-7'");
            }
        }
        assertThat(Locks.mutex("go").getName()).isNull();
        assertThat(new GoMutex().named("orders").toString()).startsWith("GoMutex 'orders'[");
        assertThatThrownBy(() -> Locks.create("jdk:name=x")).hasMessageContaining("carries no name");
        assertThatThrownBy(() -> Locks.create("go:name")).hasMessageContaining("needs a value");
    }

    @Test
    void theModulePathRunHasTheLibraryAsANamedModule() {
        boolean modulePath = Boolean.getBoolean("mutexlab.test.modulePath"); // set by the pom's module-path execution
        assertThat(Mutex.class.getModule().isNamed()).isEqualTo(modulePath);
        if (modulePath) {
            assertThat(Mutex.class.getModule().getName()).isEqualTo("dev.mutexlab.locks");
            assertThat(Mutex.class.getModule().getDescriptor().exports())
                    .extracting(java.lang.module.ModuleDescriptor.Exports::source).containsExactly("dev.mutexlab.locks");
        }
    }

    @Test
    void badSpecsFailWithOneLineNamingTheProblem() {
        assertThatThrownBy(() -> Locks.create("nosuch")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown lock 'nosuch'");
        assertThatThrownBy(() -> Locks.create("go:threshold=-1ms")).hasMessageContaining("negative");
        assertThatThrownBy(() -> Locks.create("go:threshold=fast")).hasMessageContaining("bad duration 'fast'");
        assertThatThrownBy(() -> Locks.create("go:color=red")).hasMessageContaining("no option 'color'");
        assertThatThrownBy(() -> Locks.create("jdk:threshold=0")).hasMessageContaining("takes none");
        assertThatThrownBy(() -> Locks.create("")).hasMessageContaining("empty");
        assertThatThrownBy(() -> Locks.create("go:threshold=1ms:threshold=2ms")).hasMessageContaining("twice");
        for (String bad : new String[] {"nosuch", "go:threshold=-1ms", "go:color=red", "Go"}) {
            assertThatThrownBy(() -> Locks.create(bad)).satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        }
    }

    @Test
    void durationsParseAndFormatInEveryUnit() {
        assertThat(LockSpec.parseDuration("100ns")).isEqualTo(Duration.ofNanos(100));
        assertThat(LockSpec.parseDuration("0.1us")).isEqualTo(Duration.ofNanos(100));
        assertThat(LockSpec.parseDuration("250us")).isEqualTo(Duration.ofNanos(250_000));
        assertThat(LockSpec.parseDuration("2s")).isEqualTo(Duration.ofSeconds(2));
        assertThat(LockSpec.parseDuration("0")).isEqualTo(Duration.ZERO);
        assertThat(LockSpec.formatDuration(Duration.ofNanos(100))).isEqualTo("100ns");
        assertThat(LockSpec.formatDuration(Duration.ofNanos(1_500_000))).isEqualTo("1.5ms");
        assertThat(LockSpec.formatDuration(Duration.ofNanos(10_000))).isEqualTo("10us");
    }

    @Test
    void everyListedLockHasExamplesThatCreate() {
        assertThat(Locks.specs()).isNotEmpty();
        for (String spec : Locks.exampleSpecs()) {
            assertThat(Locks.create(spec)).as(spec).isNotNull();
        }
    }

    @Test
    void brokenTortureControlsAreNotInThePublicRegistry() {
        assertThatThrownBy(() -> Locks.create("busted")).hasMessageContaining("unknown lock 'busted'");
        assertThatThrownBy(() -> Locks.create("busted:lostwakeup")).hasMessageContaining("unknown lock 'busted'");
        assertThat(Locks.isKnown("busted")).isFalse();
        assertThat(Locks.exampleSpecs()).noneMatch(s -> s.startsWith("busted"));
        // The broken controls live in the lab (dev.mutexlab.lab.torture.TortureControls), not in this jar.
        assertThat(Mutex.class.getResource("BustedMutex.class")).isNull();
        assertThat(Mutex.class.getResource("LostWakeupMutex.class")).isNull();
    }
}
