package dev.mutexlab.locks;

import dev.mutexlab.locks.internal.SpinPolicy;
import java.time.Duration;

/**
 * What an arriving contended acquisition of a {@link LineupMutex} does before it takes a slot or
 * sleeps, as its policy says ({@link LineupPolicy}): the short spin and the time-based yield
 * (LINE), or the barging spin (BARGE). The fourth link of the lock's class chain, after
 * LineupSlots.
 */
abstract class LineupArrivals extends LineupSlots {

    /*
     * Implementation notes.
     *
     * An arrival is a contended acquisition whose bound has not started counting:
     * LineupMutex.acquireSlow runs these steps first, as the lock's policy says. LINE: the time-based yield on platform
     * threads (maybeYield), then the short spin (preSpin). BARGE: the barging spin (bargeSpin), and
     * no yield. An arrival that has not taken the lock by then reads the clock once, and its
     * bound counts from there.
     *
     * The short spin (preSpin, LINE), as HotSpot's monitors start theirs: while no slot is taken
     * and nobody sleeps, PRE_SPIN_PAUSES PAUSEs with looks at the word between them, further apart
     * as it goes on (1, 2, 4 ... PRE_SPIN_MAX_GAP PAUSEs), taking the lock whenever it is free
     * (barging). With a slot taken, or on one processor, it is one look. With sleepers the
     * acquisition goes on at once to the look at the clock: an arrival that barges without one
     * could keep a due sleeper waiting for as long as arrivals find the lock free. It cannot pass
     * a waiter due for handoff: HANDOFF keeps LOCKED set.
     *
     * The barging spin (bargeSpin, BARGE): the same spaced spin, whether or not anybody sleeps (a
     * sleeper past its bound is served by handoff, which keeps LOCKED set); one look when spinning
     * cannot pay: on one processor, or on a platform thread when the sleepers already outnumber
     * the processors (bargeSpinPauses says why a virtual thread spins then too).
     *
     * The time-based yield (platform threads). Threads that keep a processor busy — a holder,
     * spinners, threads working outside the lock — are time-sliced by the OS in milliseconds when
     * there are more of them than processors, and a waiter that the OS has not run waits that long.
     * A platform thread that enters a contended acquisition and has run for YIELD_PERIOD_NANOS
     * since it last yielded there yields once: about a microsecond when nobody else is runnable,
     * and otherwise the thread the OS had not run gets the processor now. What counts is time the
     * thread ran, not time that passed: it counts the time between two of its contended
     * acquisitions only up to YIELD_GAP_NANOS, so a thread the OS kept off the processor for
     * milliseconds does not yield the moment it gets it back. Counting passed time does that, and
     * on Linux (EEVDF) each yield puts the yielder a slice further back in line, so that thread
     * falls further behind each time it runs: measured, one of four workers runnable and not
     * running 64-97% of the time (docs/RESULTS.md §12.1). The yield comes before the short spin,
     * so a thread that keeps taking the lock within it yields too. It is in lock, never in unlock:
     * a yield in unlock would stall a caller that holds other locks, while a contended lock may
     * wait anyway. A virtual thread never yields here: JDK 25's scheduler queues a virtual thread
     * that yields on a carrier with an empty local queue in the pool's shared submission queue,
     * which carriers busy with their own queues seldom look at, and there it waited up to half a
     * second with 8-16 workers on 2 carriers (§12.3). Virtual threads rotate by swaps and by
     * making room instead (LineupLine).
     */

    /** The short spin of a contended acquisition while no slot is taken and nobody sleeps, in PAUSEs. */
    static final int PRE_SPIN_PAUSES = 128;
    /** The most PAUSEs between two looks at the word in the short spin (the gap doubles up to it). */
    static final int PRE_SPIN_MAX_GAP = 16;
    /** A platform thread entering a contended acquisition yields its processor once it has run this long since its last yield there. */
    static final long YIELD_PERIOD_NANOS = 500_000L;
    /**
     * The most a platform thread counts as run time between two of its contended acquisitions: a
     * longer gap is time the OS kept it off the processor, or work outside the lock (see the notes).
     */
    static final long YIELD_GAP_NANOS = 50_000L;
    /** The time-based yield reads the clock at every this-many-th contended acquisition of a thread (a power of two). */
    static final int YIELD_SAMPLE = 8;

    /**
     * Per platform thread, for the time-based yield (see the notes): [0] when it last read the
     * clock for it (or came back from its yield), [1] how long it has run since its last yield,
     * [2] its contended acquisitions (the clock is read at every YIELD_SAMPLE-th).
     */
    private static final ThreadLocal<long[]> YIELD_CLOCK = ThreadLocal.withInitial(() -> new long[] {Long.MIN_VALUE / 2, 0L, 0L});

    LineupArrivals(Duration bound, boolean recordStats, LineupHooks hooks, int maxSpinners) {
        super(bound, recordStats, hooks, maxSpinners);
    }

