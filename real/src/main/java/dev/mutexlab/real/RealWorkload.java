package dev.mutexlab.real;

import dev.mutexlab.lab.config.ThreadKind;
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
    POOL("pool", "commons-pool2 GenericObjectPool, objects = threads/2: its idle deque's lock and conditions"),
    /** The JDK's {@code ScheduledThreadPoolExecutor}: tiny tasks due now or within 50 µs, from every thread. */
    SCHEDULED("scheduled", "JDK ScheduledThreadPoolExecutor, P pool threads, tasks due within 50 µs: its delay queue's lock"),
    /** The JDK's {@code LinkedBlockingDeque}: half the threads put at both ends, half take from both ends. */
    DEQUE("deque", "JDK LinkedBlockingDeque(256) worked at both ends: half producers, half consumers"),
    /** The JDK's {@code DelayQueue}: each thread puts a job due within 20 µs, then takes a due one. */
    DELAY_QUEUE("delay-queue", "JDK DelayQueue, put a job due within 20 µs then take a due one: its lock and leader"),
    /** The JDK's {@code PriorityBlockingQueue}: each thread puts one item and takes the least, 1024 deep. */
    PRIORITY_QUEUE("priority-queue", "JDK PriorityBlockingQueue 1024 deep, put one then take the least: its heap lock"),
    /** HttpCore 5's {@code StrictConnPool}: lease a route's connection, use it, release it; few connections. */
    CONN_POOL("conn-pool", "HttpCore 5 StrictConnPool, 2 routes of threads/4 connections: its pool lock"),
    /** Jetty 12.1: an embedded server and Jetty's HttpClient, one GET at a time per thread over loopback. */
    JETTY("jetty", "Jetty 12.1 server + HttpClient, loopback HTTP/1.1 GETs: Jetty's AutoLocks"),
    /** H2 in memory: transfers between 64 accounts, with a ledger, two threads to a JDBC connection. */
    H2("h2", "H2 2.3 in-memory database, transfers, a connection per 2 threads: its session and connection locks"),
    /** Lucene: every thread adds small documents to one {@code IndexWriter} over an in-memory directory. */
    LUCENE("lucene", "Lucene 9.12 IndexWriter, concurrent addDocument: its per-thread writer pool's striped locks"),
    /** Apache HttpClient 5's classic client against HttpCore 5's classic server, over loopback. */
    HTTPCLIENT("httpclient", "HttpClient 5.6 classic + HttpCore server, loopback GETs, threads/2 connections: its pool lock");

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

    /** The fewest threads the workload runs with (the queue and the deque need a producer and a consumer). */
    public int minWorkers() {
        return this == QUEUE || this == DEQUE ? 2 : 1;
    }

    /**
     * A fresh session of this workload.
     *
     * @param workers      threads driving it
     * @param kind         the kind of those threads (and of the executor's and the scheduler's pool threads)
     * @param procs        the CPUs the JVM runs on (the executor's and the scheduler's pool size)
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
            case SCHEDULED -> new ScheduledSession(workers, kind, procs, outsideSteps, seed);
            case DEQUE -> new DequeSession(workers, outsideSteps, DequeSession.LIBRARY_DEQUE);
            case DELAY_QUEUE -> new DelayQueueSession(workers, outsideSteps, seed);
            case PRIORITY_QUEUE -> new PriorityQueueSession(workers, outsideSteps, seed);
            case CONN_POOL -> new ConnPoolSession(workers, outsideSteps);
            case JETTY -> new JettySession(workers, outsideSteps);
            case H2 -> new H2Session(workers, outsideSteps, seed);
            case LUCENE -> new LuceneSession(workers, outsideSteps, seed);
            case HTTPCLIENT -> new HttpClientSession(workers, outsideSteps);
        };
    }
}
