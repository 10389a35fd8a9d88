package dev.mutexlab.locks;

/**
 * The points at which a test observes a {@link SpinbitMutex}: every method is empty here, and a
 * lock made by a public constructor holds {@link #NONE}, so with no subclass loaded the JIT
 * compiles each call to nothing. A test passes a subclass to the package-private constructor.
 */
class SpinbitMutexHooks {
    static final SpinbitMutexHooks NONE = new SpinbitMutexHooks();

    /** Run by a thread right after it set the spinning bit, and again when its CAS to drop it failed. */
    void spinningBitTaken() {
    }

    /** Run by the spinning-bit holder just before a CAS that drops the bit (again if that CAS fails). */
    void spinningBitDropping() {
    }
}
