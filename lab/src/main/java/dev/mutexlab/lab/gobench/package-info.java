/**
 * {@code mutexlab suite}: Go's runtime benchmark suite, the benchmarks Go's 2011 runtime-lock
 * change was judged by ({@code docs/background.md} §3: chan, select, sema, mutex, RWMutex), run on
 * each lock with {@code testing.B}'s semantics and compared benchstat style.
 *
 * <p>Layer: a measuring wing, on {@code goruntime} (the Go structures the benchmarks exercise),
 * {@code runner} and {@code compare}.
 *
 * <p>Open first: {@link dev.mutexlab.lab.gobench.SuiteRunner}, then
 * {@link dev.mutexlab.lab.gobench.Launcher} (Go's {@code B.launch}) and
 * {@code ChanBenchmarks}.
 */
package dev.mutexlab.lab.gobench;
