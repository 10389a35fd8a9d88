package dev.mutexlab.lab.torture;

/** A perturbation the torture injects on purpose; counted per lock in the report. */
public enum FaultKind {
    /** {@link Thread#interrupt()} of a random writer, whatever it is doing. */
    INTERRUPT("interrupt"),
    /** A timed {@code tryLock} or condition wait with a timeout of at most {@link TortureConfig#TINY_TIMEOUT_NANOS}. */
    TINY_TIMEOUT("tiny-timeout"),
    /** A critical section held for the long-hold time (Linux locktorture's {@code long_hold}). */
    LONG_HOLD("long-hold"),
    /** All writers paused together, then resumed together (locktorture's {@code stutter}). */
    STUTTER("stutter"),
    /** The virtual-thread scheduler's parallelism (carrier count) changed mid-run. */
    PARALLELISM_CHANGE("parallelism-change"),
    /** A writer threw on purpose, holding nothing, and was replaced by a fresh thread. */
    WRITER_CRASH("writer-crash");

    private final String key;

    FaultKind(String key) {
        this.key = key;
    }

    /** The name in reports and JSON. */
    public String key() {
        return key;
    }
}
