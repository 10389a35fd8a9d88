package dev.mutexlab.lab.gobench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * One benchmark of Go's runtime-lock suite (docs/background.md §3): its Go name without the
 * {@code Benchmark} prefix, and a body that runs {@code b.n} iterations.
 */
public record GoBenchmark(String name, Consumer<B> body) {

    private static final List<GoBenchmark> ALL = new ArrayList<>();

    static {
        ChanBenchmarks.register(ALL);
        SyncBenchmarks.register(ALL);
    }

    /** Every benchmark, in the suite's order. */
    public static List<GoBenchmark> all() {
        return Collections.unmodifiableList(ALL);
    }

    /** The benchmarks whose name {@code regex} finds (Go's {@code -bench}, unanchored). */
    public static List<GoBenchmark> matching(Pattern regex) {
        List<GoBenchmark> list = new ArrayList<>();
        for (GoBenchmark b : ALL) {
            if (regex.matcher(b.name()).find()) {
                list.add(b);
            }
        }
        return list;
    }

    /** The benchmark called {@code name}. */
    public static GoBenchmark named(String name) {
        for (GoBenchmark b : ALL) {
            if (b.name().equals(name)) {
                return b;
            }
        }
        throw new IllegalArgumentException("unknown benchmark '" + name + "'");
    }
}
