package dev.mutexlab.lab.runner;

import dev.mutexlab.lab.config.ThreadKind;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How a child JVM is held to P processors, the Java analog of GOMAXPROCS=P:
 * <ul>
 * <li>{@code taskset -c <first P allowed CPUs>}: the OS runs every thread of the JVM (workers, carriers,
 *     GC, JIT) on those CPUs only;</li>
 * <li>{@code -XX:ActiveProcessorCount=P}: the JVM sizes itself for P CPUs
 *     ({@code availableProcessors()}, GC and JIT threads, the spin gate of the locks);</li>
 * <li>for virtual threads, {@code jdk.virtualThreadScheduler.parallelism=P} and {@code maxPoolSize=P}:
 *     exactly P carriers, with no compensation carriers beyond them.</li>
 * </ul>
 * Where {@code taskset} is missing, the JVM options alone apply and the enforcement text says so.
 */
public final class Confinement {
    private Confinement() {
    }

    /** The CPUs this process may run on (from /proc/self/status), or 0..n-1. */
    public static List<Integer> allowedCpus() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return parseCpuList(line.substring(line.indexOf(':') + 1).trim());
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
            all.add(i);
        }
        return all;
    }

    /** Parses a Linux CPU list such as {@code 0-3,8,10-11}. */
    public static List<Integer> parseCpuList(String list) {
        List<Integer> cpus = new ArrayList<>();
        for (String part : list.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            int dash = p.indexOf('-');
            if (dash < 0) {
                cpus.add(Integer.parseInt(p));
            } else {
                int from = Integer.parseInt(p.substring(0, dash));
                int to = Integer.parseInt(p.substring(dash + 1));
                for (int c = from; c <= to; c++) {
                    cpus.add(c);
                }
            }
        }
        return cpus;
    }

    /** Whether {@code taskset} can be run. */
    public static boolean hasTaskset() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, "taskset"))) {
                return true;
            }
        }
        return false;
    }

    /** The command prefix and JVM options that confine a child to {@code procs} CPUs. */
    public static List<String> javaCommand(int procs, ThreadKind kind, List<String> extraJvmOptions) {
        return javaCommand(procs, kind, extraJvmOptions, System.getProperty("java.class.path"));
    }

    /** {@link #javaCommand(int, ThreadKind, List)} with the child's own class path (another module's jars). */
    public static List<String> javaCommand(int procs, ThreadKind kind, List<String> extraJvmOptions, String classPath) {
        List<String> cmd = new ArrayList<>(tasksetPrefix(procs));
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-XX:ActiveProcessorCount=" + procs);
        if (kind == ThreadKind.VIRTUAL) {
            cmd.add("-Djdk.virtualThreadScheduler.parallelism=" + procs);
            cmd.add("-Djdk.virtualThreadScheduler.maxPoolSize=" + procs);
        }
        cmd.addAll(extraJvmOptions);
        cmd.add("-cp");
        cmd.add(classPath);
        return cmd;
    }

    /** {@code taskset -c CPUS} for the first {@code procs} allowed CPUs, or nothing without taskset. */
    public static List<String> tasksetPrefix(int procs) {
        return hasTaskset() ? List.of("taskset", "-c", cpuListText(procs)) : List.of();
    }

    /** How P is enforced, in words, for the output. */
    public static String describe(int procs, ThreadKind kind) {
        String s = (hasTaskset() ? "taskset -c " + cpuListText(procs) : "no taskset (JVM options only)")
                + ", -XX:ActiveProcessorCount=" + procs;
        return kind == ThreadKind.VIRTUAL ? s + ", " + procs + " carriers (parallelism=maxPoolSize=" + procs + ")" : s;
    }

    private static String cpuListText(int procs) {
        List<Integer> cpus = allowedCpus();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(procs, cpus.size()); i++) {
            sb.append(i == 0 ? "" : ",").append(cpus.get(i));
        }
        return sb.toString();
    }
}
