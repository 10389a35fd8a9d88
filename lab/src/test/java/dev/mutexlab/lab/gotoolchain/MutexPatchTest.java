package dev.mutexlab.lab.gotoolchain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class MutexPatchTest {
    private static String fixture() throws IOException {
        try (InputStream in = MutexPatchTest.class.getResourceAsStream("/gotoolchain/mutex-fixture.go.txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void constantBecomesAnExportedVariableAndItsUsesFollow() throws IOException {
        String patched = MutexPatch.patch(fixture(), "mutex.go");
        assertThat(patched).doesNotContainPattern("(?m)^\\s*starvationThresholdNs\\s*=\\s*1e6");
        assertThat(patched).contains("var StarvationThresholdNs int64 = 1e6");
        assertThat(patched).contains("return now-start > StarvationThresholdNs");
        assertThat(patched).doesNotContain("> starvationThresholdNs");
        assertThat(patched).contains("mutexWaiterShift = iota"); // the rest of the const block stays
    }

    @Test
    void fileWithoutTheConstantIsRefusedByName() {
        String other = "package sync\n\nconst starvationThresholdNs = 2e6\n";
        assertThatThrownBy(() -> MutexPatch.patch(other, "/go/src/sync/mutex.go"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("/go/src/sync/mutex.go")
                .hasMessageContaining("starvationThresholdNs = 1e6")
                .hasMessageContaining("found 0");
    }

    @Test
    void fileWithTheConstantTwiceIsRefused() throws IOException {
        String twice = fixture() + "\nconst (\n\tstarvationThresholdNs = 1e6\n)\n";
        assertThatThrownBy(() -> MutexPatch.patch(twice, "mutex.go")).hasMessageContaining("found 2");
    }

    @Test
    void setterReachesTheInternalPackageFromGo124On() {
        assertThat(MutexPatch.setter("src/sync/mutex.go")).contains("package sync").contains("\tStarvationThresholdNs = ns")
                .doesNotContain("import");
        assertThat(MutexPatch.setter("src/internal/sync/mutex.go")).contains("import isync \"internal/sync\"")
                .contains("isync.StarvationThresholdNs = ns");
    }
}
