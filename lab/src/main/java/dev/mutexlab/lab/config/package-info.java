/**
 * The configuration of a measurement: which locks ({@link dev.mutexlab.lab.config.LabLock}, a lock
 * spec or {@code synchronized}), the grid of shapes (thread kind × procs × workers × hold × outside
 * work) and how long; with the one grammar for durations and the one rule for processor counts.
 *
 * <p>Layer: on {@code results} (a configuration converts to and from its file form); everything
 * that measures sits above it.
 *
 * <p>Open first: {@link dev.mutexlab.lab.config.RunConfig}, then
 * {@link dev.mutexlab.lab.config.Shape}.
 */
package dev.mutexlab.lab.config;
