package dev.mutexlab.lab.workload;

import dev.mutexlab.lab.results.Noise;
import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads, at the two ends of a measured window, what else the machine and this JVM did: steal and
 * busy time of the whole machine from Linux's {@code /proc/stat}, this process's own CPU time from
 * {@code /proc/self/stat}, garbage collections and JIT compilation time from the MXBeans. Cheap
 * (two small file reads and a few MXBean calls), and read outside the window.
 */
public final class NoiseMeter {
    private static final Path PROC_STAT = Path.of("/proc/stat");
    private static final Path SELF_STAT = Path.of("/proc/self/stat");
    private static final List<GarbageCollectorMXBean> GCS = ManagementFactory.getGarbageCollectorMXBeans();
    private static final CompilationMXBean JIT = ManagementFactory.getCompilationMXBean();

    /**
     * One reading.
     *
     * @param stealTicks machine-wide steal, in clock ticks (-1: not readable)
     * @param busyTicks  machine-wide busy time (user, nice, system, irq, softirq)
     * @param totalTicks machine-wide time of every kind
     * @param selfTicks  this process's utime + stime
     */
    public record Reading(long stealTicks, long busyTicks, long totalTicks, long selfTicks, long gcCount, long gcMillis,
                          long jitMillis) {
    }

    private NoiseMeter() {
    }

    /** Reads now. */
    public static Reading read() {
        long steal = -1;
        long busy = 0;
        long total = 0;
        long self = -1;
        try {
            String first = Files.readAllLines(PROC_STAT).getFirst();
            String[] f = first.trim().split("\\s+"); // cpu user nice system idle iowait irq softirq steal ...
            long[] v = new long[f.length - 1];
            for (int i = 1; i < f.length; i++) {
                v[i - 1] = Long.parseLong(f[i]);
            }
            busy = v[0] + v[1] + v[2] + v[5] + v[6];
            steal = v.length > 7 ? v[7] : 0;
            total = v[0] + v[1] + v[2] + v[3] + v[4] + v[5] + v[6] + steal;
            String stat = Files.readString(SELF_STAT);
            String[] s = stat.substring(stat.lastIndexOf(')') + 2).split(" "); // field 3 onwards
            self = Long.parseLong(s[11]) + Long.parseLong(s[12]); // utime, stime: fields 14 and 15
        } catch (IOException | RuntimeException e) {
            steal = -1; // not Linux, or a format this reader does not know: the shares are NaN
        }
        long gcCount = 0;
        long gcMillis = 0;
        for (GarbageCollectorMXBean gc : GCS) {
            gcCount += Math.max(0, gc.getCollectionCount());
            gcMillis += Math.max(0, gc.getCollectionTime());
        }
        long jit = JIT != null && JIT.isCompilationTimeMonitoringSupported() ? JIT.getTotalCompilationTime() : -1;
        return new Reading(steal, busy, total, self, gcCount, gcMillis, jit);
    }

    /** The noise between two readings around a window of {@code wallNanos}. */
    public static Noise between(Reading before, Reading after, long wallNanos) {
        long total = after.totalTicks() - before.totalTicks();
        boolean proc = before.stealTicks() >= 0 && after.stealTicks() >= 0 && total > 0;
        double steal = proc ? (double) (after.stealTicks() - before.stealTicks()) / total : Double.NaN;
        double other = proc ? Math.max(0, (double) ((after.busyTicks() - before.busyTicks())
                - (after.selfTicks() - before.selfTicks())) / total) : Double.NaN;
        long jit = before.jitMillis() < 0 ? -1 : (after.jitMillis() - before.jitMillis()) * 1_000_000L;
        return Noise.of(steal, other, after.gcCount() - before.gcCount(), (after.gcMillis() - before.gcMillis()) * 1_000_000L,
                jit, wallNanos);
    }
}
