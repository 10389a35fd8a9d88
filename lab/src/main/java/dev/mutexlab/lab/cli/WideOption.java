package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.compare.Columns;
import picocli.CommandLine.Option;

/**
 * {@code --wide}: the table with every column ({@link Columns#WIDE}) instead of the one that fits 100
 * columns. Shared by {@code run}, {@code apps} and {@code real}; the result file holds every figure either way.
 */
final class WideOption {
    @Option(names = "--wide", description = "Print every column of the table (spreads, other percentiles, CPU, Jain's index, "
            + "instruments), wider than 100 columns; the default keeps to ops/s or k/s, the ratio with its interval and "
            + "verdict, the p99 and the check. The result file holds every figure either way.")
    boolean wide;

    Columns columns() {
        return wide ? Columns.WIDE : Columns.DEFAULT;
    }
}
