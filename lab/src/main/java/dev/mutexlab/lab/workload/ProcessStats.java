package dev.mutexlab.lab.workload;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time and context switches of this JVM, summed over its threads: the process CPU time from the
 * platform MXBean, and voluntary / involuntary context switches from
 * {@code /proc/self/task/<tid>/status} (zeros where /proc does not exist). The clock is read next to
 * the CPU time, so that CPU per wall second compares like with like: walking /proc takes a while,
 * and on a processor the workers keep busy, long enough to count for a tenth of a measurement.
 *
 * @param wallNanos             {@link System#nanoTime()} when the CPU time was read
 * @param cpuNanos              process CPU time
 * @param voluntarySwitches     context switches the threads asked for (park, sleep, yield)
 * @param involuntarySwitches   context switches forced by the scheduler (preemption)
 */
public record ProcessStats(long wallNanos, long cpuNanos, long voluntarySwitches, long involuntarySwitches) {
    private static final Path TASKS = Path.of("/proc/self/task");

    /** A snapshot now. */
    public static ProcessStats now() {
        long wall = System.nanoTime();
        long cpu = ManagementFactory.getPlatformMXBean(com.sun.management.OperatingSystemMXBean.class).getProcessCpuTime();
        long vol = 0;
        long invol = 0;
        if (Files.isDirectory(TASKS)) {
            try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
                for (Path task : tasks) {
                    try {
                        for (String line : Files.readAllLines(task.resolve("status"))) {
                            if (line.startsWith("voluntary_ctxt_switches:")) {
                                vol += Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                            } else if (line.startsWith("nonvoluntary_ctxt_switches:")) {
                                invol += Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                            }
                        }
                    } catch (IOException | NumberFormatException e) {
                        // the thread exited between listing and reading: it no longer counts
                    }
                }
            } catch (IOException e) {
                // no /proc: leave the switches at zero
            }
        }
        return new ProcessStats(wall, cpu, vol, invol);
    }

    /** What happened between {@code earlier} and this snapshot. */
    public ProcessStats since(ProcessStats earlier) {
        return new ProcessStats(wallNanos - earlier.wallNanos, cpuNanos - earlier.cpuNanos,
                Math.max(0, voluntarySwitches - earlier.voluntarySwitches),
                Math.max(0, involuntarySwitches - earlier.involuntarySwitches));
    }
}
