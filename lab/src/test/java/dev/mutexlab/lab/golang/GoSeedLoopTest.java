package dev.mutexlab.lab.golang;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.mutexlab.lab.console.Progress;
import dev.mutexlab.lab.results.LockResult;
import dev.mutexlab.lab.results.RunResult;
import dev.mutexlab.lab.results.ShapeResult;
import dev.mutexlab.lab.spec.Outside;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Builds the Go program against the toolchain's own sync.Mutex and runs it briefly (needs Go; on CI it must be there). */
class GoSeedLoopTest {
    /** Go on PATH, or the test is skipped — except on CI (CI=true), where a missing Go fails it. */
    static GoToolchain goOrSkip() {
        Optional<GoToolchain> go = GoToolchain.find();
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            assertThat(go).as("CI=true but " + GoToolchain.MISSING + "; .ci/run installs golang-go").isPresent();
        }
        assumeTrue(go.isPresent(), GoToolchain.MISSING);
        return go.get();
    }

    @Test
    @Timeout(600) // the first build compiles the standard library against the patched sync package
    void goColumnsComeOutAsAnOrdinaryRunResult(@TempDir Path dir) throws Exception {
        GoToolchain go = goOrSkip();
        Path binary = GoProgram.build(go, dir);
        GoSeedLoop.Config config = new GoSeedLoop.Config(List.of(GoVariant.parse("go-native"),
                GoVariant.parse("go-native:threshold=0"), GoVariant.parse("go-native+gosched")), List.of(1), List.of(2),
                List.of(1_000L), Outside.parse("1x"), 30_000_000L, 5_000_000L, 2);
        GoSeedLoop loop = new GoSeedLoop(go, binary, config, "test");
        RunResult result = loop.run(new Progress(new PrintWriter(Writer.nullWriter()), loop.measurementCount(), false));

        assertThat(result.schema()).isEqualTo(RunResult.SCHEMA);
        assertThat(result.groups()).hasSize(1);
        assertThat(result.groups().get(0).threads()).isEqualTo(GoSeedLoop.THREADS);
        assertThat(result.groups().get(0).busyStepsPerNano()).isPositive();
        ShapeResult shape = result.groups().get(0).shapes().get(0);
        assertThat(shape.locks()).extracting(LockResult::spec)
                .containsExactly("go-native", "go-native:threshold=0", "go-native+gosched");
        for (LockResult lock : shape.locks()) {
            assertThat(lock.runs()).hasSize(2);
            assertThat(lock.throughput().median()).isPositive();
            assertThat(lock.waits().count()).isPositive();
            assertThat(lock.runs().get(0).perWorker()).hasSize(2);
        }
        assertThat(shape.locks().get(0).ratio().median()).isEqualTo(1.0);
    }
}
