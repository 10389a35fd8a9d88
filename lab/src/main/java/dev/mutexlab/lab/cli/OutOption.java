package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.results.UsageException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --out FILE}: the JSON result file. A command's default may be {@code results/NAME-<time>.json},
 * whose {@code <time>} becomes the start time and whose {@code results/} folder is created; any other
 * file must be in a folder that exists; {@value #NONE} means no file. The file is checked to be writable before anything is measured.
 */
final class OutOption {
    static final String TIME = "<time>";
    /** The default of a command that writes no file unless asked to. */
    static final String NONE = "none";

    @Option(names = "--out", paramLabel = "FILE", description = "JSON result file, written atomically. Default: ${DEFAULT-VALUE}")
    String out;

    /** The writable result file, or null where the command has no default and none was given. */
    Path fileOrNull() {
        if (out == null || out.equals(NONE)) {
            return null;
        }
        Path file = out.contains(TIME) ? ResultIO.defaultOut(Path.of(out).getFileName().toString().replace("-" + TIME + ".json", ""))
                : Path.of(out);
        ResultIO.checkWritable(file);
        return file;
    }

    /** The writable result file; it must be given where the command has no default. */
    Path file() {
        Path file = fileOrNull();
        if (file == null) {
            throw new UsageException("--out is required");
        }
        return file;
    }
}
