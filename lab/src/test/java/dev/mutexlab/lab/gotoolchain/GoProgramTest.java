package dev.mutexlab.lab.gotoolchain;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.mutexlab.lab.results.ResultIO;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@link GoProgram#build} writes for each layout of the toolchain's mutex, against a made-up
 * GOROOT and a {@code go} that builds nothing ({@code /bin/true}): the layouts of Go 1.24 and after
 * are checked without that Go installed.
 */
class GoProgramTest {
    /** Since Go 1.24: the mutex lives in internal/sync, and sync.Mutex only wraps it. */
    private static final String WRAPPER = """
            // A stand-in for Go 1.24's sync/mutex.go: the type wraps the internal mutex (not Go's source).
            package sync

            import isync "internal/sync"

            type Mutex struct {
            \tm isync.Mutex
            }
            """;

    private static String fixture() throws Exception {
        try (InputStream in = GoProgramTest.class.getResourceAsStream("/gotoolchain/mutex-fixture.go.txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static Path goroot(Path dir, Map<String, String> files) throws Exception {
        Path goroot = dir.resolve("goroot");
        for (Map.Entry<String, String> f : files.entrySet()) {
            Files.createDirectories(goroot.resolve(f.getKey()).getParent());
            Files.writeString(goroot.resolve(f.getKey()), f.getValue());
        }
        return goroot;
    }

    private static Map<String, String> overlay(Path work) {
        JsonNode replace = ResultIO.read(work.resolve("overlay.json"), JsonNode.class).get("Replace");
        Map<String, String> map = new LinkedHashMap<>();
        replace.properties().forEach(e -> map.put(e.getKey(), e.getValue().asText()));
        return map;
    }

    @Test
    @Timeout(30)
    void fromGo124TheInternalMutexIsPatchedAndTheSetterImportsIt(@TempDir Path dir) throws Exception {
        Path goroot = goroot(dir, Map.of("src/internal/sync/mutex.go", fixture(), "src/sync/mutex.go", WRAPPER));
        Path work = dir.resolve("work");
        GoProgram.build(new GoToolchain(Path.of("/bin/true"), "go version go1.24.4 linux/amd64", goroot), work);

        Map<String, String> overlay = overlay(work);
        assertThat(overlay).containsOnlyKeys(goroot.resolve("src/internal/sync/mutex.go").toString(),
                goroot.resolve("src/sync/mutexlab_threshold.go").toString());
        String patched = Files.readString(Path.of(overlay.get(goroot.resolve("src/internal/sync/mutex.go").toString())));
        assertThat(patched).contains("var StarvationThresholdNs int64 = 1e6").contains("> StarvationThresholdNs");
        String setter = Files.readString(Path.of(overlay.get(goroot.resolve("src/sync/mutexlab_threshold.go").toString())));
        assertThat(setter).startsWith("package sync").contains("import isync \"internal/sync\"")
                .contains("func MutexlabSetStarvationThresholdNs(ns int64)").contains("isync.StarvationThresholdNs = ns");
        assertThat(Files.readString(goroot.resolve("src/sync/mutex.go"))).isEqualTo(WRAPPER); // the tree is never written
        assertThat(work.resolve("main.go")).content().contains("sync.MutexlabSetStarvationThresholdNs");
    }

    @Test
    @Timeout(30)
    void beforeGo124SyncsOwnMutexIsPatchedAndTheSetterSitsBesideIt(@TempDir Path dir) throws Exception {
        Path goroot = goroot(dir, Map.of("src/sync/mutex.go", fixture()));
        Path work = dir.resolve("work");
        GoProgram.build(new GoToolchain(Path.of("/bin/true"), "go version go1.19.8 linux/amd64", goroot), work);

        Map<String, String> overlay = overlay(work);
        assertThat(overlay).containsOnlyKeys(goroot.resolve("src/sync/mutex.go").toString(),
                goroot.resolve("src/sync/mutexlab_threshold.go").toString());
        String setter = Files.readString(Path.of(overlay.get(goroot.resolve("src/sync/mutexlab_threshold.go").toString())));
        assertThat(setter).doesNotContain("import").contains("\tStarvationThresholdNs = ns");
        assertThat(GoProgram.mutexFile(goroot)).isEqualTo("src/sync/mutex.go");
    }
}
