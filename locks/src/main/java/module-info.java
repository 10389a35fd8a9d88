/**
 * mutexlab locks: mutex designs from Go and Linux behind {@link java.util.concurrent.locks.Lock}.
 *
 * <p>The API is one package, {@code dev.mutexlab.locks}; the shared machinery (owner and hold
 * count, waiter queues, conditions, statistics) lives in {@code dev.mutexlab.locks.internal},
 * which is not exported. Compiled for Java 17, tested on Java 25 and 17 (see the project's
 * {@code docs/compatibility.md}).
 *
 * @since 1.0
 */
module dev.mutexlab.locks {
    exports dev.mutexlab.locks;

    // JDK Flight Recorder, a module of the JDK itself (not a third-party dependency): the
    // dev.mutexlab.MutexContended and dev.mutexlab.MutexStatistics events. Static: the module
    // resolves and every lock works on a runtime without jdk.jfr (a jlink image of java.base alone),
    // recording nothing; only slow paths and locks created with statistics look for it, through a
    // guarded holder (scripts/check-jfr-free runs a contended program on such a runtime).
    requires static jdk.jfr;
}
