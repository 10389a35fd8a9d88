package dev.mutexlab.agent.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * What {@code java.util.concurrent.locks.ReentrantLock}'s own methods call while an attached profile
 * probes them, so that the locks a program made before the attach are timed too. The agent adds
 * two calls to each of {@code lock()}, {@code lockInterruptibly()}, {@code tryLock(long, TimeUnit)}
 * and {@code unlock()}: one before the method's own code, which returns a token, and one before its
 * return, which takes it. Nothing else of the JDK's lock changes, and the agent takes the calls out
 * again when the profile stops.
 *
 * <pre>{@code
 * lock():                                          // rewritten ReentrantLock.lock()
 *   token = arriving(this)                         //   if --thread.countdown > 0: NOT_TIMED
 *   sync.lock()                                    //   the JDK's own code, unchanged
 *   acquired(this, token)                          //   if token == NOT_TIMED: nothing
 * unlock():
 *   token = unlocking(this)                        //   if no thread has a timed hold: NOT_TIMED
 *   sync.release(1)
 *   released(token)
 * }</pre>
 *
 * <p>Site: the acquisition point. A lock made before the attach has no allocation site the agent
 * saw, and the JDK's lock has no field to keep one in, so a sampled acquisition is charged to the
 * frame that called the lock's method ({@code frames=N}: N frames above it), the way Linux's
 * {@code lock_stat} charges an acquisition point; the site's {@code lockClass} names the lock's
 * class. Its kind is {@link #KIND}. A lock's identity would name no place in the program, and a
 * program with a lock per object would make a site per object.
 *
 * <p>Sampling and counting. One countdown per thread for all the JDK locks it takes, set at random
 * to 1..2N-1 (mean N, {@code sample=N}) after each sampled acquisition, so a thread that takes
 * locks in a fixed cycle does not always sample the same one. An acquisition sampled out decrements
 * it and does nothing else: the site is found only on the sampled path (a stack walk), so these
 * sites count in steps of N, each sampled acquisition standing for N ({@code acquisitions},
 * {@code tryLockFailures}; exact with {@code sample=1}). Only the sampled one walks the stack, before
 * it looks at the lock and reads the clock, so the walk is in neither the wait nor the hold.
 *
 * <p>Holds. A thread times one hold of these locks at a time (its {@link Sampler} keeps the lock,
 * the site and the start); a sampled acquisition of another lock while one is timed, or of the same
 * lock again, is counted and not timed. A release checks {@link #timedHolds}, the number of timed
 * holds in the JVM, before it reads its thread's sampler: with none, an unlock pays one read. The
 * count is changed only by a thread that starts or ends a timed hold, and a thread reads its own
 * increment (or a later value), so a thread with a timed hold always finds it.
 *
 * <p>Waiters. A sampled arrival that finds the lock held reads {@code getQueueLength()} (the JDK's
 * queue, walked without a lock): every waiter, not only the sampled ones.
 *
 * <p>Nothing here takes a {@code ReentrantLock} (the tables are a {@link ConcurrentHashMap}, whose
 * writers take monitors, and {@link Sites}' monitor), and a thread on its sampled path marks itself
 * busy, so a lock taken by the JDK under the stack walk is not sampled again within it. Every
 * class the hooks use is loaded and initialized by {@link #begin} before the JDK's lock calls them.
 */
public final class ReentrantLockHooks {

    /** The kind of an acquisition-point site, in the report. */
    public static final String KIND = "acquire";

    /** The token of an acquisition not timed, and of a release that ends no timed hold. */
    public static final long NOT_TIMED = Long.MIN_VALUE;
    /** The token of a sampled acquisition that is counted and not timed (reentrant, or another hold timed). */
    static final long COUNTED = Long.MIN_VALUE + 1;
    /** The token of a timed acquisition that found the lock free. */
    static final long FREE = Long.MIN_VALUE + 2;

    private static final String RUNTIME_PACKAGE = ReentrantLockHooks.class.getPackageName() + ".";
    private static final String JDK_LOCK = ReentrantLock.class.getName();
    private static final StackWalker WALKER = StackWalker.getInstance();
    private static final ThreadLocal<Sampler> CURRENT = ThreadLocal.withInitial(Sampler::new);

    /** The profile in progress, or null: set by {@link #begin}, cleared by {@link #end}. */
    private static volatile Run run;
    /** Profiles begun in this JVM; guarded by the class's monitor. */
    private static int generations;
    /** How many threads have a timed hold now; accessed through {@link #TIMED_HOLDS}. */
    @SuppressWarnings("unused")
    private static volatile int timedHolds;

    private ReentrantLockHooks() {
    }

    /** One profile: its generation (a thread's sampler from an earlier one starts over) and its sites by place. */
    private static final class Run {
        final int generation;
        final ConcurrentHashMap<String, Integer> sites = new ConcurrentHashMap<>();

        Run(int generation) {
            this.generation = generation;
        }
    }

    /** A thread's sampling state; only its thread reads and writes it. */
    static final class Sampler {
        /** JDK-lock acquisitions left before the next sampled one. */
        int countdown = 1;
        /** How many acquisitions the current sample stands for ({@code sample=N} when it was taken). */
        int weight = 1;
        /** The run this state belongs to. */
        int generation = -1;
        /** xorshift state for the countdown's random reset; never 0. */
        int seed;
        /** On the sampled path: locks taken meanwhile (by the stack walk, ...) are not sampled. */
        boolean busy;
        /** The site of the sampled acquisition in progress, or -1. */
        int arrivalSite = -1;
        /** The lock whose hold this thread times, or null. */
        ReentrantLock timedLock;
        int timedSite;
        long holdStartNanos;
        long holdEndNanos;

        Sampler() {
            seed = (int) System.nanoTime() ^ System.identityHashCode(this) | 1;
        }

        /** Forgets a profile before {@code r}: its timed hold, if any, is no longer this one's. */
        void join(Run r) {
            if (generation != r.generation) {
                generation = r.generation;
                timedLock = null;
                arrivalSite = -1;
            }
        }

        /** The next countdown: uniform in 1..2N-1 (mean N). */
        int nextCountdown(int sampleEvery) {
            if (sampleEvery <= 1) {
                return 1;
            }
            int x = seed;
            x ^= x << 13;
            x ^= x >>> 17;
            x ^= x << 5;
            seed = x;
            return 1 + (int) ((x & 0x7fff_ffffL) % (2L * sampleEvery - 1));
        }
    }

    /**
     * Starts a profile of the JDK's locks: a new generation, no timed hold, and every class the
     * hooks use loaded and initialized now (by the agent, not by the first lock the program takes).
     */
    public static synchronized void begin() {
        Run next = new Run(++generations);
        TIMED_HOLDS.setVolatile(0);
        Sampler s = CURRENT.get();
        s.join(next);
        s.nextCountdown(2);
        s.countdown = 1;   // this thread's next acquisition is sampled (the others' within 2N)
        StackWalker.StackFrame f = frameAbove(0);
        if (f != null) {
            f.getLineNumber();
            f.getFileName();
            f.getByteCodeIndex();
        }
        ThreadStats.current();
        System.nanoTime();
        new StringBuilder().append("warm").append(1).toString();
        run = next;
    }

    /** Ends the profile: the hooks time nothing more (the agent then takes them out of the JDK's lock). */
    public static synchronized void end() {
        run = null;
    }

    /** Whether a profile is in progress (between {@link #begin} and {@link #end}). */
    public static boolean running() {
        return run != null;
    }

    // The hooks. Each fast path is a few instructions; the rest is out of line.

    /** Before {@code lock()}, {@code lockInterruptibly()} or {@code tryLock(long, TimeUnit)} runs. */
    public static long arriving(ReentrantLock lock) {
        Sampler t = CURRENT.get();
        if (--t.countdown > 0) {
            return NOT_TIMED;
        }
        return arrivingSampled(lock, t);
    }

    /** After {@code lock()} or {@code lockInterruptibly()} got the lock. */
    public static void acquired(ReentrantLock lock, long token) {
        if (token != NOT_TIMED) {
            acquiredSampled(lock, token);
        }
    }

    /** After {@code tryLock(long, TimeUnit)}: returns {@code got}. */
    public static boolean tried(ReentrantLock lock, long token, boolean got) {
        if (token != NOT_TIMED) {
            if (got) {
                acquiredSampled(lock, token);
            } else {
                failedSampled();
            }
        }
        return got;
    }

    /** Before {@code unlock()} runs: the start of the hold it ends, if timed, else {@link #NOT_TIMED}. */
    public static long unlocking(ReentrantLock lock) {
        if ((int) TIMED_HOLDS.getOpaque() == 0) {
            return NOT_TIMED;
        }
        return unlockingSampled(lock);
    }

    /** After {@code unlock()}: records the hold {@link #unlocking} ended, if it did. */
    public static void released(long token) {
        if (token != NOT_TIMED) {
            releasedSampled(token);
        }
    }

    // The sampled paths.

    private static long arrivingSampled(ReentrantLock lock, Sampler t) {
        Run r = run;
        Settings settings = Settings.current();
        int sampleEvery = settings.sampleEvery();
        t.countdown = t.nextCountdown(sampleEvery);
        if (r == null || !settings.profile() || t.busy || lock instanceof AgentReentrantLock) {
            return NOT_TIMED;   // no profile, a lock taken under the sampled path, or one the agent times already
        }
        t.join(r);
        t.weight = sampleEvery;
        int site;
        t.busy = true;
        try {
            site = site(r, lock, settings.frames());
        } finally {
            t.busy = false;
        }
        if (site < 0) {
            return NOT_TIMED;
        }
        t.arrivalSite = site;
        if (lock.isHeldByCurrentThread()) {
            ThreadStats.current().site(site).reentrant++;
            return COUNTED;
        }
        if (t.timedLock != null) {
            return COUNTED;
        }
        if (!lock.isLocked()) {
            return FREE;
        }
        long start = System.nanoTime();
        SiteStats s = ThreadStats.current().site(site);
        int waiting = lock.getQueueLength() + 1;
        if (waiting > s.maxWaiting) {
            s.maxWaiting = waiting;
        }
        return start;
    }

    private static void acquiredSampled(ReentrantLock lock, long token) {
        long now = token == COUNTED ? 0 : System.nanoTime();
        Sampler t = CURRENT.get();
        int site = t.arrivalSite;
        Run r = run;
        if (site < 0 || r == null || t.generation != r.generation) {
            return;   // no sample in progress, or one of a profile that has ended
        }
        t.arrivalSite = -1;
        SiteStats s = ThreadStats.current().site(site);
        s.acquisitions += t.weight;
        if (token == COUNTED) {
            return;
        }
        s.timed++;
        if (token != FREE) {
            s.contended++;
            s.waitNanos.record(now - token);
        }
        t.timedLock = lock;
        t.timedSite = site;
        t.holdStartNanos = now;
        TIMED_HOLDS.getAndAdd(1);
    }

    private static void failedSampled() {
        Sampler t = CURRENT.get();
        int site = t.arrivalSite;
        if (site >= 0) {
            t.arrivalSite = -1;
            ThreadStats.current().site(site).tryLockFailures += t.weight;
        }
    }

    private static long unlockingSampled(ReentrantLock lock) {
        Sampler t = CURRENT.get();
        if (t.timedLock != lock || lock.getHoldCount() != 1) {
            return NOT_TIMED;   // not this thread's timed hold, a reentrant release, or a non-owner's (which throws)
        }
        long end = System.nanoTime();
        t.timedLock = null;
        Run r = run;
        if (r == null || t.generation != r.generation) {
            return NOT_TIMED;   // a hold of an earlier profile: begin() set the count to 0 since
        }
        t.holdEndNanos = end;
        return t.holdStartNanos;   // a clock reading: Long.MIN_VALUE (NOT_TIMED) would only leave this hold out
    }

    private static void releasedSampled(long startNanos) {
        Sampler t = CURRENT.get();
        TIMED_HOLDS.getAndAdd(-1);
        ThreadStats.current().site(t.timedSite).holdNanos.record(t.holdEndNanos - startNanos);
    }

    // Sites.

    /** The site of the acquisition point {@code frames} above the lock's caller, added on first use; -1 if none. */
    private static int site(Run r, ReentrantLock lock, int frames) {
        StackWalker.StackFrame f = frameAbove(frames);
        if (f == null) {
            return -1;
        }
        String key = new StringBuilder(f.getClassName()).append('#').append(f.getMethodName()).append('#')
                .append(f.getByteCodeIndex()).toString();
        Integer id = r.sites.get(key);
        if (id != null) {
            return id;
        }
        synchronized (r) {
            id = r.sites.get(key);
            if (id == null) {
                id = Sites.add(f.getClassName(), f.getMethodName(), f.getLineNumber(), KIND, -1, f.getFileName());
                Sites.get(id).lockClass().set(lock.getClass().getName());
                r.sites.put(key, id);
            }
            return id;
        }
    }

    /** The frame {@code frames} above the first one outside the agent's runtime and the JDK's lock, or null. */
    private static StackWalker.StackFrame frameAbove(int frames) {
        return WALKER.walk(new FrameAbove(frames));
    }

    /** A named class, not a lambda: the walk runs inside the JDK's lock and must link nothing new. */
    private static final class FrameAbove implements Function<Stream<StackWalker.StackFrame>, StackWalker.StackFrame> {
        private final int frames;

        FrameAbove(int frames) {
            this.frames = frames;
        }

        @Override
        public StackWalker.StackFrame apply(Stream<StackWalker.StackFrame> stack) {
            var it = stack.iterator();
            boolean inProbe = true;
            int skip = frames;
            while (it.hasNext()) {
                StackWalker.StackFrame f = it.next();
                if (inProbe) {
                    String c = f.getClassName();
                    if (c.startsWith(RUNTIME_PACKAGE) || c.equals(JDK_LOCK)) {
                        continue;   // the hooks and the JDK's lock itself
                    }
                    inProbe = false;
                }
                if (skip-- == 0) {
                    return f;
                }
            }
            return null;
        }
    }

    // VarHandle mechanics
    private static final VarHandle TIMED_HOLDS;

    static {
        try {
            TIMED_HOLDS = MethodHandles.lookup().findStaticVarHandle(ReentrantLockHooks.class, "timedHolds", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
