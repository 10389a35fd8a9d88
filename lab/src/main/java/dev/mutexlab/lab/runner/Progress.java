package dev.mutexlab.lab.runner;

import java.io.PrintWriter;
import java.time.Duration;

/**
 * A progress bar with time left, on standard error. On a terminal it redraws one line; otherwise
 * (a log, CI) it prints a line at every tenth of the work.
 */
public final class Progress {
    private static final int BAR_WIDTH = 30;

    private final PrintWriter err;
    private long total;
    private final boolean terminal;
    private final long startNanos = System.nanoTime();
    private long done;
    private int lastDecile = -1;

    public Progress(PrintWriter err, long total, boolean terminal) {
        this.err = err;
        this.total = Math.max(1, total);
        this.terminal = terminal;
    }

    /** Whether standard error looks like a terminal. */
    public static boolean stderrIsTerminal() {
        return System.console() != null && System.getenv("CI") == null;
    }

    /** One more unit done; {@code what} says what is being measured. */
    public synchronized void step(String what) {
        done = Math.min(total, done + 1);
        double fraction = (double) done / total;
        long elapsed = System.nanoTime() - startNanos;
        long leftNanos = done == 0 ? 0 : (long) (elapsed / fraction - elapsed);
        String left = format(Duration.ofNanos(leftNanos));
        if (terminal) {
            int filled = (int) Math.round(fraction * BAR_WIDTH);
            err.printf("\r[%s%s] %3d%% %d/%d  ~%s left  %-40.40s", "#".repeat(filled), ".".repeat(BAR_WIDTH - filled),
                    Math.round(fraction * 100), done, total, left, what);
            err.flush();
        } else {
            int decile = (int) (fraction * 10);
            if (decile != lastDecile) {
                lastDecile = decile;
                err.printf("progress: %3d%% (%d/%d), ~%s left%n", Math.round(fraction * 100), done, total, left);
                err.flush();
            }
        }
    }

    /**
     * More work than planned (batches added while cells are undecided): {@code extra} more units, and
     * {@code why} on a line of its own (null: no line).
     */
    public synchronized void more(long extra, String why) {
        total += extra;
        if (why == null) {
            return;
        }
        if (terminal) {
            err.println();
        }
        err.println(why);
        err.flush();
    }

    /** Ends the bar's line. */
    public synchronized void finish() {
        if (terminal) {
            err.println();
            err.flush();
        }
    }

    static String format(Duration d) {
        long s = Math.max(0, d.toSeconds());
        return s >= 60 ? s / 60 + "m" + String.format("%02d", s % 60) + "s" : s + "s";
    }
}
