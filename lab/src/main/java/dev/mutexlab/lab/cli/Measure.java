package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.runner.Measuring;
import dev.mutexlab.lab.runner.Progress;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.function.BiConsumer;
import picocli.CommandLine.Model.CommandSpec;

/**
 * How every measuring command ends: the measurement with a progress bar on standard error, Ctrl-C
 * printing what was measured so far ({@link OnInterrupt}), then the table on standard output and the
 * result file.
 */
final class Measure {
    private Measure() {
    }

    /**
     * Runs {@code measuring}, prints its result with {@code table}, writes it to {@code outFile}
     * and returns it.
     */
    static <R> R run(CommandSpec command, Measuring<R> measuring, BiConsumer<R, PrintWriter> table, Path outFile)
            throws Exception {
        return run(command, measuring, table, java.util.function.UnaryOperator.identity(), outFile);
    }

    /**
     * As {@link #run(CommandSpec, Measuring, BiConsumer, Path)}, with {@code finish} applied to the
     * complete result before it is printed and written (the verdicts are added there: they need every batch).
     */
    static <R> R run(CommandSpec command, Measuring<R> measuring, BiConsumer<R, PrintWriter> table,
                     java.util.function.UnaryOperator<R> finish, Path outFile) throws Exception {
        PrintWriter stdout = command.commandLine().getOut();
        PrintWriter err = command.commandLine().getErr();
        Progress progress = new Progress(err, measuring.measurementCount(), Progress.stderrIsTerminal());
        R result = OnInterrupt.guard(() -> {
            measuring.stopChild();
            err.println();
            err.println("mutexlab " + command.name() + ": interrupted; no result file written. Measured so far:");
            table.accept(measuring.snapshot(), stdout);
            stdout.flush();
        }, () -> finish.apply(measuring.run(progress)));
        progress.finish();
        table.accept(result, stdout);
        ResultIO.writeJson(outFile, result);
        return result;
    }
}
