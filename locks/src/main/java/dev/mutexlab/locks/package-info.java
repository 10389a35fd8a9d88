/**
 * The mutexlab locks library: mutex designs from Go and Linux, each a reentrant
 * {@link java.util.concurrent.locks.Lock} with {@code ReentrantLock}'s inspection methods.
 *
 * <p>Layer: the library's API, the one package the module exports; it depends on nothing but the
 * JDK and its own {@code internal} package, and the lab and the benchmarks sit on top of it.
 *
 * <p>Open first: {@link dev.mutexlab.locks.Mutex} (the contract every lock keeps), then
 * {@code AbstractMutex} (everything that is not an algorithm: owner, holds, conditions,
 * statistics), then any one lock, e.g. {@link dev.mutexlab.locks.GoMutex}; each lock file holds
 * only its algorithm and opens with its implementation notes. {@link dev.mutexlab.locks.Locks}
 * creates a lock from a spec string ({@code go:threshold=0}) and lists them all.
 */
package dev.mutexlab.locks;
