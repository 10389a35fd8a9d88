package dev.mutexlab.lab.results;

import dev.mutexlab.lab.stats.Spread;
import java.util.List;

/**
 * What {@code mutexlab suite} writes ({@value #SCHEMA}, documented in docs/results-schema.md): every
 * measured run, grouped by child JVM, and the A-vs-B comparisons computed from them.
 */
public record SuiteResult(String schema, String command, String createdAt, Machine machine, Config config,
                          List<Group> groups, List<Comparison> comparisons) implements Result {
    public static final String SCHEMA = "mutexlab.suite/1";

    /** The options, as given. */
    public record Config(List<String> locks, List<String> threads, List<Integer> procs, List<String> benchmarks,
                         String benchtime, int count) {
    }

    /** One child JVM: one thread kind on P processors. */
    public record Group(String threads, int procs, String enforcement, double busyStepsPerNano,
                       List<Measurement> measurements) {
    }

    /** One reported run (Go's result line): b.N and wall time. */
    public record Measurement(String benchmark, String lock, int rep, long n, long nanos, double nsPerOp) {
    }

    /** One lock against the first ({@code base}) for one benchmark at one P, over {@code count} runs each. */
    public record Comparison(String threads, String benchmark, int procs, String base, String lock,
                             Spread baseNsPerOp, Spread nsPerOp, double deltaPercent, double p, int n) {
    }
}
