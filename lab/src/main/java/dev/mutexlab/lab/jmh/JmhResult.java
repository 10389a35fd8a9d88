package dev.mutexlab.lab.jmh;

import com.fasterxml.jackson.databind.JsonNode;
import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.results.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One benchmark score from JMH's JSON result ({@code -rf json}): the file is an array with one
 * object per (benchmark, parameters), each with a {@code primaryMetric}.
 *
 * @param benchmark the benchmark's full name, e.g. {@code dev.mutexlab.bench.Uncontended.lockUnlock}
 * @param mode      JMH's mode ({@code avgt}, {@code thrpt}, ...)
 * @param threads   benchmark threads
 * @param params    the {@code @Param} values, in file order ({@code spec}, {@code holdTokens})
 * @param score     the primary score
 * @param error     its 99.9% half-interval (NaN when JMH had too few samples)
 * @param unit      the score's unit, e.g. {@code ns/op}
 */
public record JmhResult(String benchmark, String mode, int threads, Map<String, String> params, double score,
                        double error, String unit) {

    /** The class's simple name, e.g. {@code Uncontended}. */
    public String className() {
        String[] parts = benchmark.split("\\.");
        return parts.length >= 2 ? parts[parts.length - 2] : benchmark;
    }

    /** The method's name, e.g. {@code lockUnlock}. */
    public String method() {
        return benchmark.substring(benchmark.lastIndexOf('.') + 1);
    }

    /** The lock spec this score is for, or null for a baseline without one. */
    public String spec() {
        return params.get("spec");
    }

    /** Whether {@code file} looks like a JMH JSON result (an array of objects with a primaryMetric). */
    public static boolean isJmhFile(Path file) {
        try {
            if (!Files.isRegularFile(file)) {
                return false;
            }
            JsonNode root = ResultIO.json().readTree(Files.readAllBytes(file));
            return root != null && root.isArray() && (root.isEmpty() || root.get(0).has("primaryMetric"));
        } catch (IOException e) {
            return false;
        }
    }

    /** Reads a JMH JSON result; throws {@link UsageException} naming the file on any problem. */
    public static List<JmhResult> read(Path file) {
        JsonNode root;
        try {
            root = ResultIO.json().readTree(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new UsageException(file + ": cannot be read as JMH JSON (" + e.getMessage().lines().findFirst().orElse("") + ")");
        }
        if (root == null || !root.isArray()) {
            throw new UsageException(file + ": not a JMH JSON result (expected an array)");
        }
        List<JmhResult> results = new ArrayList<>();
        for (JsonNode b : root) {
            JsonNode m = b.path("primaryMetric");
            if (!b.hasNonNull("benchmark") || !m.has("score")) {
                throw new UsageException(file + ": a JMH entry without benchmark or primaryMetric.score");
            }
            Map<String, String> params = new LinkedHashMap<>();
            b.path("params").properties().forEach(e -> params.put(e.getKey(), e.getValue().asText()));
            results.add(new JmhResult(b.get("benchmark").asText(), b.path("mode").asText(""), b.path("threads").asInt(1),
                    params, m.get("score").asDouble(), number(m.get("scoreError")), m.path("scoreUnit").asText("")));
        }
        return results;
    }

    /** What the file says about where it ran (JMH and JDK versions, JVM options), from its first entry. */
    public static Map<String, String> header(Path file) {
        Map<String, String> rows = new LinkedHashMap<>();
        try {
            JsonNode first = ResultIO.json().readTree(Files.readAllBytes(file)).path(0);
            rows.put("JMH", first.path("jmhVersion").asText("?"));
            rows.put("JDK", first.path("jdkVersion").asText("?") + " (" + first.path("vmName").asText("?") + " "
                    + first.path("vmVersion").asText("") + ")");
            rows.put("JVM options", first.path("jvmArgs").toString());
            rows.put("forks × iterations", first.path("forks").asText("?") + " × " + first.path("measurementIterations").asText("?")
                    + " of " + first.path("measurementTime").asText("?") + " after " + first.path("warmupIterations").asText("?")
                    + " warm-up");
        } catch (IOException e) {
            throw new UsageException(file + ": cannot be read (" + e.getMessage() + ")");
        }
        return rows;
    }

    private static double number(JsonNode n) {
        return n == null || !n.isNumber() ? Double.NaN : n.asDouble();
    }
}
