package dev.mutexlab.locks;

/**
 * The points at which a test stops a {@link GoMutex} to build an exact interleaving: every method
 * is empty here, and a lock made by a public constructor holds {@link #NONE}, so with no subclass
 * loaded the JIT compiles each call to nothing. A test passes a subclass to the package-private
 * constructor.
 */
class GoMutexHooks {
    static final GoMutexHooks NONE = new GoMutexHooks();

    /**
     * Run by a waiter whose semaphore wait timed out or was interrupted, after it left the
     * semaphore queue and before it leaves the count.
     */
    void beforeLeave() {
    }
}
