/**
 * The profiler's JDK Flight Recorder events, {@code dev.mutexlab.LockWait} and
 * {@code dev.mutexlab.LockHold}: one per sampled contended acquisition and per sampled hold of a
 * profiled lock, with the lock's site, recorded only while a recording enables them.
 *
 * <p>Layer: under {@code dev.mutexlab.agent.runtime}, the only place that names a {@code jdk.jfr}
 * type; the runtime reaches it through {@link dev.mutexlab.agent.runtime.jfr.LockEvents} and only
 * where the runtime image has {@code jdk.jfr}, so a program on an image without it runs unchanged.
 *
 * <p>Open first: {@link dev.mutexlab.agent.runtime.jfr.LockEvents}.
 */
package dev.mutexlab.agent.runtime.jfr;
