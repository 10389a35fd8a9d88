package dev.mutexlab.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class AgentOptionsTest {

    @Test
    void noOptionsMeansNoSwapNoProfile() throws Exception {
        AgentOptions o = AgentOptions.parse(null);
        assertThat(o.lock()).isNull();
        assertThat(o.profile()).isFalse();
        assertThat(o.rewrites()).isFalse();
        assertThat(o.sampleEvery()).isEqualTo(AgentOptions.DEFAULT_SAMPLE).isEqualTo(64);
        assertThat(o.jdk()).isTrue();
        assertThat(o.reportToStderr()).isTrue();
        assertThat(o.monitors()).isFalse();
        assertThat(AgentOptions.parse("").lock()).isNull();
    }

    @Test
    void everyOptionParses() throws Exception {
        AgentOptions o = AgentOptions.parse("lock=go:threshold=0,fair=swap,profile,frames=2,sample=16,out=/tmp/p.json,"
                + "include=org.foo+com.bar,exclude=org.foo.internal,jdk=false,report=none,monitors=false,"
                + "monitorThreshold=5000,fail=a.B,fail=c.D");
        assertThat(o.lock()).isEqualTo("go:threshold=0");
        assertThat(o.swapFair()).isTrue();
        assertThat(o.profile()).isTrue();
        assertThat(o.frames()).isEqualTo(2);
        assertThat(o.sampleEvery()).isEqualTo(16);
        assertThat(o.out()).isEqualTo(Path.of("/tmp/p.json"));
        assertThat(o.include()).isEqualTo(List.of("org.foo", "com.bar"));
        assertThat(o.exclude()).isEqualTo(List.of("org.foo.internal"));
        assertThat(o.jdk()).isFalse();
        assertThat(o.reportToStderr()).isFalse();
        assertThat(o.monitors()).isFalse();
        assertThat(o.monitorThresholdNanos()).isEqualTo(5000);
        assertThat(o.failClasses()).containsExactlyInAnyOrder("a.B", "c.D");
    }

    @Test
    void profileTurnsMonitorsOnAndJdkMeansNoSwap() throws Exception {
        AgentOptions o = AgentOptions.parse("lock=jdk,profile");
        assertThat(o.lock()).isNull();
        assertThat(o.monitors()).isTrue();
        assertThat(o.rewrites()).isTrue();
    }

    @Test
    void jfrsMonitorEventsRunOnlyWhereAskedOrWithoutProbes() throws Exception {
        assertThat(AgentOptions.parse("profile").monitorEvents()).as("the probes time synchronized: no JFR").isFalse();
        assertThat(AgentOptions.parse("profile,monitorEvents").monitorEvents()).isTrue();
        assertThat(AgentOptions.parse("lock=go,monitors").monitorEvents()).as("no profile: JFR is the only view").isTrue();
        assertThat(AgentOptions.parse("lock=go").monitorEvents()).isFalse();
        assertThat(AgentOptions.parse("profile,monitors=false,monitorEvents=true").monitors()).isFalse();
    }

    @Test
    void badOptionsNameTheOption() {
        assertBad("lock=nosuch", "option 'lock'", "nosuch");
        assertBad("lock=go:threshold=abc", "option 'lock'");
        assertBad("lock=", "option 'lock' needs a value");
        assertBad("=1", "empty option");
        assertBad("profile,,sample=2", "empty option");
        assertBad("what=1", "unknown option 'what'");
        assertBad("sample=x", "option 'sample'", "'x' is not a whole number");
        assertBad("sample=0", "option 'sample'", "outside");
        assertBad("frames=-1", "option 'frames'");
        assertBad("fair=yes", "option 'fair'");
        assertBad("jdk=maybe", "option 'jdk'");
        assertBad("report=file", "option 'report'");
        assertBad("include=a++b", "option 'include'", "empty prefix");
        assertBad("sample=2,sample=3", "option 'sample' given twice");
    }

    private static void assertBad(String text, String... parts) {
        assertThatThrownBy(() -> AgentOptions.parse(text)).as(text)
                .isInstanceOf(BadOptionException.class)
                .satisfies(e -> {
                    assertThat(e.getMessage()).doesNotContain("\n");
                    for (String part : parts) {
                        assertThat(e.getMessage()).contains(part);
                    }
                });
    }
}
