package dev.mutexlab.lab.runner;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * A JFR recording of the measuring child JVMs ({@code mutexlab run --jfr FILE.jfr}): each child
 * starts a recording with the library's settings file ({@code dev/mutexlab/locks/mutexlab.jfc}:
 * {@code dev.mutexlab.MutexContended}, {@code dev.mutexlab.MutexStatistics},
 * {@code jdk.JavaMonitorEnter}, {@code jdk.ThreadPark}, {@code jdk.VirtualThreadPinned}) and dumps
 * it into a temporary folder when it exits; {@link #finish} then joins the files into one and
 * removes the folder. A JFR file is a
 * sequence of self-contained chunks, so joining is concatenation, and {@code jfr print} and
 * {@code jfr summary} read the result as one recording.
 */
public final class JfrRecording {
    /** The settings file, a resource of the locks library. */
    public static final String SETTINGS_RESOURCE = "/dev/mutexlab/locks/mutexlab.jfc";

    private final Path dir;

    private JfrRecording(Path dir) {
        this.dir = dir;
    }

    /** A recording whose children write into a new temporary folder (with the settings file in it). */
    public static JfrRecording start() {
        try {
            Path dir = Files.createTempDirectory("mutexlab-jfr");
            try (InputStream in = JfrRecording.class.getResourceAsStream(SETTINGS_RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException("missing resource " + SETTINGS_RESOURCE);
                }
                Files.copy(in, dir.resolve("mutexlab.jfc"));
            }
            return new JfrRecording(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The JVM options that make a child record into this folder (one file per process id). */
    public List<String> childJvmOptions() {
        return List.of("-XX:StartFlightRecording:settings=" + dir.resolve("mutexlab.jfc")
                + ",filename=" + dir.resolve("child-%p.jfr") + ",dumponexit=true");
    }

    /** Joins every child's recording into {@code out} and removes the folder; returns how many there were. */
    public int finish(Path out) throws IOException {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "child-*.jfr")) {
            ds.forEach(files::add);
        }
        files.sort(null);
        Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
        try (OutputStream o = Files.newOutputStream(tmp)) {
            for (Path f : files) {
                Files.copy(f, o);
            }
        }
        Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path f : ds) {
                Files.delete(f);
            }
        }
        Files.delete(dir);
        return files.size();
    }
}
