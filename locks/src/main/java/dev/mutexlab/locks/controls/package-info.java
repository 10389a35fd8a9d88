/**
 * The deliberately broken locks ({@code busted}, {@code busted:lostwakeup}) that prove the torture's
 * detectors fire. They are not in the {@code Locks} registry, so no user can pick one by accident.
 *
 * <p>Layer: beside the API package, inside the library module; not exported (the lab reaches it
 * on the class path).
 *
 * <p>Open first: {@link dev.mutexlab.locks.controls.TortureControls}.
 */
package dev.mutexlab.locks.controls;
