package dev.mutexlab.agent.runtime;

import dev.mutexlab.locks.LineupMutex;
import dev.mutexlab.locks.LockEvent;
import dev.mutexlab.locks.LockStats;
import dev.mutexlab.locks.Mutex;
import java.lang.ref.WeakReference;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The swapped locks that record statistics ({@code lock=SPEC:stats}), by the rewritten site that
 * constructed them, so that the report can add up their lock events at exit: how often they
 * waited, parked, handed over and, for {@code lineup}, which waiting policy each runs and how
 * often its chooser tried and switched policies. Under the agent the library's own JFR events are
 * not recorded (its classes load on the boot class path), so this is how a program run with the
 * agent shows them.
 *
 * <p>References are weak, so tracking never keeps a lock alive: a lock collected before exit leaves
 * its counts out, and the report says how many locks it added up. A site tracks at most
 * {@link #MAX_PER_SITE} locks (a program that makes a lock per object would otherwise fill a
 * queue): the report also says how many it left out. Only locks that record statistics are
 * tracked, so without {@code :stats} a construction pays one test.
 *
 * <p>The tables are a {@link ConcurrentHashMap} (monitors) and lock-free queues: nothing here takes
 * a lock the agent could have rewritten.
 */
public final class TrackedLocks {

    /** The most locks tracked per site. */
    public static final int MAX_PER_SITE = 4096;

    private static final ConcurrentHashMap<Integer, PerSite> BY_SITE = new ConcurrentHashMap<>();

    private TrackedLocks() {
    }

    private static final class PerSite {
        final ConcurrentLinkedQueue<WeakReference<Mutex>> locks = new ConcurrentLinkedQueue<>();
        final AtomicInteger tracked = new AtomicInteger();
        final AtomicInteger leftOut = new AtomicInteger();
    }

    /**
     * What a site's tracked locks add up to at the moment it is asked.
     *
     * @param events   every lock event with a non-zero count, summed over the locks still reachable, in
     *                 {@link LockEvent}'s order
     * @param locks    how many locks those are
     * @param leftOut  locks constructed beyond {@link #MAX_PER_SITE}, not tracked
     * @param policies for {@code lineup}: how many of those locks run each policy now (empty otherwise)
     */
    public record Totals(Map<String, Long> events, int locks, int leftOut, Map<String, Integer> policies) {
    }

    /** Tracks {@code mutex}, constructed at rewritten site {@code site}, if it records statistics. */
    static void constructed(int site, Mutex mutex) {
        if (!mutex.stats().enabled()) {
            return;
        }
        PerSite s = BY_SITE.computeIfAbsent(site, k -> new PerSite());
        if (s.tracked.incrementAndGet() > MAX_PER_SITE) {
            s.tracked.decrementAndGet();
            s.leftOut.incrementAndGet();
            return;
        }
        s.locks.add(new WeakReference<>(mutex));
    }

    /**
     * The totals of the rewritten sites {@code sites} together (one place in a class file may have
     * several), or null when none of them tracked a lock.
     */
    public static Totals of(List<Integer> sites) {
        LockEvent[] all = LockEvent.values();
        long[] sums = new long[all.length];
        Map<String, Integer> policies = new TreeMap<>();
        int locks = 0;
        int leftOut = 0;
        boolean any = false;
        for (int site : sites) {
            PerSite s = BY_SITE.get(site);
            if (s == null) {
                continue;
            }
            any = true;
            leftOut += s.leftOut.get();
            for (WeakReference<Mutex> ref : s.locks) {
                Mutex m = ref.get();
                if (m == null) {
                    continue;
                }
                locks++;
                LockStats stats = m.stats();
                for (LockEvent e : all) {
                    sums[e.ordinal()] += stats.count(e);
                }
                if (m instanceof LineupMutex lineup) {
                    policies.merge(lineup.policy(), 1, Integer::sum);
                }
            }
        }
        if (!any) {
            return null;
        }
        Map<String, Long> events = new LinkedHashMap<>(); // LockEvent's order
        for (LockEvent e : all) {
            if (sums[e.ordinal()] != 0) {
                events.put(e.name(), sums[e.ordinal()]);
            }
        }
        return new Totals(events, locks, leftOut, policies);
    }
}
