package dev.mutexlab.lab.torture;

import dev.mutexlab.lab.config.ThreadKind;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.function.Consumer;
import java.util.function.Supplier;
import jdk.management.VirtualThreadSchedulerMXBean;

/**
 * One lock tortured by fresh writers for a while: the shared sentinels, the writers, and the
 * watchdog, which runs on the calling thread.
 *
 * <p>Detectors. Inside every critical section a writer checks that the lock says it holds it
 * (owner check), takes the {@link #holder} sentinel (finding it taken means two writers are in at
 * once), bumps the plain, non-atomic {@link #counter} and checks at the end that nobody else moved
 * it. The watchdog ticks every {@value #TICK_MILLIS} ms; when the lock has been free and no writer
 * has taken a step for {@link #QUIET_NANOS} (and at least {@value #QUIET_TICKS} ticks, so that one
 * long pause of this process is not mistaken for quiet) while a writer has been blocked in an
 * acquisition for longer than the stuck deadline, that writer lost its wakeup. At the end,
 * after every writer has stopped, the counter must equal the acquisitions, the lock must be
 * unlocked with no waiter queued, and it must be acquirable.
 *
 * <p>Faults. The watchdog interrupts a random writer every {@value #MEAN_INTERRUPT_MILLIS} ms on
 * average, asks one to crash (and replaces it) every {@value #MEAN_CRASH_MILLIS} ms, stutters
 * (all writers pause for a quarter of the stutter period, then resume together), and with virtual
 * writers sets the virtual-thread scheduler's parallelism to a random value in [1, 2 × CPUs] every
 * {@value #MEAN_PARALLELISM_MILLIS} ms, restoring it at the end. Writers add tiny timeouts and long
 * holds themselves.
 */
final class LockRun {
    static final long TICK_MILLIS = 10;
    static final int QUIET_TICKS = 25;
    static final long QUIET_NANOS = TimeUnit.MILLISECONDS.toNanos(500);
    static final long MEAN_INTERRUPT_MILLIS = 20;
    static final long MEAN_CRASH_MILLIS = 1_000;
    static final long MEAN_PARALLELISM_MILLIS = 1_000;
    /** On average one long hold per this many long-hold times, so long holds take about a tenth of a run. */
    static final int LONG_HOLD_SPACING = 10;
    /** How long writers get to finish after the stop before the still-running ones count as hung. */
    static final long DRAIN_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(30);
    static final long PROGRESS_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(5);
    /** Failure messages kept per failure kind. */
    static final int SAMPLES_PER_KIND = 3;

    /** What writers did, for the report's operations map. */
    enum Op {
        LOCK("lock"), LOCK_INTERRUPTIBLY("lock-interruptibly"), TRY_LOCK("try-lock"),
        TRY_LOCK_FAILED("try-lock-failed"), TIMED_TRY_LOCK("timed-try-lock"), TIMED_OUT("timed-out"),
        INTERRUPTED("interrupted"), REENTRANT("reentrant"), CONDITION_WAIT("condition-wait"),
        CONDITION_SIGNAL("condition-signal");

        final String key;

        Op(String key) {
            this.key = key;
        }
    }

    final String spec;
    final TortureConfig config;
    final Lock lock;
    final LockInspector inspector;
    final Condition condition;
    final long longHoldNanos;
    volatile boolean stopping;

    /** The writer inside the critical section, or null: the owner sentinel. Opaque, like locktorture's plain flag. */
    @SuppressWarnings("unused") // accessed through HOLDER
    private Thread holder;
    /** Bumped with a plain read and a plain write inside every critical section: lost updates show broken exclusion. */
    private long counter;
    /** While the writers stutter, the latch they wait on; null while they run. */
    private volatile CountDownLatch stutterPause;
    private final AtomicLong nextLongHoldNanos = new AtomicLong();

