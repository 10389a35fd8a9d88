/**
 * The JMH benchmarks of the locks, one question per class, each with its hypothesis on top and how
 * to run it below ({@code mutexlab jmh}, or {@code java -jar bench/target/benchmarks.jar}).
 *
 * <p>Layer: its own module on top of the library; nothing depends on it (the lab only runs its jar).
 *
 * <p>Open first: {@link dev.mutexlab.bench.LockSpecs} (the locks every benchmark compares, one
 * word each), then {@link dev.mutexlab.bench.Uncontended}.
 */
package dev.mutexlab.bench;
