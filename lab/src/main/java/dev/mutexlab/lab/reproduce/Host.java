package dev.mutexlab.lab.reproduce;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * What the page says about the machine beyond the result files' {@code Machine}: vCPUs, whether it
 * is a VM, SMT, the steal time during the run (Linux, where {@code /proc} says so), and the
 * project's commit. Recorded as {@code DIR/host.txt} ({@code key: value} lines) by the run that
 * measures, so a folder brought back from another machine keeps its own.
 */
public final class Host {
    /** The file in the results folder. */
    public static final String FILE = "host.txt";

    private Host() {
    }

    /** The facts readable now, with the steal share since {@code before} (a {@link #cpuTimes} snapshot, may be empty). */
    public static Map<String, String> facts(Optional<long[]> before) {
        Map<String, String> facts = new LinkedHashMap<>();
        List<String> cpuinfo = lines(Path.of("/proc/cpuinfo"));
        facts.put("cpu", cpuinfo.stream().filter(l -> l.startsWith("model name")).findFirst()
                .map(l -> l.substring(l.indexOf(':') + 1).trim()).orElse("unknown"));
        facts.put("vcpus", String.valueOf(Runtime.getRuntime().availableProcessors()));
        boolean hypervisor = cpuinfo.stream().anyMatch(l -> l.startsWith("flags") && l.contains(" hypervisor"));
        facts.put("vm", cpuinfo.isEmpty() ? "unknown" : hypervisor ? "yes (hypervisor flag)" : "no hypervisor flag");
        int siblings = field(cpuinfo, "siblings");
        int cores = field(cpuinfo, "cpu cores");
        facts.put("smt", siblings > 0 && cores > 0 ? (siblings > cores ? siblings / cores + " threads per core" : "off (1 thread per core)")
                : "unknown");
        Optional<long[]> now = cpuTimes();
        facts.put("steal", before.isPresent() && now.isPresent() ? stealShare(before.get(), now.get()) : "not readable");
        facts.put("commit", commit());
        return facts;
    }

    /** {@code /proc/stat}'s total and steal jiffies, if readable. */
    public static Optional<long[]> cpuTimes() {
        for (String line : lines(Path.of("/proc/stat"))) {
            if (line.startsWith("cpu ")) {
                String[] f = line.trim().split("\\s+");
                long total = 0;
                for (int i = 1; i < f.length; i++) {
                    total += Long.parseLong(f[i]);
                }
                return Optional.of(new long[] {total, f.length > 8 ? Long.parseLong(f[8]) : 0});
            }
        }
        return Optional.empty();
    }

    static String stealShare(long[] before, long[] after) {
        long total = after[0] - before[0];
        return total <= 0 ? "not readable" : String.format(Locale.ROOT, "%.1f%% of CPU time during the run", 100.0 * (after[1] - before[1]) / total);
    }

    /** Writes the facts to {@code dir/host.txt}. */
    public static void write(Path dir, Map<String, String> facts) throws IOException {
        StringBuilder sb = new StringBuilder();
        facts.forEach((k, v) -> sb.append(k).append(": ").append(v).append('\n'));
        Files.writeString(dir.resolve(FILE), sb.toString(), StandardCharsets.UTF_8);
    }

    /** The facts {@code dir/host.txt} records; empty when there is none. */
    public static Map<String, String> read(Path dir) {
        Map<String, String> facts = new LinkedHashMap<>();
        for (String line : lines(dir.resolve(FILE))) {
            int at = line.indexOf(": ");
            if (at > 0) {
                facts.put(line.substring(0, at), line.substring(at + 2));
            }
        }
        return facts;
    }

    private static String commit() {
        try {
            Process p = new ProcessBuilder("git", "rev-parse", "--short=12", "HEAD").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            boolean done = p.waitFor(10, TimeUnit.SECONDS);
            return done && p.exitValue() == 0 && !out.isEmpty() ? out : "unknown (no git)";
        } catch (IOException e) {
            return "unknown (no git)";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    private static int field(List<String> cpuinfo, String name) {
        return cpuinfo.stream().filter(l -> l.startsWith(name)).findFirst()
                .map(l -> l.substring(l.indexOf(':') + 1).trim()).map(v -> {
                    try {
                        return Integer.parseInt(v);
                    } catch (NumberFormatException e) {
                        return 0;
                    }
                }).orElse(0);
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }
}
