package dev.mutexlab.bench;

import dev.mutexlab.locks.Locks;
import java.util.concurrent.locks.Lock;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The locks every benchmark compares, by spec ({@link Locks#create(String)}): {@code jdk} is
 * {@link java.util.concurrent.locks.ReentrantLock}, the reference. A new lock is one more word in
 * {@link #spec}'s list; {@code -p spec=go,jdk} picks some on the command line.
 *
 * <p>JMH runs each spec in its own fork, so every lock's call site is monomorphic, as it would be
 * in a program that uses one lock class. Subclasses choose the scope with their own {@link State}.
 */
@State(Scope.Thread)
public abstract class LockSpecs {
    @Param({"lineup", "go", "spinbit", "futex", "kernel", "semaphore", "semaphore:handoff", "jdk", "jdk-fair"})
    public String spec;

    public Lock lock;

    @Setup
    public final void createLock() throws Exception {
        lock = Locks.create(spec);
        created();
    }

    /** What a subclass sets up once {@link #lock} exists (JMH does not order setups across a hierarchy). */
    protected void created() throws Exception {
    }
}
