package dev.mutexlab.lab.gotoolchain;

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
 * The Go toolchain the lab uses, if there is one: the {@code go} that {@value #OVERRIDE} names, else
 * the first {@code go} on {@code PATH}; its {@code go version} and {@code GOROOT}. Every command
 * runs with {@code GOTOOLCHAIN=local} and {@code GOPROXY=off} (the lab builds one file against the
 * standard library and never downloads anything), with {@code GOFLAGS} empty and {@code GOENV=off}
 * (settings made with {@code go env -w}, such as {@code GOFLAGS=-mod=vendor}, do not reach the
 * build), and with a build cache of its own when the environment names none.
 *
 * @param go      the {@code go} executable
 * @param version the output of {@code go version}
 * @param goroot  {@code go env GOROOT}
 */
public record GoToolchain(Path go, String version, Path goroot) {
    /** The environment variable that names the {@code go} executable to use instead of {@code PATH}'s. */
    public static final String OVERRIDE = "MUTEXLAB_GO";
    /** What the lab says when there is no Go toolchain and the environment names none. */
    public static final String MISSING = "no Go toolchain (" + OVERRIDE + ", else 'go' on PATH; 'go version' failed):"
            + " the Go columns are left out (install Go, e.g. Debian's golang-go, to add them)";

    /** What the lab says when {@link #find()} finds nothing: which {@code go} failed, if the environment named one. */
    public static String missing() {
        return missing(System.getenv());
    }

    /** {@link #missing()} for {@code env}. */
    public static String missing(Map<String, String> env) {
        String override = env.getOrDefault(OVERRIDE, "");
        if (override.isEmpty()) {
            return MISSING;
        }
        String why = Files.isExecutable(Path.of(override)) ? "'" + override + " version' failed" : "no executable file there";
        return "no Go toolchain: " + OVERRIDE + "=" + override + " (" + why + "; PATH's go is not used in its place):"
                + " the Go columns are left out";
    }

    /** The toolchain this process's environment names ({@link #find(Map)}). */
    public static Optional<GoToolchain> find() {
        return find(System.getenv());
    }

    /**
     * The {@code go} that {@code env}'s {@value #OVERRIDE} names, else the first on its {@code PATH};
     * empty when there is none or {@code go version} fails (a {@value #OVERRIDE} that does not work
     * is not replaced by {@code PATH}'s).
     */
    public static Optional<GoToolchain> find(Map<String, String> env) {
        String override = env.getOrDefault(OVERRIDE, "");
        Optional<Path> go = override.isEmpty() ? onPath("go", env.getOrDefault("PATH", "/usr/bin:/bin"))
                : Optional.of(Path.of(override)).filter(Files::isExecutable);
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

    private static Optional<Path> onPath(String name, String path) {
        for (String dir : path.split(File.pathSeparator)) {
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
        env.put("GOENV", "off");
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
