package dev.mutexlab.lab.gobench;

import dev.mutexlab.lab.goruntime.Chan;
import dev.mutexlab.lab.goruntime.Select;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The channel benchmarks of Go's {@code runtime/chan_test.go}, on {@link Chan}s
 * and {@link Select}s guarded by the lock under test. Go's {@code foo *= 2; foo /= 2} local work is
 * {@link B#work}: dependent xorshift steps, one per Go iteration, that the JIT cannot remove.
 */
final class ChanBenchmarks {
    private static final int CALLS_PER_SCHED = 1000;
    private static final Integer ZERO = 0;
    private static final Integer ONE = 1;

    private ChanBenchmarks() {
    }

    static void register(List<GoBenchmark> list) {
        list.add(new GoBenchmark("SelectContended", ChanBenchmarks::selectContended));
        list.add(new GoBenchmark("ChanContended", ChanBenchmarks::chanContended));
        list.add(new GoBenchmark("ChanSync", ChanBenchmarks::chanSync));
        for (int work : new int[] {0, B.LOCAL_WORK}) {
            for (int size : new int[] {0, 10, 100}) {
                int w = work;
                int s = size;
                list.add(new GoBenchmark((work == 0 ? "ChanProdCons" : "ChanProdConsWork") + size,
                        b -> chanProdCons(b, s, w)));
            }
        }
    }

    /**
     * BenchmarkChanContended: one channel with room for everyone's 100 values; each iteration sends
     * 100 and receives 100, so nothing blocks and every operation contends for the channel's lock.
     */
    static void chanContended(B b) {
        Chan<Integer> myc = new Chan<>(100 * b.procs, b.newLock());
        b.runParallel(1, pb -> {
            while (pb.next()) {
                for (int i = 0; i < 100; i++) {
                    myc.send(ZERO);
                }
                for (int i = 0; i < 100; i++) {
                    myc.recv();
                }
            }
        });
    }

    /**
     * BenchmarkChanSync: two threads (whatever P is) ping-pong on an unbuffered channel; a batch of
     * 1000 round trips per claim, alternate batches start with a receive.
     */
    static void chanSync(B b) {
        AtomicInteger remaining = new AtomicInteger((int) (b.n / CALLS_PER_SCHED / 2 * 2));
        Chan<Integer> myc = new Chan<>(0, b.newLock());
        for (int p = 0; p < 2; p++) {
            b.go(() -> {
                for (;;) {
                    int i = remaining.decrementAndGet();
                    if (i < 0) {
                        break;
                    }
                    for (int g = 0; g < CALLS_PER_SCHED; g++) {
                        if (i % 2 == 0) {
                            myc.recv();
                            myc.send(ZERO);
                        } else {
                            myc.send(ZERO);
                            myc.recv();
                        }
                    }
                }
            });
        }
        b.joinAll();
    }

    /**
     * benchmarkChanProdCons(chanSize, localWork): P producers and P consumers on one channel; each
     * producer claims batches of 1000 items, then sends a 0 that stops one consumer.
     */
    static void chanProdCons(B b, int chanSize, int localWork) {
        AtomicInteger batches = new AtomicInteger((int) (b.n / CALLS_PER_SCHED));
        Chan<Integer> myc = new Chan<>(chanSize, b.newLock());
        Chan<Boolean> c = new Chan<>(2 * b.procs, b.newLock());
        for (int p = 0; p < b.procs; p++) {
            b.go(() -> {
                long foo = 1;
                while (batches.decrementAndGet() >= 0) {
                    for (int g = 0; g < CALLS_PER_SCHED; g++) {
                        foo = B.work(foo, localWork);
                        myc.send(ONE);
                    }
                }
                myc.send(ZERO);
                c.send(foo == 42);
            });
            b.go(() -> {
                long foo = 1;
                for (;;) {
                    int v = myc.recv();
                    if (v == 0) {
                        break;
                    }
                    foo = B.work(foo, localWork);
                }
                c.send(foo == 42);
            });
        }
        for (int p = 0; p < 2 * b.procs; p++) {
            c.recv();
        }
        b.joinAll();
    }

    /**
     * BenchmarkSelectContended, as today's SelectAsyncContended: two channels of capacity P, each
     * thread first puts a token in the first; each iteration selects a receive from either and sends
     * the token to the other.
     */
    static void selectContended(B b) {
        Chan<Integer> myc1 = new Chan<>(b.procs, b.newLock());
        Chan<Integer> myc2 = new Chan<>(b.procs, b.newLock());
        b.runParallel(1, pb -> {
            myc1.send(ZERO);
            Select sel = new Select().recv(myc1).recv(myc2);
            while (pb.next()) {
                if (sel.select() == 0) {
                    myc2.send(ZERO);
                } else {
                    myc1.send(ZERO);
                }
            }
        });
    }
}
