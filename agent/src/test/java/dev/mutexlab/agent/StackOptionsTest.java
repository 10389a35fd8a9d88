package dev.mutexlab.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mutexlab.agent.runtime.StackSampler;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class StackOptionsTest {

    @Test
    void aProfileRecordsStacksByDefaultAndNoProfileNone() throws Exception {
        StackOptions on = AgentOptions.parse("profile").stacks();
        assertThat(on.enabled()).isTrue();
        assertThat(on.depth()).isEqualTo(StackSampler.DEFAULT_DEPTH);
        assertThat(on.intervalNanos()).isEqualTo(StackSampler.DEFAULT_INTERVAL_NANOS).isEqualTo(10_000_000L);
        assertThat(on.collapsed()).isNull();
        assertThat(on.sampler()).isNotNull();
        assertThat(AgentOptions.parse("lock=lineup").stacks().enabled()).isFalse();
        assertThat(AgentOptions.parse("lock=lineup").stacks().sampler()).isNull();
        assertThat(AgentOptions.parse("profile,stacks=false").stacks().enabled()).isFalse();
    }

    @Test
    void everyStackOptionParses() throws Exception {
        StackOptions o = AgentOptions.parse("profile,stacks,stackDepth=8,stackInterval=500us,collapsed=/tmp/s-{pid}.txt").stacks();
        assertThat(o.enabled()).isTrue();
        assertThat(o.depth()).isEqualTo(8);
        assertThat(o.intervalNanos()).isEqualTo(500_000);
        assertThat(o.collapsed()).isEqualTo(Path.of("/tmp/s-" + ProcessHandle.current().pid() + ".txt"));
        assertThat(AgentOptions.parse("profile,stackInterval=0").stacks().intervalNanos()).isZero();
        assertThat(AgentOptions.parse("profile,stackInterval=2s").stacks().intervalNanos()).isEqualTo(2_000_000_000L);
        assertThat(AgentOptions.parse("profile,stackInterval=10ms").stacks().sampler().intervalNanos()).isEqualTo(10_000_000L);
    }

    @Test
    void aBadStackOptionIsOneLine() {
        assertThatThrownBy(() -> AgentOptions.parse("profile,stackInterval=10")).isInstanceOf(BadOptionException.class)
                .hasMessage("option 'stackInterval': '10' needs a unit (0, 500us, 10ms, 1s)");
        assertThatThrownBy(() -> AgentOptions.parse("profile,stackInterval=xms")).isInstanceOf(BadOptionException.class)
                .hasMessageContaining("not a whole number");
        assertThatThrownBy(() -> AgentOptions.parse("profile,stackDepth=0")).isInstanceOf(BadOptionException.class)
                .hasMessage("option 'stackDepth': 0 is outside 1..1024");
        assertThatThrownBy(() -> AgentOptions.parse("collapsed=/tmp/c.txt")).isInstanceOf(BadOptionException.class)
                .hasMessageContaining("needs profile");
        assertThatThrownBy(() -> AgentOptions.parse("profile,stacks=false,collapsed=/tmp/c.txt"))
                .isInstanceOf(BadOptionException.class).hasMessageContaining("needs profile");
        assertThatThrownBy(() -> AgentOptions.parse("profile,stackDepth=4,stackDepth=5")).isInstanceOf(BadOptionException.class)
                .hasMessage("option 'stackDepth' given twice");
        assertThatThrownBy(() -> AgentOptions.parse("stackz")).isInstanceOf(BadOptionException.class)
                .hasMessageContaining("stackInterval");
    }
}
