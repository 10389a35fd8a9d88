package dev.mutexlab.lab.gobench;

import java.util.List;

/** What the parent asks one suite child JVM to measure. */
public record SuiteTask(List<String> benchmarks, List<String> locks, int count, long benchNanos, long benchN,
                        String threads, int procs, String enforcement) {
}
