package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.compare.Columns;
import dev.mutexlab.lab.runner.Confinement;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/**
 * A measuring command that says before it measures how long it will take, by the same estimate the
 * tests hold its plans to ({@code QuickPlanTest}: every {@code --quick} within a minute on 2 CPUs).
 */
interface Planned {
    /** The longest a look with {@code --quick} may plan on 2 CPUs, by its command's own estimate. */
    long QUICK_NANOS = 60_000_000_000L;

    /**
     * The longest this command's options take on {@code cpus} CPUs by its own estimate: the planned
     * measurements and, on top, every batch it may add ({@code --budget}).
     */
    long plannedNanos(int cpus);

    /**
     * The plan's line on standard error, wrapped at 100 columns: {@code what} is measured, about
     * {@code plannedNanos} for the planned part and at most {@code budgetNanos} more for added batches.
     */
    static void print(String command, String what, long plannedNanos, long budgetNanos, boolean quick, PrintWriter err) {
        String added = budgetNanos > 0 ? String.format("; at most %s with up to %s of batches added for cells that cannot"
                + " tell (--budget)", time(plannedNanos + budgetNanos), time(budgetNanos))
                : quick ? "; --quick adds no batches" : "; no batches added (--budget 0s)";
        Columns.printWrapped(String.format("mutexlab %s: %s, about %s%s; P enforced by %s", command, what,
                time(plannedNanos), added, Confinement.hasTaskset()
                        ? "taskset + -XX:ActiveProcessorCount (+ P carriers for virtual threads)"
                        : "-XX:ActiveProcessorCount only (taskset not found)"), "  ", err);
    }

    /**
     * The processor counts a command measures: under {@code --quick} the largest of {@code kept} only,
     * unless {@code --procs} was given; otherwise {@code kept}.
     */
    static List<Integer> procs(CommandSpec command, boolean quick, List<Integer> kept) {
        return quick && !given(command, "--procs") ? List.of(kept.stream().mapToInt(Integer::intValue).max().orElseThrow())
                : List.copyOf(kept);
    }

    /** Whether {@code option} was on the command line (not its default). */
    static boolean given(CommandSpec command, String option) {
        return command.commandLine() != null && command.commandLine().getParseResult() != null
                && command.commandLine().getParseResult().hasMatchedOption(option);
    }

    /** {@code 4 min 34 s}, {@code 48 s}: a plan's time, to the second. */
    static String time(long nanos) {
        long s = Math.round(nanos / 1e9);
        return s >= 60 ? s / 60 + " min " + s % 60 + " s" : s + " s";
    }
}
