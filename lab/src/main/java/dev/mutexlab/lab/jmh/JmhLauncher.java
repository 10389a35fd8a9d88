package dev.mutexlab.lab.jmh;

import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.results.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Runs the JMH benchmarks jar ({@code bench/target/benchmarks.jar}, or the system property
 * {@code mutexlab.bench.jar}, which {@code ./mutexlab} sets after building it) in a JVM of its own,
 * with its output on this console. Unless the arguments only list or ask for help, or name a result
 * file themselves, JMH's JSON result goes to {@code results/jmh-<time>.json}.
 */
public final class JmhLauncher {
    /** JMH options after which it runs nothing. */
    private static final Set<String> NO_RUN = Set.of("-l", "-lp", "-lprof", "-lrf", "-h", "--help");

    private JmhLauncher() {
    }

    /** The benchmarks jar; {@link UsageException} when it has not been built. */
    public static Path jar() {
        Path jar = Path.of(System.getProperty("mutexlab.bench.jar", "bench/target/benchmarks.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new UsageException("no JMH benchmarks jar at " + jar
                    + "; build it with: mvn -pl bench -am package -DskipTests (./mutexlab jmh builds it)");
        }
        return jar;
    }

    /** The JSON result file these arguments will produce, or null when they run nothing or name one. */
    public static Path resultFile(List<String> jmhArgs) {
        if (jmhArgs.stream().anyMatch(a -> NO_RUN.contains(a) || a.equals("-rff") || a.equals("-rf"))) {
            return null;
        }
        return ResultIO.defaultOut("jmh");
    }

    /** The JSON result file the arguments name themselves ({@code -rf json -rff FILE}), or null. */
    public static Path namedJsonResult(List<String> jmhArgs) {
        int rf = jmhArgs.indexOf("-rf");
        int rff = jmhArgs.indexOf("-rff");
        boolean json = rf >= 0 && rf + 1 < jmhArgs.size() && jmhArgs.get(rf + 1).equalsIgnoreCase("json");
        return json && rff >= 0 && rff + 1 < jmhArgs.size() ? Path.of(jmhArgs.get(rff + 1)) : null;
    }

    /** Runs JMH with {@code jmhArgs} (plus the JSON result options for {@code resultFile}); returns its exit status. */
    public static int run(List<String> jmhArgs, Path resultFile) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-jar");
        cmd.add(jar().toString());
        cmd.addAll(jmhArgs);
        if (resultFile != null) {
            cmd.addAll(List.of("-rf", "json", "-rff", resultFile.toString()));
        }
        Process p = new ProcessBuilder(cmd).inheritIO().start();
        try {
            return p.waitFor();
        } finally {
            if (p.isAlive()) {
                p.destroyForcibly();
            }
        }
    }
}
