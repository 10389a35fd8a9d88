package dev.mutexlab.real;

import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.workload.BusyWork;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The workloads of {@code mutexlab real}, by name, and how each builds a fresh {@link Session}. */
public enum RealWorkload {
    /** logback's {@code FileAppender}: every thread logs numbered lines to one file. */
    LOGBACK_FILE("logback-file", "logback FileAppender, immediate flush: the stream lock around each write"),
    /** logback's {@code RollingFileAppender} with a 16 KB size policy: the stream lock plus the triggering-policy lock. */
    LOGBACK_ROLLING("logback-rolling", "logback RollingFileAppender rolling every 16 KB: stream + triggering-policy locks"),
    /** The JDK's {@code ThreadPoolExecutor}: many small tasks submitted from every thread. */
    EXECUTOR("executor", "JDK ThreadPoolExecutor, P pool threads, bounded LinkedBlockingQueue, tiny tasks"),
    /** The JDK's {@code ArrayBlockingQueue}: half the threads produce, half consume. */
    QUEUE("queue", "JDK ArrayBlockingQueue(256) pipeline: half producers, half consumers, order per producer"),
    /** Caffeine: a size-bounded cache, three writes to a read, Zipf keys. */
    CAFFEINE("caffeine", "Caffeine maximumSize cache, 75% writes, Zipf keys: its eviction lock"),
    /** commons-pool2's {@code GenericObjectPool} with half as many objects as threads. */
    POOL("pool", "commons-pool2 GenericObjectPool, objects = threads/2: its idle deque's lock and conditions");

    private final String label;
    private final String description;

    RealWorkload(String label, String description) {
        this.label = label;
        this.description = description;
    }

    public String label() {
        return label;
    }

    public String description() {
        return description;
    }

    /** The workloads' names, in order. */
    public static List<String> names() {
        return Arrays.stream(values()).map(RealWorkload::label).toList();
    }

    /** The workload named {@code name}; IllegalArgumentException with one line otherwise. */
    public static RealWorkload parse(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        for (RealWorkload w : values()) {
            if (w.label.equals(n)) {
                return w;
            }
        }
        throw new IllegalArgumentException("unknown workload '" + name + "' (expected one of " + String.join(", ", names()) + ")");
    }

    /** The fewest threads the workload runs with (the queue needs a producer and a consumer). */
    public int minWorkers() {
        return this == QUEUE ? 2 : 1;
    }

    /**
     * A fresh session of this workload.
     *
     * @param workers      threads driving it
     * @param kind         the kind of those threads (and of the executor's pool threads)
     * @param procs        the CPUs the JVM runs on (the executor's pool size)
     * @param outsideSteps busy-work steps per operation outside the library
     * @param seed         the seed of every random choice
     */
    Session open(int workers, ThreadKind kind, int procs, long outsideSteps, long seed) throws Exception {
        return switch (this) {
            case LOGBACK_FILE -> new LogbackSession(workers, false, outsideSteps);
            case LOGBACK_ROLLING -> new LogbackSession(workers, true, outsideSteps);
            case EXECUTOR -> new ExecutorSession(workers, kind, procs, outsideSteps);
            case QUEUE -> new QueueSession(workers, outsideSteps, QueueSession.LIBRARY_QUEUE);
            case CAFFEINE -> new CaffeineSession(workers, outsideSteps, seed);
            case POOL -> new PoolSession(workers, outsideSteps);
        };
    }

    /** Busy work between operations: {@code steps} xorshift steps chained through {@code seed}. */
    static long outside(long seed, long steps) {
        return BusyWork.spin(seed, steps);
    }
}
