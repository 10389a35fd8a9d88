package dev.mutexlab.lab.results;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.DoubleStream;

/**
 * What the machine and the JVM did during one measured window besides the measurement: the noise
 * that a batch's figure carries. Read by the child at the window's two ends.
 *
 * @param stealShare    share of the machine's CPU time the hypervisor gave to other guests (Linux's
 *                      {@code /proc/stat} steal, over all CPUs); NaN where not readable
 * @param otherCpuShare share of the machine's CPU time spent busy by anything but this JVM
 *                      ({@code /proc/stat} busy time less {@code /proc/self/stat} utime + stime); NaN where not readable
 * @param gcCount       garbage collections in the window (every collector's MXBean)
 * @param gcNanos       time those collections took, as the MXBeans count it (milliseconds, scaled)
 * @param jitNanos      time the JIT compilers spent compiling in the window (CompilationMXBean; summed over
 *                      compiler threads, so it can exceed the window); -1 where not supported
 * @param lineBeforeNanos the round trip of a cache line between two CPUs just before the workers
 *                      started ({@code LineProbe}); NaN where not probed (one CPU, older files, apps)
 * @param lineAfterNanos the same just after the workers stopped
 * @param disturbed     the thresholds this window crossed, in words ({@code steal 3.1%}); empty: a quiet window
 */
public record Noise(double stealShare, double otherCpuShare, long gcCount, long gcNanos, long jitNanos,
                    double lineBeforeNanos, double lineAfterNanos, List<String> disturbed) {
    /** A window with more steal than this is disturbed: the VM lost CPUs to its neighbours. */
    public static final double MAX_STEAL_SHARE = 0.02;
    /** A window where other processes used more than this share of the machine is disturbed. */
    public static final double MAX_OTHER_CPU_SHARE = 0.10;
    /** A window that spent more than this share of its time in GC is disturbed. */
    public static final double MAX_GC_SHARE = 0.01;
    /** A window whose JIT compilation time exceeds this share of it is disturbed: code was still being compiled. */
    public static final double MAX_JIT_SHARE = 0.05;
    /**
     * A window is disturbed when the line's round trip after it differs from the one before it by
     * more than this factor: the machine changed speed around the measurement. Above the probe's
     * spread within one state (1.4-1.6x over 120 probes, in two runs on our 2-vCPU VM) and far below
     * the gap between the VM's two states (56-59 ns against 375-419 ns, block medians; every lock
     * ran 1.1-2x faster in the fast one: docs/RESULTS.md §17.4). Two windows whose probes lie
     * further apart than this were measured in different states ({@link #oneState}).
     */
    public static final double MAX_LINE_CHANGE = 2.0;

    /** The noise with its flags against the thresholds above, for a window of {@code wallNanos}. */
    public static Noise of(double stealShare, double otherCpuShare, long gcCount, long gcNanos, long jitNanos, long wallNanos) {
        List<String> flags = new ArrayList<>();
        if (stealShare > MAX_STEAL_SHARE) {
            flags.add(String.format(java.util.Locale.ROOT, "steal %.1f%%", stealShare * 100));
        }
        if (otherCpuShare > MAX_OTHER_CPU_SHARE) {
            flags.add(String.format(java.util.Locale.ROOT, "other CPU %.0f%%", otherCpuShare * 100));
        }
        if (wallNanos > 0 && gcNanos > MAX_GC_SHARE * wallNanos) {
            flags.add(String.format(java.util.Locale.ROOT, "GC %d in %.1fms", gcCount, gcNanos / 1e6));
        }
        if (wallNanos > 0 && jitNanos > MAX_JIT_SHARE * wallNanos) {
            flags.add(String.format(java.util.Locale.ROOT, "JIT %.0fms", jitNanos / 1e6));
        }
        return new Noise(stealShare, otherCpuShare, gcCount, gcNanos, jitNanos, Double.NaN, Double.NaN, List.copyOf(flags));
    }

    /** This noise with the line probes around the window, flagged when they differ by more than MAX_LINE_CHANGE times. */
    public Noise withLineRoundTrip(double beforeNanos, double afterNanos) {
        List<String> flags = new ArrayList<>(disturbed == null ? List.of() : disturbed);
        if (beforeNanos > 0 && afterNanos > 0
                && Math.max(beforeNanos, afterNanos) > MAX_LINE_CHANGE * Math.min(beforeNanos, afterNanos)) {
            flags.add(String.format(java.util.Locale.ROOT, "line %.0f->%.0fns", beforeNanos, afterNanos));
        }
        return new Noise(stealShare, otherCpuShare, gcCount, gcNanos, jitNanos, beforeNanos, afterNanos, List.copyOf(flags));
    }

    /**
     * Whether two windows were measured in one state of the machine: every line probe of both (before
     * and after each) within {@link #MAX_LINE_CHANGE} of every other. A ratio between two locks is
     * theirs only then; across states it is mostly the machine's. Windows without probes (one CPU, a
     * probe that gave up, files written before the probe, commands that do not probe) cannot show a
     * change and count as one state.
     */
    public static boolean oneState(Noise a, Noise b) {
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (Noise n : new Noise[] {a, b}) {
            for (double probe : lineProbes(n)) {
                min = Math.min(min, probe);
                max = Math.max(max, probe);
            }
        }
        return max <= MAX_LINE_CHANGE * min || min == Double.POSITIVE_INFINITY;
    }

    /** The line probes {@code n} read around its window (before, after), leaving out those not taken; none for null. */
    public static double[] lineProbes(Noise n) {
        if (n == null) {
            return new double[0];
        }
        return DoubleStream.of(n.lineBeforeNanos, n.lineAfterNanos)
                .filter(probe -> probe > 0 && Double.isFinite(probe)).toArray();
    }

    /** Whether the window crossed a threshold. */
    public boolean wasDisturbed() {
        return disturbed != null && !disturbed.isEmpty();
    }
}
