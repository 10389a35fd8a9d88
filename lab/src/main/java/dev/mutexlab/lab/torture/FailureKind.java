package dev.mutexlab.lab.torture;

/** What a torture detector saw go wrong. Any failure makes the lock's verdict FAILURE. */
public enum FailureKind {
    /** Two writers in the critical section at once: the owner sentinel was taken, or the counter moved under us. */
    EXCLUSION("exclusion"),
    /** The lock disagreed about the owner: not held by the writer inside, wrong hold count, or unlock threw. */
    OWNER("owner"),
    /** A writer stuck in an acquisition past the deadline while the lock stayed free and idle. */
    LOST_WAKEUP("lost-wakeup"),
    /** At the end the non-atomic counter differed from the number of successful acquisitions. */
    COUNTER("counter"),
    /** At the end the lock was still locked, still had queued waiters, or could not be acquired. */
    FINAL_STATE("final-state"),
    /** Writers still running long after the stop, with the lock busy (a deadlock or livelock). */
    HUNG("hung"),
    /** A writer threw something that was not an injected fault. */
    EXCEPTION("exception");

    private final String key;

    FailureKind(String key) {
        this.key = key;
    }

    /** The name in reports and JSON. */
    public String key() {
        return key;
    }
}
