package dev.mutexlab.lab.gotoolchain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.mutexlab.lab.results.Sample;
import java.util.List;
import org.junit.jupiter.api.Test;

class GoRunTest {
    /** As the Go program prints it: 4 goroutines, 1 000 acquisitions in 10 ms, 1 000 waits. */
    static final String OUTPUT = """
            {"goVersion":"go1.19.8","procs":2,"workers":4,"holdNanos":10000,"outsideNanos":10000,"thresholdNanos":0,\
            "gosched":false,"stepsPerNano":0.6,"wallNanos":10000000,"cpuNanos":20000000,"voluntarySwitches":21,\
            "involuntarySwitches":17,"perWorker":[400,100,250,250],"waits":[[40,980],[9728,10],[6684672,9],[22820841,1]]}
            """;

    @Test
    void outputBecomesASampleLikeTheJavaWorkloads() {
        GoRun run = GoRun.parse(OUTPUT);
        assertThat(run.acquisitions()).isEqualTo(1000);
        Sample s = run.toSample(1, 2, null);
        assertThat(s.run()).isEqualTo(1);
        assertThat(s.order()).isEqualTo(2);
        assertThat(s.throughputPerSec()).isCloseTo(100_000, within(1e-6));
        assertThat(s.perWorker()).containsExactly(400L, 100L, 250L, 250L);
        assertThat(s.maxMinRatio()).isEqualTo(4.0);
        assertThat(s.cpuPerWall()).isCloseTo(2.0, within(1e-9));
        assertThat(s.waits().count()).isEqualTo(1000);
        assertThat(s.waits().p50Nanos()).isEqualTo(40);
        assertThat(s.waits().p99Nanos()).isBetween(9700L, 9800L);
        assertThat(s.waits().maxNanos()).isBetween(22_800_000L, 22_850_000L); // HdrHistogram keeps 3 digits
        assertThat(s.lockEvents()).isEmpty();
    }

    @Test
    void waitsOfEveryBatchAddUp() {
        org.HdrHistogram.Histogram merged = new org.HdrHistogram.Histogram(60_000_000_000L, 3);
        GoRun.parse(OUTPUT).toSample(0, 0, merged);
        GoRun.parse(OUTPUT).toSample(1, 1, merged);
        assertThat(merged.getTotalCount()).isEqualTo(2000);
    }

    @Test
    void outputWithoutJsonIsAClearError() {
        assertThatThrownBy(() -> GoRun.parse("panic: runtime error\ngoroutine 1 [running]:"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no result JSON")
                .hasMessageContaining("panic: runtime error");
    }

    @Test
    void outputMissingFieldsIsAClearError() {
        assertThatThrownBy(() -> GoRun.parse("{\"workers\":4,\"wallNanos\":1}")).hasMessageContaining("lacks fields");
        assertThatThrownBy(() -> GoRun.parse(OUTPUT.replace("[40,980]", "[40]"))).hasMessageContaining("pairs");
    }

    @Test
    void specsNameTheVariants() {
        assertThat(GoVariant.parse("go-native")).isEqualTo(new GoVariant("go-native", 1_000_000L, false));
        assertThat(GoVariant.parse("go-native:threshold=0").thresholdNanos()).isZero();
        assertThat(GoVariant.parse("go-native:threshold=never").thresholdNanos()).isEqualTo(Long.MAX_VALUE);
        assertThat(GoVariant.parse("go-native:threshold=250us").thresholdNanos()).isEqualTo(250_000L);
        assertThat(GoVariant.parse("go-native+gosched")).isEqualTo(new GoVariant("go-native+gosched", 1_000_000L, true));
        assertThatThrownBy(() -> GoVariant.parse("go")).hasMessageContaining("bad Go spec");
        assertThat(List.of("go-native", "go").stream().filter(GoVariant::isGo)).containsExactly("go-native");
    }
}
