package dev.mutexlab.lab.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Reads and writes result files. Writes are atomic — to a temporary file in the same folder, then
 * renamed — so an interrupted run never leaves a partial file behind.
 */
public final class ResultIO {
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private ResultIO() {
    }

    public static ObjectMapper json() {
        return JSON;
    }

    /**
     * Checks up front that {@code file} can be written: its folder exists and takes new files, and it
     * is not a folder itself. Throws {@link UsageException} with one line if not.
     */
    public static void checkWritable(Path file) {
        Path dir = file.toAbsolutePath().getParent();
        if (Files.isDirectory(file)) {
            throw new UsageException("cannot write output file " + file + " (it is a folder)");
        }
        if (dir == null || !Files.isDirectory(dir)) {
            throw new UsageException("cannot write output file " + file + " (no such folder: " + dir + ")");
        }
        try {
            Path probe = Files.createTempFile(dir, ".mutexlab-probe", ".tmp");
            Files.delete(probe);
        } catch (IOException | SecurityException e) {
            throw new UsageException("cannot write output file " + file + " (" + reason(e) + ")");
        }
    }

    /**
     * The default output file of a command, {@code results/<prefix>-<yyyyMMdd-HHmmss>.json}, creating
     * the {@code results} folder if needed.
     */
    public static Path defaultOut(String prefix) {
        Path dir = Path.of("results");
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UsageException("cannot create the folder " + dir.toAbsolutePath() + " (" + reason(e) + "); use --out");
        }
        return dir.resolve(prefix + "-" + java.time.LocalDateTime.now()
                .format(java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + ".json");
    }

    private static String reason(Exception e) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "cannot create files there";
        }
        if (e instanceof java.nio.file.AccessDeniedException || e instanceof SecurityException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return "the folder does not take new files";
    }

    /** Writes {@code value} as JSON to {@code file} atomically. */
    public static void writeJson(Path file, Object value) {
        try {
            writeAtomically(file, JSON.writeValueAsString(value) + "\n");
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes {@code text} to {@code file} atomically. */
    public static void writeAtomically(Path file, String text) {
        Path dir = file.toAbsolutePath().getParent();
        try {
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, "." + file.getFileName(), ".tmp");
            try {
                Files.writeString(tmp, text);
                try { // createTempFile makes it owner-only; a result file is for everyone to read
                    Files.setPosixFilePermissions(tmp, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
                } catch (UnsupportedOperationException e) {
                    // not a POSIX file system: keep the default
                }
                try {
                    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /**
     * A result file's bytes; a name ending in {@code .gz} is gunzipped, so that a result kept
     * compressed (as {@code docs/results} keeps its larger ones) reads as the file it was written as.
     */
    public static byte[] readBytes(Path file) throws IOException {
        if (!file.getFileName().toString().endsWith(".gz")) {
            return Files.readAllBytes(file);
        }
        try (java.io.InputStream in = new java.util.zip.GZIPInputStream(Files.newInputStream(file))) {
            return in.readAllBytes();
        }
    }

    /** Reads a JSON file (gzipped if its name ends in {@code .gz}) as {@code type}; throws {@link UsageException} naming the file on any problem. */
    public static <T> T read(Path file, Class<T> type) {
        try {
            return JSON.readValue(readBytes(file), type);
        } catch (IOException e) {
            throw new UsageException(file + ": not a readable result file (" + (e instanceof java.nio.file.NoSuchFileException
                    || e instanceof java.io.FileNotFoundException ? "no such file" : "corrupt or truncated JSON") + ")");
        }
    }
}
