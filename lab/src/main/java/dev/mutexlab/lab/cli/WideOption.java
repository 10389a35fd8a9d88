package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.compare.Columns;
import picocli.CommandLine.Option;

/**
 * {@code --wide}: the table with every column ({@link Columns#WIDE}) instead of the one that fits 100
 * columns. The one such option, shared by every command that prints a table of measurements; the
 * result file holds every figure either way.
 */
final class WideOption {
    @Option(names = "--wide", description = "Print every column of the table (spreads, other percentiles, CPU, Jain's index, "
            + "p-values, instruments), wider than 100 columns; the default keeps to a summary that fits: each lock's figure, "
            + "its ratio to the reference with interval and verdict, the tail of its waits. The result file holds every "
            + "figure either way.")
    boolean wide;

    Columns columns() {
        return wide ? Columns.WIDE : Columns.DEFAULT;
    }
}
