package dev.mutexlab.lab.compare;

import dev.mutexlab.lab.runner.Progress;
import java.io.PrintWriter;

/**
 * Which columns a measuring command's table shows. {@link #DEFAULT} fits a terminal of {@link #WIDTH}
 * columns: each lock's throughput, its ratio to the reference with interval and verdict, the p99
 * and the check; {@link #WIDE} adds the rest (spreads, other percentiles, CPU, fairness,
 * instruments). The result file holds every figure either way.
 */
public enum Columns {
    DEFAULT,
    WIDE;

    /** The width the default table and the prose around it keep to. */
    public static final int WIDTH = Progress.WIDTH;

    /**
     * Prints {@code text} word-wrapped to {@link #WIDTH} columns; the lines after the first start with
     * {@code indent} (prose under a table: a legend, an instrument's line). A word wider than a line stays whole.
     */
    public static void printWrapped(String text, String indent, PrintWriter out) {
        Progress.wrap(text, indent, WIDTH).forEach(out::println);
    }
}
