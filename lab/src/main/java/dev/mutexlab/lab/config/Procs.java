package dev.mutexlab.lab.config;

import dev.mutexlab.lab.results.UsageException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The one rule for processor counts (P, Go's GOMAXPROCS) in every command: each is a positive
 * count or {@code all} (the CPUs this process may use); counts above those CPUs are left out and
 * said so; if nothing is left, that is an error. Repeated counts are measured once.
 */
public final class Procs {
    private Procs() {
    }

    /**
     * Processor counts that fit, and a note saying what was left out.
     *
     * @param kept    the counts at most the CPUs, in the given order, each once
     * @param dropped the counts left out
     * @param note    one sentence for the output and the result file; empty when nothing was dropped
     */
    public record Clip(List<Integer> kept, List<Integer> dropped, String note) {
    }

    /** Keeps the counts at most {@code cpus}; throws {@link UsageException} if none is left. */
    public static Clip clip(List<Integer> procs, int cpus) {
        LinkedHashSet<Integer> kept = new LinkedHashSet<>();
        List<Integer> dropped = new ArrayList<>();
        for (int p : procs) {
            if (p < 1) {
                throw new UsageException("procs must be at least 1, got " + p);
            }
            if (p <= cpus) {
                kept.add(p);
            } else {
                dropped.add(p);
            }
        }
        if (kept.isEmpty()) {
            throw new UsageException("--procs " + join(procs) + ": none fits this machine's " + cpus + " CPUs");
        }
        String note = dropped.isEmpty() ? "" : "procs " + join(dropped) + " left out: this machine has " + cpus + " CPUs";
        return new Clip(List.copyOf(kept), List.copyOf(dropped), note);
    }

    /** 1, 2, 4, … below {@code cpus}, then {@code cpus}: Go's usual {@code -cpu} ladder. */
    public static List<Integer> ladder(int cpus) {
        List<Integer> list = new ArrayList<>();
        for (int p = 1; p < cpus; p *= 2) {
            list.add(p);
        }
        list.add(cpus);
        return list;
    }

    private static String join(List<Integer> values) {
        return values.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }
}
