/**
 * The machinery the locks share and do not export: waiter nodes and the guarded queue that makes
 * cancellation exact, Go's runtime semaphore, the futex emulation, the waiting policy, the event
 * counters and the JFR events.
 *
 * <p>Layer: under the API package, inside the library module; not exported, so nothing outside
 * the library can depend on it on the module path. On the class path its public classes can be
 * reached, but they are not API: they change in any release without notice
 * ({@code docs/compatibility.md}).
 *
 * <p>Open first: {@link dev.mutexlab.locks.internal.Waiter} and
 * {@link dev.mutexlab.locks.internal.WaitQueue}, which every blocking lock parks on; then
 * {@link dev.mutexlab.locks.internal.RuntimeSemaphore} ({@code GoMutex}'s) and
 * {@link dev.mutexlab.locks.internal.SpinPolicy}.
 */
package dev.mutexlab.locks.internal;
