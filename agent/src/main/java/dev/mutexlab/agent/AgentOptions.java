package dev.mutexlab.agent;

import dev.mutexlab.agent.runtime.Settings;
import dev.mutexlab.locks.Locks;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The agent's options, parsed from the text after {@code -javaagent:mutexlab-agent.jar=}:
 * comma-separated {@code key=value} pairs and bare flags (a lock spec never contains a comma).
 *
 * <table class="striped">
 * <caption>Options</caption>
 * <tr><th>option</th><th>default</th><th>meaning</th></tr>
 * <tr><td>{@code lock=SPEC}</td><td>none</td><td>swap nonfair locks (and re-parent subclasses)
 *     to the library's lock of SPEC; {@code jdk} means no swap</td></tr>
 * <tr><td>{@code fair=keep|swap}</td><td>keep</td><td>whether fair locks are swapped too</td></tr>
 * <tr><td>{@code profile}</td><td>off</td><td>time acquisitions and holds per allocation site</td></tr>
 * <tr><td>{@code frames=N}</td><td>0</td><td>attribute a site N frames above the allocation</td></tr>
 * <tr><td>{@code sample=N}</td><td>64</td><td>time one acquisition in N per thread and site ({@link #DEFAULT_SAMPLE})</td></tr>
 * <tr><td>{@code out=FILE}</td><td>none</td><td>write the JSON report there at exit ({@code {pid}} in
 *     FILE becomes the process id)</td></tr>
 * <tr><td>{@code include=P+P}, {@code exclude=P+P}</td><td>all / none</td><td>class-name prefixes</td></tr>
 * <tr><td>{@code jdk=true|false}</td><td>true</td><td>rewrite the JDK's classes loaded after premain</td></tr>
 * <tr><td>{@code report=stderr|none}</td><td>stderr</td><td>the summary (and table) at exit</td></tr>
 * <tr><td>{@code monitors[=true|false]}</td><td>on with profile</td><td>with {@code profile}, hold and
 *     wait per {@code synchronized} block and method ({@link MonitorRewriter}); without it, JFR's
 *     monitor contention per class</td></tr>
 * <tr><td>{@code monitorEvents[=true|false]}</td><td>on for monitors without profile</td><td>JFR's
 *     monitor contention per class ({@code jdk.JavaMonitorEnter}), for the monitors the probes
 *     cannot see; off with {@code profile} unless asked: the probes already time the sites, and
 *     JFR's start and its event stream are a cost that view does not need</td></tr>
 * <tr><td>{@code monitorThreshold=NANOS}</td><td>10000</td><td>the JFR threshold for monitor waits</td></tr>
 * <tr><td>{@code stopAfter=D}</td><td>never</td><td>after D ({@code 30s}, {@code 500ms}, {@code 2m}):
 *     write the report to {@code out}, stop timing and undo the rewrites it can (for an attach)</td></tr>
 * <tr><td>{@code fail=CLASS}</td><td>none</td><td>for testing: make the rewrite of CLASS fail</td></tr>
 * <tr><td>{@code stacks}, {@code stackDepth=N}, {@code stackInterval=D}, {@code collapsed=FILE}</td>
 *     <td>see {@link StackOptions}</td><td>the stacks of a profile</td></tr>
 * </table>
 *
 * @param lock             the lock spec to swap in; null for no swap ({@code jdk} or absent)
 * @param swapFair         {@code fair=swap}
 * @param profile          {@code profile}
 * @param frames           {@code frames=N}
 * @param sampleEvery      {@code sample=N}
 * @param out              {@code out=FILE}, or null
 * @param include          class-name prefixes to rewrite (empty: every class)
 * @param exclude          class-name prefixes never to rewrite
 * @param jdk              rewrite the JDK's own classes
 * @param reportToStderr   {@code report=stderr}
 * @param monitors         with {@code profile}, probe {@code synchronized}; without it, ask for {@code monitorEvents}
 * @param monitorEvents    record monitor contention per class with JFR
 * @param monitorThresholdNanos the JFR threshold
 * @param failClasses      classes whose rewrite is made to fail ({@code fail=}, for testing)
 * @param stopAfterMillis  {@code stopAfter=D} in milliseconds; 0 for never
 * @param stacks           the stack options ({@link StackOptions})
 */
public record AgentOptions(String lock, boolean swapFair, boolean profile, int frames, int sampleEvery, Path out,
                           List<String> include, List<String> exclude, boolean jdk, boolean reportToStderr,
                           boolean monitors, boolean monitorEvents, long monitorThresholdNanos, Set<String> failClasses,
                           long stopAfterMillis, StackOptions stacks) {

    /**
     * The default of {@code sample=N}: one acquisition in 64 timed, per thread and site. The profiler
     * is meant to be left on, and timing every acquisition costs a free lock about 87 ns and a lock 8
     * threads fight over on 2 CPUs about 4x its time per operation; at 64 a free lock pays about 3 ns
     * (docs/RESULTS.md section 20). A site's distributions then come from one acquisition in 64: use
     * {@code sample=1} for a short run or a rare lock.
     */
    public static final int DEFAULT_SAMPLE = 64;


    /** The JFR threshold for monitor waits by default: low, as lock_stat's view needs short waits. */
    public static final long DEFAULT_MONITOR_THRESHOLD_NANOS = 10_000;

    /** Parses {@code text} (null or empty: the defaults). */
    public static AgentOptions parse(String text) throws BadOptionException {
        String lock = null;
        boolean swapFair = false;
        boolean profile = false;
        int frames = 0;
        int sample = DEFAULT_SAMPLE;
        Path out = null;
        List<String> include = List.of();
        List<String> exclude = List.of();
        boolean jdk = true;
        boolean stderr = true;
        Boolean monitors = null;
        Boolean monitorEvents = null;
        long threshold = DEFAULT_MONITOR_THRESHOLD_NANOS;
        Set<String> fail = new HashSet<>();
        long stopAfter = 0;
        Set<String> seen = new HashSet<>();
        Map<String, String> stackItems = new HashMap<>();
        if (text != null && !text.isBlank()) {
            for (String item : text.split(",", -1)) {
                int eq = item.indexOf('=');
                String key = (eq < 0 ? item : item.substring(0, eq)).strip();
                String value = eq < 0 ? null : item.substring(eq + 1).strip();
                if (key.isEmpty()) {
                    throw new BadOptionException("empty option in '" + text + "' (options are key=value or flags, separated by commas)");
                }
                if (!seen.add(key) && !key.equals("fail")) {
                    throw new BadOptionException("option '" + key + "' given twice");
                }
                switch (key) {
                    case "lock" -> lock = lockSpec(OptionValues.required(key, value));
                    case "fair" -> swapFair = switch (OptionValues.required(key, value)) {
                        case "keep" -> false;
                        case "swap" -> true;
                        default -> throw new BadOptionException("option 'fair': '" + value + "' is not keep or swap");
                    };
                    case "profile" -> profile = OptionValues.flag(key, value);
                    case "frames" -> frames = OptionValues.number(key, value, 0, 64);
                    case "sample" -> sample = OptionValues.number(key, value, 1, 1 << 20);
                    case "out" -> out = OptionValues.file(key, value);
                    case "include" -> include = prefixes(key, value);
                    case "exclude" -> exclude = prefixes(key, value);
                    case "jdk" -> jdk = OptionValues.bool(key, OptionValues.required(key, value));
                    case "report" -> stderr = switch (OptionValues.required(key, value)) {
                        case "stderr" -> true;
                        case "none" -> false;
                        default -> throw new BadOptionException("option 'report': '" + value + "' is not stderr or none");
                    };
                    case "monitors" -> monitors = OptionValues.flag(key, value);
                    case "monitorEvents" -> monitorEvents = OptionValues.flag(key, value);
                    case "monitorThreshold" -> threshold = OptionValues.number(key, value, 0, Integer.MAX_VALUE);
                    case "fail" -> fail.add(OptionValues.required(key, value));
                    case "stopAfter" -> stopAfter = millis(key, OptionValues.required(key, value));
                    case "stacks", "stackDepth", "stackInterval", "collapsed" -> stackItems.put(key, value);
                    default -> throw new BadOptionException("unknown option '" + key + "' (known: lock, fair, profile, frames, "
                            + "sample, out, include, exclude, jdk, report, monitors, monitorEvents, monitorThreshold, stopAfter, fail, "
                            + StackOptions.KEYS + ")");
                }
            }
        }
        if (stopAfter > 0 && out == null) {
            throw new BadOptionException("option 'stopAfter' needs out=FILE: the report is written there when it stops");
        }
        boolean probes = monitors == null ? profile : monitors;
        return new AgentOptions(lock, swapFair, profile, frames, sample, out, include, exclude, jdk, stderr,
                probes, monitorEvents != null ? monitorEvents : probes && !profile, threshold, Set.copyOf(fail), stopAfter,
                StackOptions.parse(stackItems, profile));
    }

    /** A duration: a whole number with {@code ms}, {@code s} or {@code m}, in milliseconds (at least 1). */
    private static long millis(String key, String text) throws BadOptionException {
        long unitMillis;
        String digits;
        if (text.endsWith("ms")) {
            unitMillis = 1;
            digits = text.substring(0, text.length() - 2);
        } else if (text.endsWith("s")) {
            unitMillis = 1000;
            digits = text.substring(0, text.length() - 1);
        } else if (text.endsWith("m")) {
            unitMillis = 60_000;
            digits = text.substring(0, text.length() - 1);
        } else {
            throw new BadOptionException("option '" + key + "': '" + text + "' needs a unit (500ms, 30s, 2m)");
        }
        try {
            long n = Long.parseLong(digits);
            if (n < 1 || n > 7L * 24 * 60 * 60 * 1000 / unitMillis) {
                throw new BadOptionException("option '" + key + "': '" + text + "' is outside 1ms..7 days");
            }
            return n * unitMillis;
        } catch (NumberFormatException e) {
            throw new BadOptionException("option '" + key + "': '" + text + "' is not a whole number with a unit (500ms, 30s, 2m)");
        }
    }

    private static List<String> prefixes(String key, String value) throws BadOptionException {
        List<String> list = new ArrayList<>();
        for (String p : OptionValues.required(key, value).split("\\+")) {
            if (p.isBlank()) {
                throw new BadOptionException("option '" + key + "': empty prefix in '" + value + "' (prefixes are joined with +)");
            }
            list.add(p.strip());
        }
        return List.copyOf(list);
    }

    /**
     * The spec to swap in, checked by building one lock of it; null for {@code jdk};
     * {@code jdk-fair} as it is (nonfair allocations become the JDK's fair lock).
     */
    private static String lockSpec(String spec) throws BadOptionException {
        if (spec == null || spec.isEmpty()) {
            throw new BadOptionException("option 'lock' needs a value (lock=SPEC)");
        }
        if (spec.equals("jdk")) {
            return null;
        }
        if (spec.equals(Settings.JDK_FAIR)) {
            return spec;
        }
        try {
            Locks.mutex(spec);
        } catch (IllegalArgumentException e) {
            throw new BadOptionException("option 'lock': " + e.getMessage());
        }
        return spec;
    }

    /** Whether any class is rewritten: a swap or a profile. */
    public boolean rewrites() {
        return lock != null || profile;
    }

    /** The options as the report's {@code options} object shows them. */
    public String describe() {
        return "lock=" + (lock == null ? "jdk" : lock) + ",fair=" + (swapFair ? "swap" : "keep")
                + (profile ? ",profile" : "") + ",frames=" + frames + ",sample=" + sampleEvery;
    }
}