    private final WriterSlot[] slots;
    private final EnumMap<FailureKind, LongAdder> failures = new EnumMap<>(FailureKind.class);
    private final EnumMap<FaultKind, LongAdder> faults = new EnumMap<>(FaultKind.class);
    private final EnumMap<Op, LongAdder> ops = new EnumMap<>(Op.class);
    private final ConcurrentLinkedQueue<String> failureSamples = new ConcurrentLinkedQueue<>();
    private final EnumMap<FailureKind, AtomicInteger> sampleCounts = new EnumMap<>(FailureKind.class);
    private final SplittableRandom rng;
    private final long seed;

    LockRun(String spec, TortureConfig config) {
        this.spec = spec;
        this.config = config;
        this.lock = TortureEngine.createLock(spec);
        this.inspector = new LockInspector(lock);
        this.condition = lock.newCondition();
        this.longHoldNanos = config.longHold().toNanos();
        this.seed = config.seed() ^ (spec.hashCode() * 0x9E3779B97F4A7C15L);
        this.rng = new SplittableRandom(seed);
        this.slots = new WriterSlot[config.writers()];
        for (int i = 0; i < slots.length; i++) {
            slots[i] = new WriterSlot(i, config.kindOf(i));
        }
        for (FailureKind k : FailureKind.values()) {
            failures.put(k, new LongAdder());
            sampleCounts.put(k, new AtomicInteger());
        }
        for (FaultKind k : FaultKind.values()) {
            faults.put(k, new LongAdder());
        }
        for (Op k : Op.values()) {
            ops.put(k, new LongAdder());
        }
    }

    // ---- used by writers

    Thread holder() {
        return (Thread) HOLDER.getOpaque(this);
    }

    void setHolder(Thread t) {
        HOLDER.setOpaque(this, t); // opaque: a detector must not add the ordering the lock should provide
    }

    /** The non-atomic increment; returns the new value. Plain on purpose: a broken lock loses updates. */
    long incrementCounter() {
        long c = counter;
        counter = c + 1;
        return c + 1;
    }

    long counterNow() {
        return (long) COUNTER.getOpaque(this); // opaque: must not be folded into the writer's own store
    }

    void fail(FailureKind kind, Supplier<String> message) {
        failures.get(kind).increment();
        if (sampleCounts.get(kind).get() < SAMPLES_PER_KIND && sampleCounts.get(kind).getAndIncrement() < SAMPLES_PER_KIND) {
            failureSamples.add(kind.key() + ": " + message.get());
        }
    }

    void fault(FaultKind kind) {
        faults.get(kind).increment();
    }

    void op(Op op) {
        ops.get(op).increment();
    }

    /** Whether this writer may take a long hold now (at most one per spacing window, all writers together). */
    boolean claimLongHold() {
        if (longHoldNanos == 0) {
            return false;
        }
        long now = System.nanoTime();
        long next = nextLongHoldNanos.get();
        if (now - next < 0) {
            return false;
        }
        long spacing = longHoldNanos * (1 + java.util.concurrent.ThreadLocalRandom.current().nextInt(2 * LONG_HOLD_SPACING));
        return nextLongHoldNanos.compareAndSet(next, now + spacing);
    }

