package dev.mutexlab.lab.gobench;

import dev.mutexlab.lab.goruntime.RWMutex;
import dev.mutexlab.lab.goruntime.Sema;
import dev.mutexlab.lab.goruntime.SemaMutex;
import java.util.List;
import java.util.concurrent.locks.Lock;

/**
 * The benchmarks of Go's {@code sync} package that Go's 2011 runtime-lock change was judged by: the runtime semaphore
 * ({@code runtime_sema_test.go}), the mutex ({@code mutex_test.go}) and the
 * RWMutex ({@code rwmutex_test.go}), in today's RunParallel form. The lock under test is the mutex
 * itself in {@code Mutex*} (the question "which lock makes the better sync.Mutex"), the runtime lock
 * beneath Go 1.0's sync.Mutex in {@code MutexOnSema} (the 2011 change's own question), and guards
 * the semaphores' queues and the RWMutex's writer lock and semaphores.
 */
final class SyncBenchmarks {
    private static final int GOROUTINE_SLACK = 10;

    private SyncBenchmarks() {
    }

    static void register(List<GoBenchmark> list) {
        list.add(new GoBenchmark("SemaSyntNonblock", b -> sema(b, false, false)));
        list.add(new GoBenchmark("SemaSyntBlock", b -> sema(b, true, false)));
        list.add(new GoBenchmark("SemaWorkNonblock", b -> sema(b, false, true)));
        list.add(new GoBenchmark("SemaWorkBlock", b -> sema(b, true, true)));
        list.add(new GoBenchmark("ContendedSemaphore", SyncBenchmarks::contendedSemaphore));
        list.add(new GoBenchmark("Mutex", b -> mutex(b, false, false)));
        list.add(new GoBenchmark("MutexOnSema", SyncBenchmarks::mutexOnSema));
        list.add(new GoBenchmark("MutexSlack", b -> mutex(b, true, false)));
        list.add(new GoBenchmark("MutexWork", b -> mutex(b, false, true)));
        list.add(new GoBenchmark("MutexWorkSlack", b -> mutex(b, true, true)));
        list.add(new GoBenchmark("RWMutexWrite100", b -> rwMutex(b, 0, 100)));
        list.add(new GoBenchmark("RWMutexWrite10", b -> rwMutex(b, 0, 10)));
        list.add(new GoBenchmark("RWMutexWorkWrite100", b -> rwMutex(b, B.LOCAL_WORK, 100)));
        list.add(new GoBenchmark("RWMutexWorkWrite10", b -> rwMutex(b, B.LOCAL_WORK, 10)));
    }

    /**
     * benchmarkSema(block, work): each iteration releases then acquires one semaphore that starts at
     * zero (with work in between). With block, a helper first waits to acquire P/2 units, so releases
     * wake a sleeper and some acquires must sleep; each thread releases once more when done.
     */
    static void sema(B b, boolean block, boolean work) {
        Sema sem = new Sema(0, b.newLock());
        if (block) {
            int units = b.procs / 2;
            b.go(() -> {
                for (int p = 0; p < units; p++) {
                    sem.acquire();
                }
            });
        }
        b.runParallel(1, pb -> {
            long foo = 1;
            while (pb.next()) {
                sem.release();
                if (work) {
                    foo = B.work(foo, B.LOCAL_WORK);
                }
                sem.acquire();
            }
            B.sink(foo);
            sem.release();
        });
        b.joinAll();
    }

    /** BenchmarkContendedSemaphore: two threads (Go sets GOMAXPROCS(2)) each acquire and release a binary semaphore N/2 times. */
    static void contendedSemaphore(B b) {
        Sema s = new Sema(1, b.newLock());
        for (int p = 0; p < 2; p++) {
            b.go(() -> {
                for (long i = 0; i < b.n / 2; i++) {
                    s.acquire();
                    s.release();
                }
            });
        }
        b.joinAll();
    }

    /** benchmarkMutex(slack, work): P threads (10·P with slack) lock and unlock one lock, with local work after. */
    static void mutex(B b, boolean slack, boolean work) {
        Lock mu = b.newLock();
        b.runParallel(slack ? GOROUTINE_SLACK : 1, pb -> {
            long foo = 1;
            while (pb.next()) {
                mu.lock();
                mu.unlock();
                if (work) {
                    foo = B.work(foo, B.LOCAL_WORK);
                }
            }
            B.sink(foo);
        });
    }

    /**
     * BenchmarkMutex as Go's 2011 runtime-lock change ran it: P threads lock and unlock one
     * {@code sync.Mutex} of Go 1.0's design ({@link SemaMutex}), so the lock under test is the runtime
     * lock beneath it, guarding the semaphore the contended lockers sleep on.
     */
    static void mutexOnSema(B b) {
        SemaMutex mu = new SemaMutex(b.newLock());
        b.runParallel(1, pb -> {
            while (pb.next()) {
                mu.lock();
                mu.unlock();
            }
        });
    }

    /** benchmarkRWMutex(localWork, writeRatio): every writeRatio-th iteration writes, the others read with local work inside. */
    static void rwMutex(B b, int localWork, int writeRatio) {
        RWMutex rwm = new RWMutex(b.locks());
        b.runParallel(1, pb -> {
            long foo = 1;
            long count = 0;
            while (pb.next()) {
                count++;
                if (count % writeRatio == 0) {
                    rwm.lock();
                    rwm.unlock();
                } else {
                    rwm.rlock();
                    foo = B.work(foo, localWork);
                    rwm.runlock();
                }
            }
            B.sink(foo);
        });
    }
}
