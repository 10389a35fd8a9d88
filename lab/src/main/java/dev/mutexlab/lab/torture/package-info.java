/**
 * {@code mutexlab torture}: Linux-locktorture-style stress of any lock, with fault injection and
 * detectors for broken exclusion, lost wake-ups and wrong owners ({@code docs/torture.md}).
 *
 * <p>Layer: a measuring wing, on {@code config} only; it runs in the calling JVM.
 *
 * <p>Open first: {@link dev.mutexlab.lab.torture.TortureEngine}, then
 * {@code LockRun} and {@code Writer}.
 */
package dev.mutexlab.lab.torture;
