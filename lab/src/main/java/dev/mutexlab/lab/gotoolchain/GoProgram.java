package dev.mutexlab.lab.gotoolchain;

import dev.mutexlab.lab.results.ResultIO;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The loop of Go's starvation-mode experiment as a Go program, built in a work folder against Go's own {@code sync.Mutex} with its
 * starvation threshold made a variable: the folder gets {@code main.go} (the lab's resource
 * {@code seedloop.go}), the patched copy of the toolchain's mutex file ({@link MutexPatch}), the added
 * setter file and {@code overlay.json}, then {@code go build -overlay overlay.json} swaps them in for
 * this build only; the toolchain's tree is never written.
 *
 * <pre>{@code
 * Path binary = GoProgram.build(GoToolchain.find().orElseThrow(), workDir);
 * }</pre>
 */
public final class GoProgram {
    private static final String SOURCE = "/dev/mutexlab/lab/gotoolchain/seedloop.go";
    /** A build of the standard library with a changed sync package takes a while the first time. */
    private static final Duration BUILD_TIMEOUT = Duration.ofMinutes(10);

    private GoProgram() {
    }

    /** Builds the program in {@code dir} (its files side by side, no subfolders) and returns the binary. */
    public static Path build(GoToolchain go, Path dir) throws IOException {
        Files.createDirectories(dir);
        String candidate = mutexFile(go.goroot());
        Path original = go.goroot().resolve(candidate);
        Path patched = dir.resolve("patched_mutex.go");
        Path setter = dir.resolve("patched_mutexlab_threshold.go");
        Files.writeString(patched, MutexPatch.patch(Files.readString(original), original.toString()));
        Files.writeString(setter, MutexPatch.setter(candidate));
        Map<String, String> replace = new LinkedHashMap<>();
        replace.put(original.toString(), patched.toAbsolutePath().toString());
        replace.put(go.goroot().resolve(MutexPatch.SETTER_FILE).toString(), setter.toAbsolutePath().toString());
        ResultIO.writeJson(dir.resolve("overlay.json"), Map.of("Replace", replace));
        try (InputStream in = GoProgram.class.getResourceAsStream(SOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + SOURCE);
            }
            Files.write(dir.resolve("main.go"), in.readAllBytes());
        }
        Path binary = dir.resolve("seedloop");
        GoToolchain.exec(List.of(go.go().toString(), "build", "-overlay", "overlay.json", "-o", binary.getFileName().toString(),
                "main.go"), dir, BUILD_TIMEOUT);
        return binary;
    }

    /** The toolchain's mutex file, relative to GOROOT: the first of {@link MutexPatch#CANDIDATES} that exists. */
    static String mutexFile(Path goroot) {
        for (String candidate : MutexPatch.CANDIDATES) {
            if (Files.isRegularFile(goroot.resolve(candidate))) {
                return candidate;
            }
        }
        throw new UncheckedIOException(new IOException("no sync/mutex.go under GOROOT " + goroot));
    }
}
