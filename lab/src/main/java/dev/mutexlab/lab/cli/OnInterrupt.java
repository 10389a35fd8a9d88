package dev.mutexlab.lab.cli;

import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Ctrl-C during a measurement: a shutdown hook that stops the child JVM and reports what was measured
 * so far, unless the measurement has already finished. Every measuring command goes through here.
 */
public final class OnInterrupt {
    /** The measurement was interrupted and the hook has reported; the JVM is exiting on the signal. */
    public static final class Interrupted extends RuntimeException {
        Interrupted() {
            super("interrupted", null, false, false);
        }
    }

    private OnInterrupt() {
    }

    /**
     * Runs {@code measurement}; if the JVM is asked to exit before it returns, runs {@code stopAndReport}
     * instead of waiting, and the measurement's own failure turns into {@link Interrupted}.
     */
    static <T> T guard(Runnable stopAndReport, Callable<T> measurement) throws Exception {
        AtomicBoolean over = new AtomicBoolean();
        AtomicBoolean interrupted = new AtomicBoolean();
        Thread hook = new Thread(() -> {
            if (over.compareAndSet(false, true)) {
                interrupted.set(true);
                stopAndReport.run();
            }
        }, "mutexlab-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return measurement.call();
        } catch (Exception e) {
            if (interrupted.get()) {
                throw new Interrupted();
            }
            throw e;
        } finally {
            over.set(true);
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // already shutting down: the hook has run or is running
            }
        }
    }
}
