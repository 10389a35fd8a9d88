package dev.mutexlab.locks;

/** Platform or virtual threads: every concurrent test runs on both. */
enum ThreadKind {
    PLATFORM, VIRTUAL;

    Thread start(Runnable task) {
        return this == PLATFORM ? Thread.ofPlatform().daemon().start(task) : Thread.ofVirtual().start(task);
    }

    Thread unstarted(Runnable task) {
        return this == PLATFORM ? Thread.ofPlatform().daemon().unstarted(task) : Thread.ofVirtual().unstarted(task);
    }

    /** Waits for {@code t}; fails the test if it is still running after {@code millis}. */
    static void join(Thread t, long millis) throws InterruptedException {
        t.join(millis);
        if (t.isAlive()) {
            throw new AssertionError("thread " + t + " still running after " + millis + " ms:\n"
                    + stack(t));
        }
    }

    static String stack(Thread t) {
        StringBuilder sb = new StringBuilder();
        for (StackTraceElement e : t.getStackTrace()) {
            sb.append("    at ").append(e).append('\n');
        }
        return sb.toString();
    }

    /** Spins (yielding) until {@code condition} holds; fails after {@code millis}. */
    static void awaitCondition(String what, long millis, java.util.function.BooleanSupplier condition) {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("timed out after " + millis + " ms waiting for: " + what);
            }
            Thread.yield();
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                throw new AssertionError("interrupted waiting for: " + what);
            }
        }
    }
}
