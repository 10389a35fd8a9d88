package dev.mutexlab.lab.gotoolchain;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Makes the starvation threshold of Go's {@code sync.Mutex} a variable, in a copy of the
 * toolchain's own source made at run time (the lab ships no Go source). In the original the
 * threshold is the constant {@code starvationThresholdNs = 1e6} (1 ms) of the mutex's file —
 * {@code sync/mutex.go}, or {@code internal/sync/mutex.go} from Go 1.24, where {@code sync.Mutex}
 * wraps the internal one. The patch removes that constant, declares
 * {@code var StarvationThresholdNs int64 = 1e6} instead and renames its uses; a second, added file
 * of package {@code sync} gives the program {@code sync.MutexlabSetStarvationThresholdNs}. A file
 * without exactly one such constant is refused with a message that names it: the patch never
 * guesses.
 */
public final class MutexPatch {
    /** The mutex's file in the source tree, newest layout first. */
    public static final java.util.List<String> CANDIDATES = java.util.List.of("src/internal/sync/mutex.go", "src/sync/mutex.go");
    /** The file the patch adds to package {@code sync}. */
    public static final String SETTER_FILE = "src/sync/mutexlab_threshold.go";

    private static final Pattern CONSTANT = Pattern.compile("(?m)^[ \\t]*starvationThresholdNs[ \\t]*=[ \\t]*1e6[ \\t]*$");
    private static final Pattern USE = Pattern.compile("\\bstarvationThresholdNs\\b");

    private MutexPatch() {
    }

    /**
     * The patched source.
     *
     * @param source the toolchain's mutex file
     * @param file   its name, for the message when the constant is not there
     * @throws IllegalStateException when the file does not declare the constant exactly once
     */
    public static String patch(String source, String file) {
        Matcher m = CONSTANT.matcher(source);
        int found = 0;
        while (m.find()) {
            found++;
        }
        if (found != 1) {
            throw new IllegalStateException(file + ": expected one line 'starvationThresholdNs = 1e6' (Go's sync.Mutex"
                    + " starvation threshold), found " + found + "; this Go version's mutex is not one the lab can patch");
        }
        String withoutConstant = CONSTANT.matcher(source).replaceFirst("\t// starvationThresholdNs: a variable, see the end of the file (mutexlab)");
        return USE.matcher(withoutConstant).replaceAll("StarvationThresholdNs")
                + "\n// StarvationThresholdNs is the starvation threshold made a variable by mutexlab, so one\n"
                + "// program can run the default mutex (1 ms), forced handoff (0) and no starvation mode (max int64).\n"
                + "var StarvationThresholdNs int64 = 1e6\n";
    }

    /** The source of the file added to package {@code sync}, for the mutex file {@code candidate}. */
    public static String setter(String candidate) {
        boolean internal = candidate.startsWith("src/internal/");
        return "package sync\n\n" + (internal ? "import isync \"internal/sync\"\n\n" : "")
                + "// MutexlabSetStarvationThresholdNs sets the starvation threshold of every Mutex (mutexlab's build only).\n"
                + "func MutexlabSetStarvationThresholdNs(ns int64) {\n\t" + (internal ? "isync." : "")
                + "StarvationThresholdNs = ns\n}\n";
    }
}
