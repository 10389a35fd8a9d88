package dev.mutexlab.lab.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A temporary folder for the files a parent and its child JVMs exchange (task in, result out),
 * removed with everything in it on {@link #close()}.
 */
public final class WorkDir implements AutoCloseable {
    private final Path path;

    private WorkDir(Path path) {
        this.path = path;
    }

    /** A new, empty folder whose name starts with {@code prefix}. */
    public static WorkDir create(String prefix) throws IOException {
        return new WorkDir(Files.createTempDirectory(prefix));
    }

    /** The folder itself. */
    public Path path() {
        return path;
    }

    /** A file in the folder. */
    public Path resolve(String name) {
        return path.resolve(name);
    }

    @Override
    public void close() throws IOException {
        try (var files = Files.list(path)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
        }
        Files.deleteIfExists(path);
    }
}