    /** Waits while the run stutters; interrupts do not end the pause. */
    void awaitStutter() {
        CountDownLatch pause;
        while ((pause = stutterPause) != null && !stopping) {
            try {
                pause.await(TICK_MILLIS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                // an injected interrupt: keep pausing
            }
        }
    }

    // ---- the watchdog (the calling thread)

    TortureOutcome run(Consumer<String> progress, String label) {
        Parallelism parallelism = Parallelism.open(config, slots);
        long durationNanos = config.durationPerLock().toNanos();
        long stutterRunNanos = config.stutter().toNanos();
        nextLongHoldNanos.set(System.nanoTime() + longHoldNanos);
        for (WriterSlot s : slots) {
            startWriter(s);
        }
        long start = System.nanoTime();
        long end = start + durationNanos;
        long nextInterrupt = start + exp(MEAN_INTERRUPT_MILLIS);
        long nextCrash = start + exp(MEAN_CRASH_MILLIS);
        long nextParallelism = start + exp(MEAN_PARALLELISM_MILLIS);
        long nextStutter = stutterRunNanos == 0 ? Long.MAX_VALUE : start + stutterRunNanos;
        long nextProgress = start + PROGRESS_INTERVAL_NANOS;
        Quiet quiet = new Quiet();
        long stop;
        try {
            long now;
            while ((now = System.nanoTime()) - end < 0) {
                if (now - nextInterrupt >= 0) {
                    interruptRandomWriter();
                    nextInterrupt = now + exp(MEAN_INTERRUPT_MILLIS);
                }
                if (now - nextCrash >= 0) {
                    slots[rng.nextInt(slots.length)].crashRequested = true;
                    nextCrash = now + exp(MEAN_CRASH_MILLIS);
                }
                if (now - nextParallelism >= 0) {
                    if (parallelism.change(rng)) {
                        fault(FaultKind.PARALLELISM_CHANGE);
                    }
                    nextParallelism = now + exp(MEAN_PARALLELISM_MILLIS);
                }
                if (now - nextStutter >= 0) {
                    if (stutterPause == null) {
                        stutterPause = new CountDownLatch(1);
                        fault(FaultKind.STUTTER);
                        nextStutter = now + stutterRunNanos / 4;
                    } else {
                        resumeFromStutter();
                        nextStutter = now + stutterRunNanos;
                    }
                }
                replaceCrashedWriters();
                quiet.check(now);
                if (now - nextProgress >= 0) {
                    progress.accept(String.format(Locale.ROOT, "torture: %s %s %ds of %ds: %,d acquisitions, %d failures",
                            label, spec, TimeUnit.NANOSECONDS.toSeconds(now - start),
                            TimeUnit.NANOSECONDS.toSeconds(durationNanos), totalAcquisitions(), totalFailures()));
                    nextProgress = now + PROGRESS_INTERVAL_NANOS;
                }
                sleepTick();
            }
            stop = System.nanoTime();
            stopping = true;
            resumeFromStutter();
            drain(quiet, stop);
        } finally {
            parallelism.restore();
        }
        finalChecks();
        return result(stop - start, parallelism.describe());
    }

    private void startWriter(WriterSlot s) {
        s.done = false;
        s.crashed = false;
        Writer w = new Writer(this, s, seed + 31L * s.id + 1_000_003L * s.generation);
        s.thread = s.kind.start("torture-" + spec + "-w" + s.id + "." + s.generation, w);
    }

    private void replaceCrashedWriters() {
        for (WriterSlot s : slots) {
            if (s.done && s.crashed && !stopping) {
                s.replacements++;
                s.generation++;
                startWriter(s);
            }
        }
    }

    private void interruptRandomWriter() {
        WriterSlot s = slots[rng.nextInt(slots.length)];
        Thread t = s.thread;
        if (t != null && !s.done) {
            t.interrupt();
            fault(FaultKind.INTERRUPT);
        }
    }

    private void resumeFromStutter() {
        CountDownLatch pause = stutterPause;
        if (pause != null) {
            stutterPause = null;
            pause.countDown();
        }
    }

    /** Waits for the writers to finish; those that cannot are stuck (declared by {@link Quiet}) or hung. */
    private void drain(Quiet quiet, long stop) {
        long deadline = stop + DRAIN_LIMIT_NANOS + config.stuckAfter().toNanos();
        long now;
        while (!allFinishedOrStuck() && (now = System.nanoTime()) - deadline < 0) {
            quiet.check(now);
            sleepTick();
        }
        for (WriterSlot s : slots) {
            if (!s.done && !s.stuck) {
                fail(FailureKind.HUNG, () -> s.name() + " still running " + TimeUnit.NANOSECONDS.toSeconds(DRAIN_LIMIT_NANOS)
                        + " s after the stop; lock " + lock + "; at " + top(s.thread));
            }
        }
    }

    private boolean allFinishedOrStuck() {
        for (WriterSlot s : slots) {
            if (!s.done && !s.stuck) {
                return false;
            }
        }
        return true;
    }

    /** After the drain: counter, lock state, queue, and one acquisition by this thread. */
    private void finalChecks() {
        for (WriterSlot s : slots) {
            if (!s.done && !s.stuck) {
                return; // hung writers may be anywhere; the state checks would only repeat the HUNG failure
            }
        }
        long acquired = totalAcquisitions();
        long c = counterNow();
        if (c != acquired) {
            fail(FailureKind.COUNTER, () -> "counter " + c + " != " + acquired + " successful acquisitions ("
                    + (acquired - c) + " lost updates)");
        }
        if (inspector.isLocked()) {
            fail(FailureKind.FINAL_STATE, () -> "still locked after every writer stopped: " + lock);
        }
        int queued = inspector.queueLength();
        if (queued != 0) {
            fail(FailureKind.FINAL_STATE, () -> queued + " waiter(s) still queued after every writer stopped: " + lock);
        }
        try {
            if (lock.tryLock(config.stuckAfter().toNanos(), TimeUnit.NANOSECONDS)) {
                lock.unlock();
            } else {
                fail(FailureKind.FINAL_STATE, () -> "cannot be acquired after every writer stopped: " + lock);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during the final checks", e);
        }
    }

    /** Tracks how long the lock has been idle: free, and no writer taking a step. */
    private final class Quiet {
        private long lastSteps = -1;
        private int ticks;
        private long sinceNanos;

        void check(long now) {
            long steps = 0;
            for (WriterSlot s : slots) {
                steps += s.steps.getOpaque();
            }
            boolean idle = steps == lastSteps && holder() == null && !inspector.isLocked();
            lastSteps = steps;
            if (!idle) {
                ticks = 0;
                return;
            }
            if (ticks++ == 0) {
                sinceNanos = now;
            }
            if (ticks < QUIET_TICKS || now - sinceNanos < QUIET_NANOS) {
                return;
            }
            long stuckAfterNanos = config.stuckAfter().toNanos();
            for (WriterSlot s : slots) {
                long since = s.acquiringSinceNanos.getOpaque();
                if (since != 0 && !s.stuck && !s.done && now - since >= stuckAfterNanos) {
                    s.stuck = true;
                    long waitedMillis = TimeUnit.NANOSECONDS.toMillis(now - since);
                    long idleMillis = TimeUnit.NANOSECONDS.toMillis(now - sinceNanos);
                    fail(FailureKind.LOST_WAKEUP, () -> s.name() + " stuck in " + s.acquiringWith.getOpaque() + " for "
                            + waitedMillis + " ms while the lock was free and idle for " + idleMillis + " ms: " + lock
                            + "; at " + top(s.thread));
                }
            }
        }
    }

    private TortureOutcome result(long durationNanos, String parallelismNote) {
        List<WriterResult> writers = new ArrayList<>();
        long max = Long.MIN_VALUE;
        long min = Long.MAX_VALUE;
        for (WriterSlot s : slots) {
            long n = s.acquisitions.getOpaque();
            writers.add(new WriterResult(s.id, s.kind.label(), n, s.replacements, s.stuck));
            max = Math.max(max, n);
            min = Math.min(min, n);
        }
        Map<String, Long> opMap = new LinkedHashMap<>();
        ops.forEach((k, v) -> opMap.put(k.key, v.sum()));
        Map<String, Long> faultMap = new LinkedHashMap<>();
        faults.forEach((k, v) -> faultMap.put(k.key(), v.sum()));
        Map<String, Long> failureMap = new LinkedHashMap<>();
        failures.forEach((k, v) -> failureMap.put(k.key(), v.sum()));
        long failed = totalFailures();
        return new TortureOutcome(spec, config.threadsLabel(), slots.length, durationNanos, totalAcquisitions(), max, min,
                max / 2 > min, opMap, faultMap, failureMap, List.copyOf(failureSamples), parallelismNote, writers,
                failed == 0 ? TortureOutcome.SUCCESS : TortureOutcome.FAILURE);
    }

    private long totalAcquisitions() {
        long sum = 0;
        for (WriterSlot s : slots) {
            sum += s.acquisitions.getOpaque();
        }
        return sum;
    }

    private long totalFailures() {
        long sum = 0;
        for (LongAdder a : failures.values()) {
            sum += a.sum();
        }
        return sum;
    }

    private long exp(long meanMillis) {
        double u = 1.0 - rng.nextDouble(); // (0, 1]
        return (long) (-Math.log(u) * TimeUnit.MILLISECONDS.toNanos(meanMillis));
    }

    private static void sleepTick() {
        try {
            Thread.sleep(TICK_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("torture interrupted", e);
        }
    }

    private static String top(Thread t) {
        if (t == null) {
            return "?";
        }
        StackTraceElement[] st = t.getStackTrace();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(4, st.length); i++) {
            sb.append(i == 0 ? "" : " < ").append(st[i].getClassName().replaceAll(".*\\.", "")).append('.')
                    .append(st[i].getMethodName());
        }
        return sb.toString();
    }

    /**
     * Changes the virtual-thread scheduler's parallelism through
     * {@code jdk.management.VirtualThreadSchedulerMXBean} (JDK 24+), when there are virtual writers.
     */
    static final class Parallelism {
        private final VirtualThreadSchedulerMXBean bean;
        private final int original;
        private final String unavailable;
        private int lowest = Integer.MAX_VALUE;
        private int highest;

        private Parallelism(VirtualThreadSchedulerMXBean bean, int original, String unavailable) {
            this.bean = bean;
            this.original = original;
            this.unavailable = unavailable;
        }

        static Parallelism open(TortureConfig config, WriterSlot[] slots) {
            if (!config.changeParallelism()) {
                return new Parallelism(null, 0, "not varied (turned off)");
            }
            boolean anyVirtual = false;
            for (WriterSlot s : slots) {
                anyVirtual |= s.kind == ThreadKind.VIRTUAL;
            }
            if (!anyVirtual) {
                return new Parallelism(null, 0, "not varied (no virtual writers)");
            }
            try {
                VirtualThreadSchedulerMXBean bean = ManagementFactory.getPlatformMXBean(VirtualThreadSchedulerMXBean.class);
                if (bean == null) {
                    return new Parallelism(null, 0, "not varied (VirtualThreadSchedulerMXBean not available)");
                }
                return new Parallelism(bean, bean.getParallelism(), null);
            } catch (RuntimeException | LinkageError e) {
                return new Parallelism(null, 0, "not varied (VirtualThreadSchedulerMXBean unavailable: " + e + ")");
            }
        }

        boolean change(SplittableRandom rng) {
            if (bean == null) {
                return false;
            }
            int n = 1 + rng.nextInt(2 * Runtime.getRuntime().availableProcessors());
            try {
                bean.setParallelism(n);
            } catch (RuntimeException e) {
                return false;
            }
            lowest = Math.min(lowest, n);
            highest = Math.max(highest, n);
            return true;
        }

        void restore() {
            if (bean != null && highest > 0) {
                bean.setParallelism(original);
            }
        }

        String describe() {
            if (bean == null) {
                return unavailable;
            }
            if (highest == 0) {
                return "not varied (run too short); carriers " + original;
            }
            return "varied " + lowest + ".." + highest + " via VirtualThreadSchedulerMXBean.setParallelism, restored to " + original;
        }
    }

    // VarHandle mechanics
    private static final VarHandle HOLDER;
    private static final VarHandle COUNTER;
    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            HOLDER = l.findVarHandle(LockRun.class, "holder", Thread.class);
            COUNTER = l.findVarHandle(LockRun.class, "counter", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
