package dev.mutexlab.lab.cli;

/** The exit statuses of {@code mutexlab}. */
public final class ExitCode {
    /** Bad input: one line on standard error. */
    public static final int USAGE = 2;
    /** A failure that is not the user's, or a torture verdict of FAILURE. */
    public static final int FAILURE = 1;
    /** Stopped by Ctrl-C (128 + SIGINT); what was measured so far has been printed. */
    public static final int INTERRUPTED = 130;

    private ExitCode() {
    }
}
