/**
 * Workloads that drive unmodified third-party libraries — logback's file appenders, the JDK's
 * executors and blocking queues, Caffeine, commons-pool2, HttpCore 5's connection pool, Jetty,
 * H2, Lucene's IndexWriter, HttpClient 5 — with N threads
 * through their public APIs, each with a check that nothing was lost or corrupted. The libraries'
 * own {@code ReentrantLock}s are swapped by the mutexlab agent only; no library code is edited or
 * copied. {@link dev.mutexlab.real.RealChild} is the child JVM {@code mutexlab real} launches; open
 * {@link dev.mutexlab.real.RealMeasurement} first. Layer: above the lab (its measurement classes and
 * result records), below nothing.
 */
package dev.mutexlab.real;
