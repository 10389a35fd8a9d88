package dev.mutexlab.agent.runtime;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A thread's buffers: its {@link SiteStats} by site id. A thread's buffers are created on its first
 * timed lock and kept (in a lock-free queue) after it ends, so the report counts every thread; a
 * site's entry is created on the thread's first acquisition of it. After that an acquisition only
 * reads a thread-local and an array.
 */
public final class ThreadStats {

    private static final ThreadLocal<ThreadStats> CURRENT = ThreadLocal.withInitial(ThreadStats::register);
    // Lock-free (j.u.c.'s queue takes no ReentrantLock), so registering a thread never enters a lock
    // the agent rewrote.
    private static final ConcurrentLinkedQueue<ThreadStats> ALL = new ConcurrentLinkedQueue<>();

    private SiteStats[] bySite = new SiteStats[16];

    private ThreadStats() {
    }

    private static ThreadStats register() {
        ThreadStats stats = new ThreadStats();
        ALL.add(stats);
        return stats;
    }

    /** The current thread's buffers. */
    public static ThreadStats current() {
        return CURRENT.get();
    }

    /** Every thread's buffers so far. */
    public static Collection<ThreadStats> all() {
        return List.copyOf(ALL);
    }

    /** This thread's numbers for {@code site}, created on first use. */
    public SiteStats site(int site) {
        SiteStats[] table = bySite;
        if (site < table.length) {
            SiteStats stats = table[site];
            if (stats != null) {
                return stats;
            }
        }
        return create(site);
    }

    private SiteStats create(int site) {
        if (site >= bySite.length) {
            bySite = Arrays.copyOf(bySite, Math.max(site + 1, bySite.length * 2));
        }
        SiteStats stats = new SiteStats();
        bySite[site] = stats;
        return stats;
    }

    /** This thread's numbers for {@code site}, or null if it never used the site (for reports). */
    public SiteStats peek(int site) {
        SiteStats[] table = bySite;
        return site < table.length ? table[site] : null;
    }
}
