package dev.mutexlab.lab.runner;

import java.util.ArrayList;
import java.util.List;

/**
 * What a multi-JVM run has measured so far: the finished groups, and the group a child JVM is
 * measuring now with the items it has reported. An interrupted run prints {@link #all} — every
 * finished group plus the finished part of the current one. Thread-safe: the run adds while a
 * shutdown hook may read.
 *
 * @param <G> a finished group
 * @param <I> an item a child reports as it goes (a shape, a benchmark measurement)
 */
public final class GroupsSoFar<G, I> {
    /** Builds a group from the items reported so far, for a group still running. */
    @FunctionalInterface
    public interface Partial<G, I> {
        G group(String threads, int procs, String enforcement, List<I> items);
    }

    private final List<G> finished = new ArrayList<>();
    private final List<I> items = new ArrayList<>();
    private String threads;
    private int procs;
    private String enforcement;

    /** A child JVM starts measuring the group ({@code threads}, {@code procs}). */
    public synchronized void begin(String threads, int procs, String enforcement) {
        this.threads = threads;
        this.procs = procs;
        this.enforcement = enforcement;
        items.clear();
    }

    /** The running child reported {@code item}. */
    public synchronized void add(I item) {
        items.add(item);
    }

    /** The running group is done; {@code group} is its full result. */
    public synchronized void finish(G group) {
        finished.add(group);
        items.clear();
        threads = null;
    }

    /** The finished groups, then the running one if it has reported anything. */
    public synchronized List<G> all(Partial<G, I> partial) {
        List<G> all = new ArrayList<>(finished);
        if (threads != null && !items.isEmpty()) {
            all.add(partial.group(threads, procs, enforcement, List.copyOf(items)));
        }
        return all;
    }
}
