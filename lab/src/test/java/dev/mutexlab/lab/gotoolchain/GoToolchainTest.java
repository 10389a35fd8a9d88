package dev.mutexlab.lab.gotoolchain;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Which {@code go} the lab finds, and the environment every Go command gets; fake toolchains, no Go needed. */
class GoToolchainTest {
    /** A {@code go} that answers {@code go version} and {@code go env GOROOT} as the toolchain {@code version}. */
    static Path fakeGo(Path dir, String version) throws Exception {
        Files.createDirectories(dir);
        Path go = dir.resolve("go");
        Files.writeString(go, "#!/bin/sh\nif [ \"$1\" = version ]; then echo 'go version " + version
                + " linux/amd64'; else echo '" + dir.resolve("goroot") + "'; fi\n");
        Files.setPosixFilePermissions(go, PosixFilePermissions.fromString("rwxr-xr-x"));
        return go;
    }

    @Test
    @Timeout(30)
    void goOnPathIsFoundWithItsVersionAndGoroot(@TempDir Path dir) throws Exception {
        Path go = fakeGo(dir.resolve("bin"), "go1.19.8");
        GoToolchain found = GoToolchain.find(Map.of("PATH", dir.resolve("empty") + ":" + dir.resolve("bin"))).orElseThrow();
        assertThat(found.go()).isEqualTo(go);
        assertThat(found.version()).isEqualTo("go version go1.19.8 linux/amd64");
        assertThat(found.goroot()).isEqualTo(dir.resolve("bin/goroot"));
    }

    @Test
    @Timeout(30)
    void mutexlabGoNamesAnotherToolchainThanPaths(@TempDir Path dir) throws Exception {
        fakeGo(dir.resolve("bin"), "go1.19.8");
        Path other = fakeGo(dir.resolve("go124"), "go1.24.4");
        GoToolchain found = GoToolchain.find(Map.of("PATH", dir.resolve("bin").toString(),
                GoToolchain.OVERRIDE, other.toString())).orElseThrow();
        assertThat(found.go()).isEqualTo(other);
        assertThat(found.version()).contains("go1.24.4");
    }

    @Test
    @Timeout(30)
    void mutexlabGoThatIsNotThereIsNotReplacedByPaths(@TempDir Path dir) throws Exception {
        fakeGo(dir.resolve("bin"), "go1.19.8");
        assertThat(GoToolchain.find(Map.of("PATH", dir.resolve("bin").toString(),
                GoToolchain.OVERRIDE, dir.resolve("missing/go").toString()))).isEmpty();
        assertThat(GoToolchain.find(Map.of("PATH", dir.resolve("empty").toString()))).isEmpty();
        assertThat(GoToolchain.missing(Map.of(GoToolchain.OVERRIDE, dir.resolve("missing/go").toString())))
                .contains("MUTEXLAB_GO=" + dir.resolve("missing/go")).contains("no executable file there");
        assertThat(GoToolchain.missing(Map.of(GoToolchain.OVERRIDE, "/bin/false"))).contains("'/bin/false version' failed");
        assertThat(GoToolchain.missing(Map.of())).isEqualTo(GoToolchain.MISSING);
    }

    @Test
    @Timeout(30)
    void goCommandsIgnoreTheUsersGoEnvSettingsAndNeverDownload() throws Exception {
        String env = GoToolchain.exec(List.of("env"), null, Duration.ofSeconds(20));
        assertThat(env.lines()).contains("GOENV=off", "GOFLAGS=", "GOTOOLCHAIN=local", "GOPROXY=off");
    }
}
