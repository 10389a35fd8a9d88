package dev.mutexlab.agent;

import dev.mutexlab.agent.runtime.StackSampler;
import java.nio.file.Path;
import java.util.Map;

/**
 * The stack options of a profile ({@link AgentOptions} hands them over):
 *
 * <table class="striped">
 * <caption>Stack options</caption>
 * <tr><th>option</th><th>default</th><th>meaning</th></tr>
 * <tr><td>{@code stacks[=true|false]}</td><td>on with profile</td><td>record the stacks of sampled
 *     contended acquisitions and of the holders they waited for</td></tr>
 * <tr><td>{@code stackDepth=N}</td><td>32</td><td>frames kept per stack (1..1024)</td></tr>
 * <tr><td>{@code stackInterval=D}</td><td>10ms</td><td>at most one waiter walk and one holder walk
 *     per D in the whole JVM ({@code 0}, {@code 500us}, {@code 10ms}, {@code 1s}; 0: every sampled one)</td></tr>
 * <tr><td>{@code collapsed=FILE}</td><td>none</td><td>write the stacks as collapsed stacks (flame-graph
 *     input) there at exit ({@code {pid}} becomes the process id)</td></tr>
 * </table>
 *
 * @param enabled       whether stacks are recorded
 * @param depth         {@code stackDepth=N}
 * @param intervalNanos {@code stackInterval=D} in nanoseconds
 * @param collapsed     {@code collapsed=FILE}, or null
 */
public record StackOptions(boolean enabled, int depth, long intervalNanos, Path collapsed) {

    /** The option names this record parses. */
    static final String KEYS = "stacks, stackDepth, stackInterval, collapsed";

    /** Parses the stack options among {@code items} (key to value, null for a bare flag) of a profile or not. */
    static StackOptions parse(Map<String, String> items, boolean profile) throws BadOptionException {
        boolean enabled = profile;
        int depth = StackSampler.DEFAULT_DEPTH;
        long interval = StackSampler.DEFAULT_INTERVAL_NANOS;
        Path collapsed = null;
        for (Map.Entry<String, String> e : items.entrySet()) {
            String key = e.getKey();
            String value = e.getValue();
            switch (key) {
                case "stacks" -> enabled = OptionValues.flag(key, value);
                case "stackDepth" -> depth = OptionValues.number(key, value, 1, 1024);
                case "stackInterval" -> interval = nanos(key, OptionValues.required(key, value));
                case "collapsed" -> collapsed = OptionValues.file(key, value);
                default -> throw new IllegalArgumentException(key);
            }
        }
        if (collapsed != null && !(profile && enabled)) {
            throw new BadOptionException("option 'collapsed' needs profile (and stacks on): it writes the profile's stacks");
        }
        return new StackOptions(enabled && profile, depth, interval, collapsed);
    }

    /** A duration of 0 or more: {@code 0}, or a whole number with {@code us}, {@code ms} or {@code s}, in nanoseconds. */
    private static long nanos(String key, String text) throws BadOptionException {
        if (text.equals("0")) {
            return 0;
        }
        long unitNanos;
        int unitLength;
        if (text.endsWith("us")) {
            unitNanos = 1_000;
            unitLength = 2;
        } else if (text.endsWith("ms")) {
            unitNanos = 1_000_000;
            unitLength = 2;
        } else if (text.endsWith("s")) {
            unitNanos = 1_000_000_000;
            unitLength = 1;
        } else {
            throw new BadOptionException("option '" + key + "': '" + text + "' needs a unit (0, 500us, 10ms, 1s)");
        }
        try {
            long n = Long.parseLong(text.substring(0, text.length() - unitLength));
            if (n < 0 || n > 3600L * 1_000_000_000 / unitNanos) {
                throw new BadOptionException("option '" + key + "': '" + text + "' is outside 0..1 hour");
            }
            return n * unitNanos;
        } catch (NumberFormatException ex) {
            throw new BadOptionException("option '" + key + "': '" + text + "' is not a whole number with a unit (0, 500us, 10ms, 1s)");
        }
    }

    /** The sampler these options ask for, or null when stacks are off. */
    StackSampler sampler() {
        return enabled ? new StackSampler(depth, intervalNanos) : null;
    }
}
