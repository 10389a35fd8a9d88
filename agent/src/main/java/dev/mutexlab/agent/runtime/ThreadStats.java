package dev.mutexlab.agent.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A thread's buffers: its {@link SiteStats} by site id, created on its first timed lock; a site's
 * entry is created on the thread's first acquisition of it. After that an acquisition only reads a
 * thread-local and an array. When the thread has ended its buffers fold into one total per site,
 * so what the profile keeps is bounded by the threads alive, not by every thread that ever ran.
 *
 * <p>A report ({@link #snapshot()}) counts every thread that registered before it began exactly
 * once: an ended thread through the totals as they were when the snapshot was taken, every other
 * through its buffers, read afterwards (a thread still running may have a few updates the report
 * does not see; one that ends meanwhile has its final numbers read). A thread that registers while
 * the snapshot is taken may be left out.
 *
 * <p>Implementation notes.
 *
 * <p>Registry. A registering thread adds an {@link Entry} to {@code LIVE}, a lock-free queue: the
 * entry refers to the {@code Thread} weakly (the profile never keeps a thread, or what its task
 * holds, alive) and to the buffers strongly; the buffers do not refer to the thread. The totals of
 * ended threads ({@code endedBySite}, {@code endedThreadsBySite}) are guarded by the monitor
 * {@code FOLD}, and an entry leaves {@code LIVE} only under it, in the same critical section that
 * adds its buffers to the totals; a snapshot copies the totals and lists {@code LIVE} under it too.
 * So an entry is, at every moment a snapshot can see, in exactly one of the two: that is the
 * exactly-once above.
 *
 * <p>When a thread has ended. A sweep, under {@code FOLD}, folds every entry whose thread has
 * ended: its {@code Thread} was collected (a thread that can still run is reachable), or
 * {@code isAlive()} is false. The second catches a thread the program still holds (a pool's list of
 * workers, a test's array of joined threads), which reachability alone would never report. An
 * ended thread runs no more of the program's code, so no increment can come after the fold: the
 * fold reads the owner's plain writes, and JLS 17.4.4 makes a thread's last action
 * synchronize-with the {@code isAlive()} that returns false. A collected thread gives no JLS edge,
 * but it stopped before the collection that cleared the entry, a safepoint, which orders memory
 * on the JVMs the agent runs on.
 *
 * <p>When a sweep runs. Every registration counts {@code registrationsBeforeSweep} down; the one
 * that takes it to zero sweeps, and the sweep sets it to the number of entries left (at least
 * {@link #MIN_REGISTRATIONS_PER_SWEEP}). So a sweep's cost, linear in the entries, is paid once per
 * as many registrations (constant per thread, amortized), and between sweeps the entries are at
 * most twice the threads that were alive at the last one (or twice the minimum), plus the threads
 * registering during it. A report sweeps first as well. While no thread registers, the ended ones
 * stay in {@code LIVE} until the next sweep: bounded, not prompt.
 *
 * <p>Why a sweep and not a {@code Cleaner} or a {@code ReferenceQueue} of the entries: both hear
 * of a thread only when its {@code Thread} becomes unreachable, which a thread the program still
 * holds never does; a {@code Cleaner} adds a thread of its own that would take the monitor anyway;
 * and a queue's entries would have to leave {@code LIVE} by identity, which a lock-free queue does
 * in linear time. A sweep sees both ways a thread ends and needs no thread of its own.
 *
 * <p>Nothing here takes a lock the agent could have rewritten: the queue and the counter are
 * lock-free, the rest takes a monitor, and {@code isAlive()} takes neither (the profiled locks call
 * {@link #current()}, so a rewritten lock here would recurse into registration).
 */
public final class ThreadStats {

    /** The fewest registrations between two sweeps (when few threads are alive). */
    static final int MIN_REGISTRATIONS_PER_SWEEP = 64;

    private static final ThreadLocal<ThreadStats> CURRENT = ThreadLocal.withInitial(ThreadStats::register);
    // Lock-free (j.u.c.'s queue takes no ReentrantLock), so registering a thread never enters a lock
    // the agent rewrote, and only the registration that sweeps waits for a sweep or a report.
    private static final ConcurrentLinkedQueue<Entry> LIVE = new ConcurrentLinkedQueue<>();
    /** Guards the totals below and every removal from {@code LIVE}. */
    private static final Object FOLD = new Object();

    /** The ended threads' numbers by site; null where none has used the site. Guarded by {@code FOLD}. */
    private static SiteStats[] endedBySite = new SiteStats[0];
    /** How many ended threads acquired a lock of each site. Guarded by {@code FOLD}. */
    private static long[] endedThreadsBySite = new long[0];

    /** Registrations left before the next sweep; accessed through {@link #REGISTRATIONS_BEFORE_SWEEP}. */
    @SuppressWarnings("unused")
    private static volatile int registrationsBeforeSweep = MIN_REGISTRATIONS_PER_SWEEP;

    private SiteStats[] bySite = new SiteStats[16];

    private ThreadStats() {
    }

    /** A registered thread: its {@code Thread} weakly, its buffers strongly. */
    static final class Entry extends WeakReference<Thread> {
        final ThreadStats stats;

        Entry(Thread thread, ThreadStats stats) {
            super(thread);
            this.stats = stats;
        }

        /** Whether the thread has ended: collected, or no longer alive (see the notes). */
        boolean ended() {
            Thread thread = get();
            return thread == null || !thread.isAlive();
        }
    }

    private static ThreadStats register() {
        ThreadStats stats = new ThreadStats();
        LIVE.add(new Entry(Thread.currentThread(), stats));
        // Release suffices: the count only elects the one registration that sweeps (any mode of
        // getAndAdd is atomic) and publishes nothing; the sweep reads under FOLD.
        if ((int) REGISTRATIONS_BEFORE_SWEEP.getAndAddRelease(-1) == 1) {
            synchronized (FOLD) {
                sweep();
            }
        }
        return stats;
    }

    /** The current thread's buffers. */
    public static ThreadStats current() {
        return CURRENT.get();
    }

    /**
     * The numbers a report reads, as of now: the ended threads' totals (a copy) and the buffers of
     * the threads registered and not yet ended. Folds the threads that have ended first.
     */
    public static Snapshot snapshot() {
        synchronized (FOLD) {
            sweep();
            SiteStats[] ended = new SiteStats[endedBySite.length];
            for (int site = 0; site < ended.length; site++) {
                if (endedBySite[site] != null) {
                    ended[site] = new SiteStats();
                    ended[site].add(endedBySite[site]);
                }
            }
            List<ThreadStats> live = new ArrayList<>();
            for (Entry e : LIVE) {
                live.add(e.stats);
            }
            return new Snapshot(ended, endedThreadsBySite.clone(), Collections.unmodifiableList(live));
        }
    }

    /**
     * Folds every ended thread's buffers into the totals and drops its entry; sets the count to the
     * next sweep. Called with {@code FOLD} held.
     */
    private static void sweep() {
        int left = 0;
        for (Iterator<Entry> it = LIVE.iterator(); it.hasNext(); ) {
            Entry e = it.next();
            if (e.ended()) {
                fold(e.stats);
                it.remove();
            } else {
                left++;
            }
        }
        // Opaque suffices: the count publishes nothing (see register); a registration racing with
        // this write only shifts the next sweep by one.
        REGISTRATIONS_BEFORE_SWEEP.setOpaque(Math.max(MIN_REGISTRATIONS_PER_SWEEP, left));
    }

    /** Adds an ended thread's buffers to the totals. Called with {@code FOLD} held. */
    private static void fold(ThreadStats thread) {
        SiteStats[] table = thread.bySite;
        for (int site = 0; site < table.length; site++) {
            SiteStats s = table[site];
            if (s == null) {
                continue;
            }
            if (site >= endedBySite.length) {
                int length = Math.max(site + 1, endedBySite.length * 2);
                endedBySite = Arrays.copyOf(endedBySite, length);
                endedThreadsBySite = Arrays.copyOf(endedThreadsBySite, length);
            }
            if (endedBySite[site] == null) {
                endedBySite[site] = new SiteStats();
            }
            endedBySite[site].add(s);
            if (s.acquisitionsNow() > 0) {
                endedThreadsBySite[site]++;
            }
        }
    }

    /** Folds the threads that have ended now, as a registration's or a report's sweep would. */
    static void sweepNow() {
        synchronized (FOLD) {
            sweep();
        }
    }

    /** The threads whose buffers are kept now: registered and not yet folded. */
    static int registeredThreads() {
        return LIVE.size();
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

    /**
     * What a report reads (see the class's notes for what it counts): the ended threads' totals as
     * they were when it was taken, and the buffers of the threads that had not ended then.
     */
    public static final class Snapshot {
        private final SiteStats[] endedBySite;
        private final long[] endedThreadsBySite;
        private final List<ThreadStats> live;

        Snapshot(SiteStats[] endedBySite, long[] endedThreadsBySite, List<ThreadStats> live) {
            this.endedBySite = endedBySite;
            this.endedThreadsBySite = endedThreadsBySite;
            this.live = live;
        }

        /** The ended threads' numbers for {@code site}, or null if none of them used it. */
        public SiteStats ended(int site) {
            return site < endedBySite.length ? endedBySite[site] : null;
        }

        /** How many ended threads acquired a lock of {@code site}. */
        public long endedThreads(int site) {
            return site < endedThreadsBySite.length ? endedThreadsBySite[site] : 0;
        }

        /** The buffers of the threads not ended when the snapshot was taken. */
        public List<ThreadStats> live() {
            return live;
        }
    }

    // VarHandle mechanics
    private static final VarHandle REGISTRATIONS_BEFORE_SWEEP;

    static {
        try {
            REGISTRATIONS_BEFORE_SWEEP = MethodHandles.lookup().findStaticVarHandle(ThreadStats.class,
                    "registrationsBeforeSweep", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
