package dev.mutexlab.agent.runtime;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The stacks of a profile: per site, the stacks of its sampled contended acquisitions (the
 * waiters') and of the holders whose release kept sampled waiters waiting (the blamed holders',
 * as Go's mutex profile charges contention to the {@code Unlock} stack), each with how many
 * walks found it and the nanoseconds of wait it stands for.
 *
 * <p>Rules:
 * <ul>
 *   <li>At most one waiter walk and one holder walk per {@code intervalNanos} in the whole JVM
 *       ({@code stackInterval=D}, {@link #DEFAULT_INTERVAL_NANOS}), decided by a compare-and-set
 *       on the time of the last walk of that role: the walks cost a bounded share of a CPU
 *       however many sites are contended, and each site's share of them follows its share of the
 *       sampled contended acquisitions, so the hottest sites get the stacks. The time is the one
 *       the caller already read (no clock read of its own), which also lets a test drive the
 *       bound with chosen times.
 *   <li>No walk while the lock is held by the walker: a waiter walks when it arrives at the held
 *       lock, before it waits; a holder after its release.
 *   <li>A walk keeps at most {@code depth} frames ({@code stackDepth=N}), after dropping the
 *       frames at the top that belong to the lock and not to the program: the agent's runtime and
 *       bundled library, and {@code java.util.concurrent} (so that a JDK queue or a
 *       {@code ReentrantLock} wrapper is charged to its caller). Below the first frame kept,
 *       every frame is kept.
 *   <li>A site keeps at most {@link #MAX_STACKS_PER_ROLE} distinct stacks per role; the walks
 *       beyond go to its {@code other} counts. Tables are guarded by their own monitor (never a
 *       lock the agent could have rewritten), taken once per walk.
 * </ul>
 * Counts are of walks, not scaled: they sample the contended acquisitions, and their ratios, not
 * their totals, are what they mean.
 */
public final class StackSampler {

    /** The default of {@code stackInterval=D}: 10 ms. */
    public static final long DEFAULT_INTERVAL_NANOS = 10_000_000L;
    /** The default of {@code stackDepth=N}. */
    public static final int DEFAULT_DEPTH = 32;
    /** Distinct stacks kept per site and role. */
    public static final int MAX_STACKS_PER_ROLE = 128;

    /** Frames dropped at the top of a walk (class-name prefixes): the lock's machinery, not the program's. */
    private static final String[] LOCK_FRAMES = {
            StackSampler.class.getPackageName() + ".", "dev.mutexlab.agent.bundled.", "java.util.concurrent."};
    /** The time of no walk yet. */
    private static final long NEVER = Long.MIN_VALUE;

    /** Whose stack a walk is. */
    public enum Role {
        /** A thread that arrived at the held lock. */
        WAITER,
        /** A thread whose release kept sampled waiters waiting. */
        HOLDER
    }

    /** One stack of a site and role: its frames (innermost first), walks and wait. */
    public record Stack(List<String> frames, long count, long waitNanos) {
    }

    private static volatile StackSampler current;

    private final int depth;
    private final long intervalNanos;
    private final StackWalker walker = StackWalker.getInstance();
    /** The time of the last walk of each role (by ordinal), or {@link #NEVER}. */
    private final AtomicLong[] lastWalkNanos = {new AtomicLong(NEVER), new AtomicLong(NEVER)};
    /** By site id; grown under this object's monitor, read without it. */
    private volatile SiteStacks[] bySite = new SiteStacks[0];

    /** A sampler that keeps {@code depth} frames per walk and walks each role at most once per {@code intervalNanos}. */
    public StackSampler(int depth, long intervalNanos) {
        if (depth < 1 || intervalNanos < 0) {
            throw new IllegalArgumentException("depth must be at least 1 and the interval 0 or more: " + depth + ", " + intervalNanos);
        }
        this.depth = depth;
        this.intervalNanos = intervalNanos;
    }

    /** The sampler in force, or null when stacks are off. */
    public static StackSampler current() {
        return current;
    }

    /** Puts {@code sampler} in force (null: stacks off); the agent's start calls it before any lock is timed. */
    public static void install(StackSampler sampler) {
        current = sampler;
    }

    public int depth() {
        return depth;
    }

    public long intervalNanos() {
        return intervalNanos;
    }

    /**
     * Whether the caller may walk for {@code role} at {@code nowNanos}: true for at most one caller
     * per interval, whatever its site (the one whose compare-and-set moves the last walk's time).
     */
    public boolean mayWalk(Role role, long nowNanos) {
        AtomicLong last = lastWalkNanos[role.ordinal()];
        long then = last.get();
        if (then != NEVER && nowNanos - then < intervalNanos) {
            return false;
        }
        return last.compareAndSet(then, nowNanos);
    }

    /** The current thread's stack, innermost first, without the lock's frames at the top, at most {@code depth} frames. */
    public String[] walk() {
        return walker.walk(frames -> frames
                .dropWhile(f -> isLockFrame(f.getClassName()))
                .limit(depth)
                .map(StackSampler::name)
                .toArray(String[]::new));
    }

    /** Whether a frame of {@code className} at the top of a stack belongs to the lock, not to the program. */
    static boolean isLockFrame(String className) {
        for (String prefix : LOCK_FRAMES) {
            if (className.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    private static String name(StackWalker.StackFrame f) {
        String file = f.getFileName();
        int line = f.getLineNumber();
        String where = file == null ? "Unknown Source" : line < 0 ? file : file + ":" + line;
        return f.getClassName() + "." + f.getMethodName() + "(" + where + ")";
    }

    /** Adds one walk of {@code role} at {@code site}: its frames and the wait it stands for. */
    public void record(int site, Role role, String[] frames, long waitNanos) {
        RoleStacks r = stacks(site).of(role);
        List<String> key = List.of(frames);
        synchronized (r) {
            long[] sums = r.table.get(key);
            if (sums == null) {
                if (r.table.size() >= MAX_STACKS_PER_ROLE) {
                    sums = r.other;
                } else {
                    sums = new long[2];
                    r.table.put(key, sums);
                }
            }
            sums[0]++;
            sums[1] += waitNanos;
        }
    }

    /** The stacks of {@code site} and {@code role}, the most wait first; empty if none. */
    public List<Stack> stacks(int site, Role role) {
        SiteStacks s = peek(site);
        if (s == null) {
            return List.of();
        }
        RoleStacks r = s.of(role);
        List<Stack> list = new ArrayList<>();
        synchronized (r) {
            r.table.forEach((frames, sums) -> list.add(new Stack(frames, sums[0], sums[1])));
        }
        list.sort(Comparator.comparingLong(Stack::waitNanos).reversed().thenComparing(Comparator.comparingLong(Stack::count).reversed()));
        return list;
    }

    /** The walks of {@code site} and {@code role} beyond {@link #MAX_STACKS_PER_ROLE} distinct stacks: count and wait. */
    public Stack other(int site, Role role) {
        SiteStacks s = peek(site);
        if (s == null) {
            return new Stack(List.of(), 0, 0);
        }
        RoleStacks r = s.of(role);
        synchronized (r) {
            return new Stack(List.of(), r.other[0], r.other[1]);
        }
    }

    private SiteStacks peek(int site) {
        SiteStacks[] table = bySite;
        return site < table.length ? table[site] : null;
    }

    private SiteStacks stacks(int site) {
        SiteStacks s = peek(site);
        return s != null ? s : create(site);
    }

    private synchronized SiteStacks create(int site) {
        SiteStacks[] old = bySite;
        if (site < old.length && old[site] != null) {
            return old[site];
        }
        // copy on write: a reader sees the old array or the new one, each complete
        SiteStacks[] table = Arrays.copyOf(old, Math.max(site + 1, old.length));
        table[site] = new SiteStacks();
        bySite = table;
        return table[site];
    }

    /** One site's stacks, by role. */
    private static final class SiteStacks {
        final RoleStacks waiters = new RoleStacks();
        final RoleStacks holders = new RoleStacks();

        RoleStacks of(Role role) {
            return role == Role.WAITER ? waiters : holders;
        }
    }

    /**
     * One site's stacks of one role: its table (walks and wait by stack) and the sums of the walks
     * beyond it, both guarded by this object's monitor.
     */
    private static final class RoleStacks {
        final Map<List<String>, long[]> table = new HashMap<>();
        final long[] other = new long[2];
    }
}
