/**
 * {@code mutexlab apps}: the locks inside code shaped like real programs — an LRU cache, a bounded
 * blocking queue, a logging appender, an object pool and a striped map, each written against
 * {@link java.util.concurrent.locks.Lock} and {@link java.util.concurrent.locks.Condition} (and as
 * {@code synchronized} with {@code wait}/{@code notify}), each checking at the end that nothing was
 * lost. A new workload on the one pipeline: the lab's child-JVM launcher and confinement, rotated
 * batches, busy work, one result schema ({@code mutexlab.apps/1}) that {@code compare} and
 * {@code report} read.
 *
 * <p>Layer: a measuring wing, on {@code runner}, {@code workload}, {@code config} and
 * {@code results}; only {@code cli} uses it.
 *
 * <p>Open first: {@link dev.mutexlab.lab.apps.Workload}, then {@code App} and one workload
 * ({@code QueueApp}), then {@link dev.mutexlab.lab.apps.AppMeasurement} and
 * {@link dev.mutexlab.lab.apps.AppsRunner}.
 */
package dev.mutexlab.lab.apps;
