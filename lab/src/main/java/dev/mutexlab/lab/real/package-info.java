/**
 * {@code mutexlab real}, {@code profile}, {@code advise} and {@code census}: third-party libraries
 * measured under load with every lock swapped in by the agent (child JVMs of the {@code real}
 * module, launched with {@code -javaagent}), their lock sites profiled in a separate pass, and the
 * profiles set against the seed loop's grid. Layer: above {@code runner} and {@code results}, below
 * {@code cli}. Open {@link dev.mutexlab.lab.real.RealRunner} first.
 */
package dev.mutexlab.lab.real;
