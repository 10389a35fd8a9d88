package dev.mutexlab.lab.workload;

import java.util.concurrent.atomic.AtomicLong;

/**
 * How long this machine takes to pass a cache line from one CPU to another and back: two platform
 * threads take turns incrementing one shared counter for {@link #PROBE_NANOS}, in bursts, and the
 * probe is the time per round trip in the fastest burst. Every contended handover of a lock is such a pass, so a lock's throughput
 * at short holds follows this figure; on a virtual machine it can change between two states in
 * seconds (the hypervisor places the two vCPUs nearer or further apart), which moves every lock
 * together and a ratio between two locks measured on either side of the change. Measured before
 * the workers start and after they have stopped, so it sees the machine, not the lock.
 */
public final class LineProbe {
    /** How long one probe runs: a few thousand round trips at the 100–600 ns seen on VMs. */
    public static final long PROBE_NANOS = 2_000_000L;
    /**
     * The probe's bursts; it reports the fastest. A burst in which the OS ran another thread (a JIT
     * compiler thread, say) on one of the two CPUs is slower by that thread's time slice, not by
     * the line, so the fastest burst is the machine's.
     */
    private static final int BURSTS = 10;
    /** The most a probe may take before it gives up (the partner thread was not run): NaN then. */
    private static final long GIVE_UP_NANOS = 100_000_000L;

    /** Probes run and discarded before the first reported one, so that the JIT has compiled the loop. */
    private static final int WARM_UP_PROBES = 3;
    /** Whether this JVM has run the warm-up probes (one measuring thread at a time calls this class). */
    private static boolean warm;

    private LineProbe() {
    }

    /**
     * Nanoseconds per round trip of one cache line between two threads, or NaN on one processor
     * (the two threads would take turns by the OS's time slices) or when the partner never ran.
     */
    public static double roundTripNanos() throws InterruptedException {
        if (Runtime.getRuntime().availableProcessors() < 2) {
            return Double.NaN;
        }
        if (!warm) {
            warm = true;
            for (int i = 0; i < WARM_UP_PROBES; i++) {
                probe(); // compiled code from the first reported probe on, not the interpreter's
            }
        }
        return probe();
    }

    private static double probe() throws InterruptedException {
        AtomicLong turn = new AtomicLong(); // even: the prober's turn, odd: the partner's
        long giveUp = System.nanoTime() + GIVE_UP_NANOS;
        Thread partner = Thread.ofPlatform().daemon().name("line-probe").start(() -> {
            for (int i = 1;; i++) {
                long v = turn.get();
                if (v < 0) {
                    return; // the prober is done
                }
                if ((v & 1) == 1) {
                    turn.set(v + 1); // hand it back
                } else if ((i & 1023) == 0 && System.nanoTime() - giveUp > 0) {
                    return;
                } else {
                    Thread.onSpinWait();
                }
            }
        });
        try {
            turn.set(1); // one round before the clock starts: the partner is running
            while (turn.get() == 1) {
                if (System.nanoTime() - giveUp > 0) {
                    return Double.NaN;
                }
                Thread.onSpinWait();
            }
            double best = Double.NaN;
            for (int burst = 0; burst < BURSTS; burst++) {
                long rounds = 0;
                long start = System.nanoTime();
                long end = start + PROBE_NANOS / BURSTS;
                long now = start;
                while (now - end < 0) {
                    long v = turn.get();
                    turn.set(v + 1); // hand the line over
                    int spins = 0;
                    while (turn.get() == v + 1) { // until the partner hands it back
                        if ((++spins & 1023) == 0 && System.nanoTime() - giveUp > 0) {
                            return best;
                        }
                        Thread.onSpinWait();
                    }
                    rounds++;
                    if ((rounds & 15) == 0) {
                        now = System.nanoTime();
                    }
                }
                double perRound = (double) (System.nanoTime() - start) / rounds;
                if (!(perRound >= best)) { // the fastest burst: one the OS did not interrupt (NaN: the first)
                    best = perRound;
                }
            }
            return best;
        } finally {
            turn.set(Long.MIN_VALUE);
            partner.join();
        }
    }
}
