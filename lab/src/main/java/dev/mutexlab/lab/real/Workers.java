package dev.mutexlab.lab.real;

import dev.mutexlab.lab.results.RealResult;
import dev.mutexlab.lab.results.UsageException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One value of {@code real --workers}: a count of threads ({@code 8}) or a multiple of the CPUs of
 * the group it runs in ({@code 4x}: 4 × P, so 8 threads at P=2 and 4 at P=1). A run takes a list
 * ({@code 1x,4x,16x}); each value is a dimension of the run, like the thread kind and P, and the
 * values that come to the same count at some P measure that count once there.
 *
 * @param count  the threads, where the value is a count; 0 otherwise
 * @param perCpu the threads per CPU, where the value is a multiple; 0 otherwise
 */
public record Workers(int count, int perCpu) {
    /** The most threads a value may come to. */
    public static final int MAX_THREADS = 4096;

    /** {@code 8} or {@code 4x}; anything else is bad input, said in one line. */
    public static Workers parse(String text) {
        String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        boolean multiple = t.endsWith("x");
        String digits = multiple ? t.substring(0, t.length() - 1) : t;
        int n = digits.matches("[0-9]{1,5}") ? Integer.parseInt(digits) : -1;
        if (n < 1 || n > MAX_THREADS) {
            throw new UsageException("--workers: '" + text + "' is neither a count of threads (1 to " + MAX_THREADS
                    + ") nor a multiple of the CPUs (1x to " + MAX_THREADS + "x)");
        }
        return multiple ? new Workers(0, n) : new Workers(n, 0);
    }

    /** The threads this value comes to on {@code procs} CPUs. */
    public int threadsOn(int procs) {
        return perCpu > 0 ? perCpu * procs : count;
    }

    /** As given: {@code 8}, {@code 4x}. */
    public String text() {
        return perCpu > 0 ? perCpu + "x" : Integer.toString(count);
    }

    /** The values of a configuration: its {@code workersValues}, or its one count in a file without them. */
    public static List<Workers> of(RealResult.Config c) {
        if (c.workersValues() == null || c.workersValues().isEmpty()) {
            return List.of(new Workers(c.workers(), 0));
        }
        return c.workersValues().stream().map(Workers::parse).toList();
    }

    /** The distinct counts {@code values} come to on {@code procs} CPUs, in the order given. */
    public static List<Integer> counts(List<Workers> values, int procs) {
        List<Integer> counts = new ArrayList<>();
        for (Workers w : values) {
            int n = w.threadsOn(procs);
            if (!counts.contains(n)) {
                counts.add(n);
            }
        }
        return counts;
    }

    /** The distinct counts of a configuration on {@code procs} CPUs. */
    public static List<Integer> counts(RealResult.Config c, int procs) {
        return counts(of(c), procs);
    }

    /** Whether a configuration's groups drive the workloads with more than one count of threads. */
    public static boolean several(RealResult.Config c) {
        return c.procs().stream().flatMap(p -> counts(c, p).stream()).distinct().count() > 1;
    }
}
