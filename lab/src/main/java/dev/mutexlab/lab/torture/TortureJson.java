package dev.mutexlab.lab.torture;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Writes a {@link TortureReport} as JSON, atomically: into a temporary file next to the target,
 * then renamed over it, so an interrupted run never leaves a partial file.
 */
public final class TortureJson {
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private TortureJson() {
    }

    /**
     * Checks, before a long run, that {@code out} can be written: its folder exists and is
     * writable, and it is not a folder itself.
     *
     * @throws IllegalArgumentException with a one-line message otherwise
     */
    public static void checkWritable(Path out) {
        Path abs = out.toAbsolutePath();
        Path dir = abs.getParent();
        if (Files.isDirectory(abs)) {
            throw new IllegalArgumentException("cannot write --out " + out + ": it is a directory");
        }
        if (dir == null || !Files.isDirectory(dir)) {
            throw new IllegalArgumentException("cannot write --out " + out + ": no such directory " + dir);
        }
        if (!Files.isWritable(dir) || (Files.exists(abs) && !Files.isWritable(abs))) {
            throw new IllegalArgumentException("cannot write --out " + out + ": permission denied");
        }
    }

    /** Writes {@code report} to {@code out} via a temporary file and a rename. */
    public static void write(TortureReport report, Path out) throws IOException {
        Path abs = out.toAbsolutePath();
        Path tmp = Files.createTempFile(abs.getParent(), "." + abs.getFileName() + ".", ".tmp");
        try {
            MAPPER.writeValue(tmp.toFile(), report);
            try { // createTempFile makes it owner-only; a results file is for everyone to read
                Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
            } catch (UnsupportedOperationException e) {
                // not a POSIX file system: keep the default
            }
            try {
                Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (AccessDeniedException e) {
            throw new IllegalArgumentException("cannot write --out " + out + ": permission denied");
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Reads a report back (for tests and tools). */
    public static TortureReport read(Path in) throws IOException {
        return MAPPER.readValue(in.toFile(), TortureReport.class);
    }
}
