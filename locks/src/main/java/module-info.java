/**
 * mutexlab locks: mutex designs from Go and Linux behind {@link java.util.concurrent.locks.Lock}.
 *
 * <p>The API is one package, {@code dev.mutexlab.locks}; the shared machinery (owner and hold
 * count, waiter queues, conditions, statistics) lives in {@code dev.mutexlab.locks.internal},
 * which is not exported.
 */
module dev.mutexlab.locks {
    exports dev.mutexlab.locks;

    // JDK Flight Recorder, a module of the JDK itself (not a third-party dependency): the
    // dev.mutexlab.MutexContended and dev.mutexlab.MutexStatistics events. Only slow paths and
    // locks created with statistics touch it; a runtime image built without jdk.jfr cannot load
    // this module.
    requires static jdk.jfr;
}
