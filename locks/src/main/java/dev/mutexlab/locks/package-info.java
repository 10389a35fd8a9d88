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
 * only its algorithm and opens with its implementation notes ({@code LineupMutex}'s
 * waiting policies are one small file each, {@code LineupBarge}, {@code LineupLine} and
 * {@code LineupSolo}, chosen per lock by {@code LineupChooser}). {@link dev.mutexlab.locks.Locks}
 * creates a lock from a spec string ({@code go:threshold=0}) and lists them all.
 *
 * <h2 id="jfr">JFR events</h2>
 *
 * <p>The locks report to JDK Flight Recorder when the runtime has it (the module
 * {@code requires static jdk.jfr}: on a runtime without {@code jdk.jfr}, such as a
 * {@code jlink --add-modules java.base} image, or on the module path when nothing resolves
 * {@code jdk.jfr}, the locks work the same and record nothing). Two events:
 *
 * <table class="striped">
 * <caption>The events and their defaults</caption>
 * <thead><tr><th>event</th><th>when</th><th>defaults</th><th>fields</th></tr></thead>
 * <tbody>
 * <tr><td>{@code dev.mutexlab.MutexContended}</td>
 *     <td>an acquisition that entered its slow path and waited at least the threshold; the
 *     event's duration is the wait</td>
 *     <td>off ({@code @Enabled(false)}); when enabled: threshold 20 ms, no stack trace
 *     (as {@code jdk.JavaMonitorEnter}); {@code mutexlab.jfc}: on, 20 µs, stack traces</td>
 *     <td>{@code lockClass} (the algorithm), {@code lockName} (see below, or null),
 *     {@code lockId} ({@code System.identityHashCode} of the lock), {@code how} (how the lock
 *     was won: {@code HANDOFF}, {@code WOKEN}, {@code SPINNING} or {@code BARGING}, the first that
 *     applies), {@code queueLength} (waiters the lock counted when the wait began)</td></tr>
 * <tr><td>{@code dev.mutexlab.MutexStatistics}</td>
 *     <td>periodic, one event per live lock created with statistics on ({@code :stats},
 *     {@code Locks.create(spec, true)})</td>
 *     <td>period 1 s when enabled; the JDK's {@code default.jfc} does not name it, so it records
 *     only where a settings file such as {@code mutexlab.jfc} enables it</td>
 *     <td>{@code lockClass}, {@code lockName}, {@code lockId}, and one count per
 *     {@link dev.mutexlab.locks.LockEvent} since the lock was created ({@code contendedAcquire},
 *     {@code park}, {@code handoff}, ...) and {@code starvationNanos}</td></tr>
 * </tbody>
 * </table>
 *
 * <p>The uncontended path never touches JFR: only a slow path begins {@code MutexContended}, and
 * only when a recording enables it. The settings file {@code dev/mutexlab/locks/mutexlab.jfc}
 * ships in the jar; use it after the JDK's defaults:
 * {@code java -XX:StartFlightRecording:settings=default,settings=mutexlab.jfc,filename=app.jfr}.
 *
 * <p>A lock's name ({@link dev.mutexlab.locks.Mutex#named(String)}, or the spec option
 * {@code name}, as in {@code Locks.mutex("go:name=cache")}) appears in {@code toString} and in
 * both events' {@code lockName}, so a recording says which lock of an application waited.
 */
package dev.mutexlab.locks;
