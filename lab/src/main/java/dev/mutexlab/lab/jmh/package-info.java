/**
 * The lab's side of the JMH benchmarks of {@code bench/}: it runs their jar, reads JMH's JSON back,
 * and turns it into charts and the uncontended table.
 *
 * <p>Layer: a measuring wing, on {@code report} and {@code results}.
 *
 * <p>Open first: {@link dev.mutexlab.lab.jmh.JmhLauncher}, then
 * {@link dev.mutexlab.lab.jmh.JmhResult}.
 */
package dev.mutexlab.lab.jmh;
