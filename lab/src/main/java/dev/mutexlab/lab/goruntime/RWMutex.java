package dev.mutexlab.lab.goruntime;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Lock;
import java.util.function.Supplier;

/**
 * Go's {@code sync.RWMutex} ({@code src/sync/rwmutex.go}): any number of readers or one writer, and
 * writer-preferring — once a writer is waiting, new readers wait until it has had its turn, so a
 * steady stream of readers cannot starve writers. Writers exclude each other with a pluggable
 * {@link Lock} (Go's {@code w sync.Mutex}); readers and the writer wait on two {@link Sema}s whose
 * queues are guarded by further locks of the same kind (Go's semaphores use {@code runtime.mutex}).
 *
 * <pre>{@code
 * RWMutex rw = new RWMutex(() -> Locks.create("go"));
 * rw.rlock();
 * try { read(); } finally { rw.runlock(); }
 * }</pre>
 *
 * <p>Not reentrant; a reader must not take the read lock again while a writer may be waiting (as
 * in Go, that deadlocks). Memory effects: unlock happens-before every later lock and rlock; runlock
 * happens-before the next lock.
 */
public final class RWMutex {
    /* Implementation notes
     *
     * readerCount: readers holding or waiting, minus MAX_READERS while a writer holds or waits for
     * the lock (so a negative value tells an arriving reader to wait on readerSem). readerWait: how
     * many of the readers the writer saw when it announced itself have yet to leave; the last of
     * them releases writerSem. Unlock adds MAX_READERS back and releases readerSem once per reader
     * that arrived meanwhile, then unlocks w. All transitions are the atomic adds of rwmutex.go;
     * the locks under test are w and the two semaphores' queue locks.
     */
    static final int MAX_READERS = 1 << 30;

    private final Lock w;
    private final Sema writerSem;
    private final Sema readerSem;
    private final AtomicInteger readerCount = new AtomicInteger();
    private final AtomicInteger readerWait = new AtomicInteger();

    /** An RWMutex whose writer lock and two semaphore queue locks come from {@code locks}. */
    public RWMutex(Supplier<? extends Lock> locks) {
        this.w = locks.get();
        this.writerSem = new Sema(0, locks.get());
        this.readerSem = new Sema(0, locks.get());
    }

    /** Takes the lock for reading; waits while a writer holds it or waits for it. */
    public void rlock() {
        if (readerCount.incrementAndGet() < 0) {
            readerSem.acquire(false); // a writer is pending: wait for it
        }
    }

    /** Gives up a read lock; the last reader a waiting writer waits for wakes it. */
    public void runlock() {
        int r = readerCount.decrementAndGet();
        if (r < 0) {
            if (r + 1 == 0 || r + 1 == -MAX_READERS) {
                readerCount.incrementAndGet();
                throw new IllegalMonitorStateException("runlock of unlocked RWMutex");
            }
            if (readerWait.decrementAndGet() == 0) {
                writerSem.release(false); // the last reader unblocks the writer
            }
        }
    }

    /** Takes the lock for writing: first other writers' turn, then the readers already inside leave. */
    public void lock() {
        w.lock();
        int r = readerCount.addAndGet(-MAX_READERS) + MAX_READERS; // announce: new readers now wait
        if (r != 0 && readerWait.addAndGet(r) != 0) {
            writerSem.acquire(false);
        }
    }

    /** Gives up the write lock, letting in every reader that arrived meanwhile. */
    public void unlock() {
        int r = readerCount.addAndGet(MAX_READERS);
        if (r >= MAX_READERS) {
            readerCount.addAndGet(-MAX_READERS);
            throw new IllegalMonitorStateException("unlock of unlocked RWMutex");
        }
        for (int i = 0; i < r; i++) {
            readerSem.release(false);
        }
        w.unlock();
    }

    /** Readers holding or waiting, minus MAX_READERS while a writer is pending (for tests). */
    int readerCountForTest() {
        return readerCount.get();
    }
}
