package dev.mutexlab.lab.golang;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The Go toolchain on {@code PATH}, if there is one: its {@code go version} and {@code GOROOT}.
 * Every command runs with {@code GOTOOLCHAIN=local} and {@code GOPROXY=off} (the lab builds one
 * file against the standard library and never downloads anything), and with a build cache of its
 * own when the environment names none.
 *
 * @param go      the {@code go} executable
 * @param version the output of {@code go version}
 * @param goroot  {@code go env GOROOT}
 */
public record GoToolchain(Path go, String version, Path goroot) {
    /** What the lab says when there is no Go toolchain. */
    public static final String MISSING = "no Go toolchain on PATH ('go version' failed): the Go columns are left out"
            + " (install Go, e.g. Debian's golang-go, to add them)";

    /** The toolchain on {@code PATH}, or empty when there is none or {@code go version} fails. */
    public static Optional<GoToolchain> find() {
        Optional<Path> go = onPath("go");
        if (go.isEmpty()) {
            return Optional.empty();
        }
        try {
            String version = exec(List.of(go.get().toString(), "version"), null, Duration.ofSeconds(30)).strip();
            String goroot = exec(List.of(go.get().toString(), "env", "GOROOT"), null, Duration.ofSeconds(30)).strip();
            return version.startsWith("go version") && !goroot.isEmpty()
                    ? Optional.of(new GoToolchain(go.get(), version, Path.of(goroot))) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Optional<Path> onPath(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(File.pathSeparator)) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, name);
            if (Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /**
     * Runs {@code command} in {@code dir} (null: the current folder) and returns its output
     * (standard output and error together); throws {@link IOException} with that output when it
     * fails or outlives {@code timeout}.
     */
    static String exec(List<String> command, Path dir, Duration timeout) throws IOException {
        return exec(command, dir, timeout, p -> {
        });
    }

    /** {@link #exec(List, Path, Duration)}, handing the started process to {@code started} (to stop it). */
    static String exec(List<String> command, Path dir, Duration timeout, Consumer<Process> started) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        if (dir != null) {
            pb.directory(dir.toFile());
        }
        Map<String, String> env = pb.environment();
        env.put("GOTOOLCHAIN", "local");
        env.put("GOPROXY", "off");
        env.put("GOFLAGS", "");
        if (env.get("GOCACHE") == null && env.get("HOME") == null && env.get("XDG_CACHE_HOME") == null) {
            env.put("GOCACHE", Path.of(System.getProperty("java.io.tmpdir"), "mutexlab-go-cache").toString());
        }
        Process p = pb.start();
        started.accept(p);
        byte[] out;
        try {
            out = p.getInputStream().readAllBytes();
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", command) + ": no answer within " + timeout.toSeconds() + " s");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException(String.join(" ", command) + ": interrupted", e);
        }
        String text = new String(out, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed (exit " + p.exitValue() + "): " + text.strip());
        }
        return text;
    }
}
