package dev.mutexlab.locks.internal;

/**
 * How a waiter burns time before it sleeps: a few rounds of active spinning
 * ({@code procyield}: bursts of {@link Thread#onSpinWait()}, the PAUSE instruction on x86), then a
 * few rounds of passive spinning ({@code osyield}: {@link Thread#yield()}), then park. Like Agrona's
 * {@code IdleStrategy}, the policy is an object with its defaults as named constants, so a lock
 * states its waiting behaviour in one field. Every lock of the library uses {@link #GO}, Go's
 * constants, and none takes a policy from its caller: a lock that waits differently says so in
 * its own code (as {@code KernelMutex}'s bounded optimistic spin does).
 *
 * <p>Spinning only pays when the owner can run at the same time as the spinner. Go checks
 * "multicore and GOMAXPROCS &gt; 1"; here a platform thread may spin when the JVM sees more than one
 * processor, and a virtual thread when its scheduler has more than one carrier. (Go's further
 * checks, "another P is running and my run queue is empty", have no portable Java equivalent.)
 *
 * @param activeRounds  rounds of active spinning ({@code active_spin} in Go)
 * @param activeSize    {@link Thread#onSpinWait()} calls per active round ({@code active_spin_cnt})
 * @param passiveRounds rounds of {@link Thread#yield()} after active spinning ({@code passive_spin})
 */
public record SpinPolicy(int activeRounds, int activeSize, int passiveRounds) {
    /** Go's {@code active_spin}: rounds of active spinning. */
    public static final int ACTIVE_SPIN_ROUNDS = 4;
    /** Go's {@code active_spin_cnt}: PAUSEs per active round. */
    public static final int ACTIVE_SPIN_SIZE = 30;
    /** Go's {@code passive_spin}: rounds of {@code osyield}. */
    public static final int PASSIVE_SPIN_ROUNDS = 1;

    /** Go's constants: 4 rounds of 30 PAUSEs, then 1 yield. */
    public static final SpinPolicy GO = new SpinPolicy(ACTIVE_SPIN_ROUNDS, ACTIVE_SPIN_SIZE, PASSIVE_SPIN_ROUNDS);

    private static final int NCPU = Runtime.getRuntime().availableProcessors();
    private static final int CARRIERS = carrierParallelism();

    public SpinPolicy {
        if (activeRounds < 0 || activeSize < 0 || passiveRounds < 0) {
            throw new IllegalArgumentException("spin policy values must be >= 0");
        }
    }

    /** Whether the current thread can profit from spinning at all (more than one processor for it). */
    public static boolean multicore() {
        return Threads.currentIsVirtual() ? CARRIERS > 1 : NCPU > 1;
    }

    /** Go's {@code runtime_canSpin(iter)}: another active round is allowed. */
    public boolean canSpin(int iter) {
        return iter < activeRounds && multicore();
    }

    /**
     * The processors the current thread's kind runs on: the carriers for a virtual thread, the
     * available processors for a platform thread.
     */
    public static int processors() {
        return Threads.currentIsVirtual() ? CARRIERS : NCPU;
    }

    /** Rounds of active spinning this thread should do: {@link #activeRounds} when multicore, else 0. */
    public int activeRoundsForCurrentThread() {
        return multicore() ? activeRounds : 0;
    }

    /** One active round: {@link #activeSize} × {@link Thread#onSpinWait()} (Go's {@code procyield}). */
    public void activeSpin() {
        procyield(activeSize);
    }

    /** {@code n} × {@link Thread#onSpinWait()}. */
    public static void procyield(int n) {
        for (int i = 0; i < n; i++) {
            Thread.onSpinWait();
        }
    }

    /** Go's {@code osyield}. */
    public static void osyield() {
        Thread.yield();
    }

    private static int carrierParallelism() {
        String p = System.getProperty("jdk.virtualThreadScheduler.parallelism");
        try {
            return p == null ? NCPU : Integer.parseInt(p.trim());
        } catch (NumberFormatException e) {
            return NCPU;
        }
    }
}
