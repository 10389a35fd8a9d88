package dev.mutexlab.lab.runner;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A progress bar with time left, on standard error. On a terminal it redraws one line; otherwise
 * (a log, CI) it prints a line at every tenth of the work. Every line it prints keeps to
 * {@link #WIDTH} columns: the bar's label is cut to fit, a line of its own is word-wrapped.
 */
public final class Progress {
    /** The terminal width the lab's output keeps to: tables by default, prose, the bar, stderr lines. */
    public static final int WIDTH = 100;
    private static final int BAR_WIDTH = 30;
    /**
     * The bar's label: {@code [30] 100% 12345/12345  ~10m00s left  } takes 65 columns with five-digit
     * counts, which leaves this many of {@link #WIDTH} to say what is being measured.
     */
    private static final int LABEL_WIDTH = 34;

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
            err.printf("\r[%s%s] %3d%% %d/%d  ~%s left  %-" + LABEL_WIDTH + "." + LABEL_WIDTH + "s", "#".repeat(filled),
                    ".".repeat(BAR_WIDTH - filled), Math.round(fraction * 100), done, total, left, what);
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
     * {@code why} on a line of its own, wrapped at {@link #WIDTH} (null: no line).
     */
    public synchronized void more(long extra, String why) {
        total += extra;
        if (why == null) {
            return;
        }
        if (terminal) {
            err.println();
        }
        wrap(why, "  ", WIDTH).forEach(err::println);
        err.flush();
    }

    /** Ends the bar's line. */
    public synchronized void finish() {
        if (terminal) {
            err.println();
            err.flush();
        }
    }

    /**
     * {@code text} word-wrapped to {@code width} columns; the lines after the first start with
     * {@code indent}. A word wider than a line stays whole.
     */
    public static List<String> wrap(String text, String indent, int width) {
        List<String> lines = new ArrayList<>();
        String body = text.stripLeading();
        StringBuilder line = new StringBuilder(text.substring(0, text.length() - body.length()));
        boolean empty = true;
        for (String word : body.split(" ")) {
            if (!empty && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
                line.append(indent);
                empty = true;
            }
            line.append(empty ? "" : " ").append(word);
            empty = false;
        }
        lines.add(line.toString());
        return lines;
    }

    static String format(Duration d) {
        long s = Math.max(0, d.toSeconds());
        return s >= 60 ? s / 60 + "m" + String.format("%02d", s % 60) + "s" : s + "s";
    }
}