    /**
     * The short fixed spin a contended acquisition starts with, as HotSpot's monitors start
     * theirs: PRE_SPIN_PAUSES PAUSEs (about 3 us), looking at the word between them and taking the
     * lock whenever it is free, before any bookkeeping (node, slots). With holds of a microsecond
     * or two and few threads most contended acquisitions end here. The looks grow further apart
     * (1, 2, 4 ... PRE_SPIN_MAX_GAP PAUSEs): each look takes the word's cache line from the
     * holder, whose next CAS then misses, and at holds of tens of nanoseconds a look per PAUSE
     * halved the holder's rate (Go's Mutex-2: 46 ns per lock/unlock against 23 ns with the gaps;
     * ChanContended-2 15 us against 5 us); at microsecond holds a release is seen at most 16
     * PAUSEs late. With a slot taken it is one look: many threads spinning at once would fight
     * over the word's cache line and over the processors. With sleepers it stops at once (see the
     * notes). It cannot pass a waiter due for handoff: HANDOFF keeps LOCKED set.
     */
    final boolean preSpin() {
        int pauses = spin.budgetNanos() == 0 || spinners != 0 ? 1 : PRE_SPIN_PAUSES;
        int gap = 1; // pauses between two looks: 1, 2, 4, ... PRE_SPIN_MAX_GAP
        for (int paused = 0; paused < pauses; ) {
            int s = state;
            if ((s & WAITERS) != 0) {
                return false; // sleepers: an acquisition looks at the clock first (the swap), see the notes
            }
            if ((s & LOCKED) == 0 && casState(s, s | LOCKED)) {
                return true;
            }
            for (int i = 0; i < gap; i++) {
                Thread.onSpinWait();
            }
            paused += gap;
            if (gap < PRE_SPIN_MAX_GAP) {
                gap <<= 1;
            }
        }
        return false;
    }

    /**
     * The BARGE policy's spin: PRE_SPIN_PAUSES PAUSEs with looks at the word spaced as in preSpin,
     * taking the lock whenever it is free, whether or not anybody sleeps (a sleeper past its bound
     * is served by handoff, which keeps LOCKED set); as many as {@link #bargeSpinPauses} allows.
     */
    final boolean bargeSpin() {
        boolean virtual = Thread.currentThread().isVirtual();
        int pauses = bargeSpinPauses(spin.budgetNanos() != 0, line.size(), SpinPolicy.processors(), virtual,
                virtual && heirStuck());
        int gap = 1;
        for (int paused = 0; paused < pauses; ) {
            int s = state;
            if ((s & LOCKED) == 0 && casState(s, s | LOCKED)) {
                return true;
            }
            for (int i = 0; i < gap; i++) {
                Thread.onSpinWait();
            }
            paused += gap;
            if (gap < PRE_SPIN_MAX_GAP) {
                gap <<= 1;
            }
        }
        return false;
    }

    /**
     * The PAUSEs of the BARGE spin: one look only where spinning cannot pay — on one processor
     * ({@code canSpin} false), or on a platform thread when the sleepers already outnumber the
     * processors (another spinner would only take a processor from the holder and from work outside
     * the lock, and a platform thread's park costs no one else a processor). A virtual thread spins the
     * whole PRE_SPIN_PAUSES whatever the line: its park is an unmount, and the sleeper an unlock wakes
     * needs a carrier to mount, so at sub-microsecond holds an arrival that parks at once turns
     * nearly every acquisition into a park and a wake-up (8 virtual workers on 2 carriers, 0.1 us
     * holds: a wake-up in every 4-10 acquisitions, docs/RESULTS.md §12.11), while a HotSpot monitor
     * spins before it unmounts. But two virtual threads that spin and take the lock in turn never
     * give up their carriers, and the sleeper an unlock woke cannot run until one does: so a
     * virtual arrival looks once and goes to sleep, making room, once that woken sleeper is
     * (nearly) past its bound ({@code heirStuck}, LineupLine.heirStuck), as under the line.
     */
    static int bargeSpinPauses(boolean canSpin, int sleepers, int processors, boolean virtual, boolean heirStuck) {
        return !canSpin || heirStuck || sleepers >= processors && !virtual ? 1 : PRE_SPIN_PAUSES;
    }

    /**
     * The time-based yield: a platform thread entering a contended acquisition gives its
     * processor away once it has run YIELD_PERIOD_NANOS since it last did so here. It is about to
     * wait anyway, so the yield costs it about a microsecond when nobody else is runnable; when
     * somebody is (a waiter or a thread working outside the lock that has not run for a while)
     * that thread runs now rather than at the end of an OS time slice. It counts a gap since its
     * last contended acquisition only up to YIELD_GAP_NANOS. It reads the clock at every
     * YIELD_SAMPLE-th contended acquisition only (counting up to YIELD_SAMPLE gaps' worth): at
     * holds of tens of nanoseconds a clock read (25 ns on some virtual machines) in every one cost
     * more than the hold. Virtual threads never call it (see the notes).
     */
    final void maybeYield() {
        long[] clock = YIELD_CLOCK.get();
        if ((++clock[2] & (YIELD_SAMPLE - 1)) != 0) {
            return;
        }
        long nowNanos = hooks.nanoTime();
        long gapNanos = Math.max(0L, nowNanos - clock[0]);
        clock[1] += Math.min(gapNanos, YIELD_SAMPLE * YIELD_GAP_NANOS);
        clock[0] = nowNanos;
        if (clock[1] >= YIELD_PERIOD_NANOS) {
            clock[1] = 0L;
            hooks.yielding();
            if (stats != null) {
                stats.add(LockEvent.YIELD);
            }
            Thread.yield();
            clock[0] = hooks.nanoTime(); // the time the yield gave away is not run time
        }
    }
}
