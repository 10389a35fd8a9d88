package dev.mutexlab.lab.sweep;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.mutexlab.lab.results.GroupResult;
import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.results.RunResult;
import dev.mutexlab.lab.results.ShapeResult;
import dev.mutexlab.lab.results.UsageException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The journal of a sweep in progress, kept next to its result file ({@code OUT.journal}): one JSON
 * line naming the configuration, then one line per finished shape. Each line is appended with one
 * write and forced to disk before the next shape is reported done, so an interruption loses at most
 * the shape being measured. A torn last line (the process died inside the write) has no newline;
 * it is cut off when the journal is reopened.
 */
public final class SweepJournal {
    /** The format of the first line. */
    public static final String FORMAT = "mutexlab.sweep-journal/1";

    /** The first line: what is being swept. */
    public record Header(String journal, RunResult.Config config) {
    }

    /** One finished shape, with its group as known when it finished, and the session that measured it. */
    public record Entry(int session, GroupResult group, ShapeResult shape) {
    }

    private static final ObjectWriter LINE = ResultIO.json().writer().without(SerializationFeature.INDENT_OUTPUT);

    private final Path file;
    private final List<Entry> entries;

    private SweepJournal(Path file, List<Entry> entries) {
        this.file = file;
        this.entries = entries;
    }

    /** The journal file of a result file. */
    public static Path fileFor(Path resultFile) {
        return resultFile.resolveSibling(resultFile.getFileName() + ".journal");
    }

    /**
     * Opens the journal of {@code resultFile}: reads the shapes of an interrupted sweep of the same
     * configuration, or starts a new journal. A journal of another configuration, or one that cannot
     * be read, is the user's to resolve: {@link UsageException} with one line.
     */
    public static SweepJournal open(Path resultFile, RunResult.Config config) {
        Path file = fileFor(resultFile);
        try {
            if (!Files.exists(file)) {
                Files.writeString(file, LINE.writeValueAsString(new Header(FORMAT, config)) + "\n",
                        StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, StandardOpenOption.SYNC);
                return new SweepJournal(file, new ArrayList<>());
            }
            byte[] bytes = Files.readAllBytes(file);
            int end = lastNewline(bytes);
            if (end < bytes.length) { // a torn last line: cut it off before appending
                try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                    ch.truncate(end);
                    ch.force(true);
                }
            }
            List<String> lines = new String(bytes, 0, end, StandardCharsets.UTF_8).lines().toList();
            if (lines.isEmpty()) {
                throw new UsageException(file + ": empty sweep journal; delete it to start afresh");
            }
            Header header = parse(file, lines.get(0), Header.class);
            if (!FORMAT.equals(header.journal())) {
                throw new UsageException(file + ": not a sweep journal (format '" + header.journal() + "')");
            }
            if (!config.equals(header.config())) {
                throw new UsageException(file + " holds an interrupted sweep with other options; rerun it with the "
                        + "same options to resume, or delete the journal");
            }
            List<Entry> entries = new ArrayList<>();
            for (String line : lines.subList(1, lines.size())) {
                entries.add(parse(file, line, Entry.class));
            }
            return new SweepJournal(file, entries);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot use sweep journal " + file, e);
        }
    }

    private static int lastNewline(byte[] bytes) {
        for (int i = bytes.length - 1; i >= 0; i--) {
            if (bytes[i] == '\n') {
                return i + 1;
            }
        }
        return 0;
    }

    private static <T> T parse(Path file, String line, Class<T> type) {
        try {
            T value = ResultIO.json().readValue(line, type);
            if (value == null) {
                throw new UsageException(file + ": corrupt sweep journal (an empty line); delete it to start afresh");
            }
            return value;
        } catch (JsonProcessingException e) {
            throw new UsageException(file + ": corrupt sweep journal (bad JSON line); delete it to start afresh");
        }
    }

    /** Appends one finished shape: one write, forced to disk. */
    public synchronized void append(Entry entry) throws IOException {
        byte[] line = (LINE.writeValueAsString(entry) + "\n").getBytes(StandardCharsets.UTF_8);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            ByteBuffer buf = ByteBuffer.wrap(line);
            while (buf.hasRemaining()) {
                ch.write(buf);
            }
            ch.force(false);
        }
        entries.add(entry);
    }

    /** Every shape recorded so far, in the order finished. */
    public synchronized List<Entry> entries() {
        return List.copyOf(entries);
    }

    /** The next session's number: one more than any recorded. */
    public synchronized int nextSession() {
        return entries.stream().mapToInt(Entry::session).max().orElse(0) + 1;
    }

    /** Deletes the journal (after the result file is written). */
    public void delete() throws IOException {
        Files.deleteIfExists(file);
    }

    public Path file() {
        return file;
    }
}
