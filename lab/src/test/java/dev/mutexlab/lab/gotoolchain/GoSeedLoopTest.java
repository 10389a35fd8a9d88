package dev.mutexlab.lab.gotoolchain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.mutexlab.lab.config.Outside;
import dev.mutexlab.lab.results.LockResult;
import dev.mutexlab.lab.results.RunResult;
import dev.mutexlab.lab.results.ShapeResult;
import dev.mutexlab.lab.runner.Progress;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Builds the Go program against the toolchain's own sync.Mutex and runs it briefly: against the Go
 * the lab finds (MUTEXLAB_GO, else PATH; needs Go; on CI it must be there) and, when
 * MUTEXLAB_TEST_GO names one, against that second toolchain too (e.g. a Go 1.24 unpacked beside
 * the system's: {@code MUTEXLAB_TEST_GO=/tmp/go124/usr/lib/go-1.24/bin/go ./test}).
 */
class GoSeedLoopTest {
    /** The environment variable naming an extra {@code go} to run this test against. */
    static final String EXTRA = "MUTEXLAB_TEST_GO";

    /** Go as the lab finds it, or the test is skipped — except on CI (CI=true), where a missing Go fails it. */
    static GoToolchain goOrSkip() {
        Optional<GoToolchain> go = GoToolchain.find();
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            assertThat(go).as("CI=true but " + GoToolchain.MISSING + "; .ci/run installs golang-go").isPresent();
        }
        assumeTrue(go.isPresent(), GoToolchain.MISSING);
        return go.get();
    }

    /** The toolchain {@value #EXTRA} names, or the test is skipped when it names none; one that does not work fails it. */
    static GoToolchain extraOrSkip() {
        String extra = System.getenv().getOrDefault(EXTRA, "");
        assumeTrue(!extra.isEmpty(), EXTRA + " names no extra Go toolchain");
        Optional<GoToolchain> go = GoToolchain.find(Map.of(GoToolchain.OVERRIDE, extra));
        assertThat(go).as(EXTRA + "=" + extra + ": 'go version' failed").isPresent();
        return go.get();
    }

    @Test
    @Timeout(600) // the first build compiles the standard library against the patched sync package
    void goColumnsComeOutAsAnOrdinaryRunResult(@TempDir Path dir) throws Exception {
        runsBriefly(goOrSkip(), dir);
    }

    @Test
    @Timeout(600)
    void goColumnsComeOutOfTheExtraToolchainToo(@TempDir Path dir) throws Exception {
        runsBriefly(extraOrSkip(), dir);
    }

    private static void runsBriefly(GoToolchain go, Path dir) throws Exception {
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
