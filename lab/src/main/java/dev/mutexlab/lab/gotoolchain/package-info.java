/**
 * Go's own {@code sync.Mutex}, run by Go's own toolchain: the lab's loop written as a Go program,
 * built with the mutex's starvation threshold made a variable, and measured as the
 * {@code go-native…} columns of an ordinary run result.
 *
 * <p>Layer: a measuring wing, on {@code runner} (it summarizes its samples as the ports' are).
 *
 * <p>Open first: {@link dev.mutexlab.lab.gotoolchain.GoSeedLoop}, then
 * {@link dev.mutexlab.lab.gotoolchain.GoProgram} and {@link dev.mutexlab.lab.gotoolchain.MutexPatch}.
 */
package dev.mutexlab.lab.gotoolchain;
