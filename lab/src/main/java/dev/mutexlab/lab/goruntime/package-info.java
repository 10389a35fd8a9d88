/**
 * Go runtime primitives built on a pluggable {@link java.util.concurrent.locks.Lock}, the way Go
 * builds them on {@code runtime.mutex}: {@link dev.mutexlab.lab.goruntime.Chan channels} (buffered and
 * unbuffered), {@link dev.mutexlab.lab.goruntime.Select select}, the runtime
 * {@link dev.mutexlab.lab.goruntime.Sema semaphore}, and a writer-preferring
 * {@link dev.mutexlab.lab.goruntime.RWMutex} shaped like {@code sync.RWMutex}. The lock under test guards
 * every piece of their shared state that Go guards with a lock; blocking is Go's sudog + gopark /
 * goready, as {@link java.util.concurrent.locks.LockSupport#park park} / {@code unpark}
 * ({@link dev.mutexlab.lab.goruntime.G}, {@link dev.mutexlab.lab.goruntime.Sudog}).
 *
 * <p>They exist to make Go's runtime-lock benchmarks ({@code mutexlab suite}) exercise a Java lock the way
 * Go's benchmarks exercise the runtime lock, so they follow Go's {@code chan.go}, {@code select.go},
 * {@code sema.go} and {@code rwmutex.go} step by step rather than {@code java.util.concurrent}.
 *
 * <p>Layer: the bottom beside {@code stats}; imports nothing of the lab, only the lock under test.
 * {@code gobench} runs Go's benchmarks on it.
 *
 * <p>Open first: {@link dev.mutexlab.lab.goruntime.Chan}, then
 * {@link dev.mutexlab.lab.goruntime.Sema} and {@code SudogQueue}.
 */
package dev.mutexlab.lab.goruntime;
