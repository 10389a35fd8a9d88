/**
 * mutexlab locks: mutex designs from Go and Linux behind {@link java.util.concurrent.locks.Lock}.
 *
 * <p>The API is one package, {@code dev.mutexlab.locks}; the shared machinery (owner and hold
 * count, waiter queues, conditions, statistics) lives in {@code dev.mutexlab.locks.internal},
 * which is not exported.
 */
module dev.mutexlab.locks {
    exports dev.mutexlab.locks;
}
