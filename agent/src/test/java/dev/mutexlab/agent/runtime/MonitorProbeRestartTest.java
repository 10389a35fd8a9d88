package dev.mutexlab.agent.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A second profile in the same JVM (a second attach) times monitor sites again. */
class MonitorProbeRestartTest {

    @AfterEach
    void reset() {
        MonitorProbe.startAll();
        Settings.install(Settings.NONE);
    }

    @Test
    void aStoppedProbeTimesNothingUntilTheNextStart() {
        Settings.install(new Settings(null, false, true, 1, 0));
        int site = Sites.add(MonitorProbeRestartTest.class.getName(), "restart", 1, "monitor", -1, null);
        Object monitor = new Object();

        MonitorProbe.stopAll();
        assertThat(MonitorProbe.arriving(monitor, site)).isEqualTo(MonitorProbe.NOT_TIMED);

        MonitorProbe.startAll();
        assertThat(MonitorProbe.arriving(monitor, site)).isNotEqualTo(MonitorProbe.NOT_TIMED);
    }
}
