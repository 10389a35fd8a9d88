package dev.mutexlab.lab.real;

import dev.mutexlab.lab.results.UsageException;
import java.util.List;
import java.util.Locale;

/**
 * The names of the real module's workloads, as the lab's commands take them (the real module's
 * {@code RealWorkload} is the one that runs them; a test there keeps the two lists equal).
 */
public final class RealWorkloads {
    /** Every workload, in the order the tables list them. */
    public static final List<String> NAMES = List.of("logback-file", "logback-rolling", "executor", "queue", "caffeine",
            "pool", "scheduled", "deque", "delay-queue", "priority-queue", "conn-pool", "jetty", "h2", "lucene",
            "httpclient");

    private RealWorkloads() {
    }

    /** {@code name} if it is a workload; {@link UsageException} with one line otherwise. */
    public static String parse(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        if (!NAMES.contains(n)) {
            throw new UsageException("unknown workload '" + name + "' (expected one of " + String.join(", ", NAMES) + ")");
        }
        return n;
    }
}
