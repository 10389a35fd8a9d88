package dev.mutexlab.lab.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mutexlab.lab.config.LabLock;
import dev.mutexlab.lab.config.Outside;
import dev.mutexlab.lab.config.Procs;
import dev.mutexlab.lab.config.RunConfig;
import dev.mutexlab.lab.config.Shape;
import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.results.UsageException;
import java.util.List;
import org.junit.jupiter.api.Test;

class SweepGridTest {
    @Test
    void procsAboveTheMachinesCpusAreLeftOutAndSaidSo() {
        Procs.Clip clip = Procs.clip(List.of(2, 4, 8), 2);
        assertThat(clip.kept()).containsExactly(2);
        assertThat(clip.dropped()).containsExactly(4, 8);
        assertThat(clip.note()).isEqualTo("procs 4, 8 left out: this machine has 2 CPUs");
    }

    @Test
    void nothingClippedOnABigMachine() {
        Procs.Clip clip = Procs.clip(List.of(2, 4, 8), 16);
        assertThat(clip.kept()).containsExactly(2, 4, 8);
        assertThat(clip.note()).isEmpty();
    }

    @Test
    void noProcsLeftIsBadInput() {
        assertThatThrownBy(() -> Procs.clip(List.of(4, 8), 2)).isInstanceOf(UsageException.class)
                .hasMessageContaining("none fits this machine's 2 CPUs");
    }

    @Test
    void theDefaultGridIsTheFullCrossProduct() {
        RunConfig config = grid(List.of(2, 4, 8));
        assertThat(config.shapeCount()).isEqualTo(3 * 3 * 6 * 3);
        assertThat(config.shapes(ThreadKind.PLATFORM, 8)).hasSize(54)
                .allSatisfy(s -> assertThat(s.procs()).isEqualTo(8));
    }

    @Test
    void shapesCoverWorkersHoldsAndOutsideWorkInOrder() {
        RunConfig config = grid(List.of(2));
        List<Shape> shapes = config.shapes(ThreadKind.PLATFORM, 2);
        assertThat(shapes).hasSize(6 * 3 * 3).doesNotHaveDuplicates();
        assertThat(shapes.get(0)).isEqualTo(new Shape(ThreadKind.PLATFORM, 2, 2, 100, 0));
        assertThat(shapes.get(1)).isEqualTo(new Shape(ThreadKind.PLATFORM, 2, 2, 100, 100));
        assertThat(shapes.get(2)).isEqualTo(new Shape(ThreadKind.PLATFORM, 2, 2, 100, 1000));
        assertThat(shapes.get(8)).isEqualTo(new Shape(ThreadKind.PLATFORM, 2, 2, 10_000, 100_000));
        assertThat(shapes.getLast()).isEqualTo(new Shape(ThreadKind.PLATFORM, 2, 64, 10_000, 100_000));
        assertThat(config.measurementCount()).isEqualTo(54L * 2 * 6);
    }

    @Test
    void outsideWorkRoundTripsThroughTheFileForm() {
        RunConfig config = grid(List.of(2));
        assertThat(config.toFileForm().outside()).isEqualTo("0,1x,10x");
        assertThat(RunConfig.fromFileForm(config.toFileForm())).isEqualTo(config);
    }

    private static RunConfig grid(List<Integer> procs) {
        return new RunConfig(List.of(LabLock.parse("go"), LabLock.parse("go:threshold=0")),
                List.of(ThreadKind.PLATFORM), procs, List.of(2, 4, 8, 16, 32, 64), List.of(100L, 1000L, 10_000L),
                List.of(Outside.parse("0"), Outside.parse("1x"), Outside.parse("10x")), 1_000_000, 0, 6, true);
    }
}
