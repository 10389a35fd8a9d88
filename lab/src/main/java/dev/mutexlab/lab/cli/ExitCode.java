package dev.mutexlab.lab.cli;

/** The exit statuses of {@code mutexlab}. */
public final class ExitCode {
    /** Bad input: one line on standard error. */
    public static final int USAGE = 2;
    /** A failure that is not the user's, or a torture verdict of FAILURE. */
    public static final int FAILURE = 1;
    /**
     * The input holds nothing to conclude from (a profile without a single lock acquisition): said on
     * standard output with what to check, so that a script can tell it from a verdict.
     */
    public static final int NO_DATA = 3;
    /** Stopped by Ctrl-C (128 + SIGINT); what was measured so far has been printed. */
    public static final int INTERRUPTED = 130;

    private ExitCode() {
    }
}
