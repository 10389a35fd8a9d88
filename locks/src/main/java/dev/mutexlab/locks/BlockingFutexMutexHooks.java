package dev.mutexlab.locks;

/**
 * The points at which a test stops a {@link BlockingFutexMutex} to build an exact interleaving:
 * every method is empty here, and a lock made by a public constructor holds {@link #NONE}, so with
 * no subclass loaded the JIT compiles each call to nothing. A test passes a subclass to the
 * package-private constructor.
 */
class BlockingFutexMutexHooks {
    static final BlockingFutexMutexHooks NONE = new BlockingFutexMutexHooks();

    /** Run by a waiter after it counted itself in the word and before its futex sleep. */
    void beforeSleep() {
    }
}
