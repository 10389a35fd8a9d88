package dev.mutexlab.lab.goruntime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.locks.Locks;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.Lock;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Go primitives' own contracts over several locks under test: channels lose nothing, keep FIFO
 * order, and close as Go's do; select chooses fairly among ready cases and completes exactly one;
 * the semaphore counts; the RWMutex excludes and prefers writers.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class GoRuntimeTest {
    static final List<String> SPECS = List.of("go", "spinbit", "futex", "futex:blocking", "jdk");

    static Stream<Arguments> specsAndKinds() {
        List<Arguments> list = new ArrayList<>();
        for (String spec : SPECS) {
            list.add(Arguments.of(spec, ThreadKind.PLATFORM));
            list.add(Arguments.of(spec, ThreadKind.VIRTUAL));
        }
        return list.stream();
    }

    static Supplier<Lock> locks(String spec) {
        return () -> Locks.create(spec);
    }

    static void joinAll(List<Thread> threads) throws InterruptedException {
        for (Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(30));
            assertThat(t.isAlive()).as(t.getName() + " finished (a lost wakeup hangs it)").isFalse();
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("specsAndKinds")
    void channelsLoseNothingAndKeepEachSendersOrder(String spec, ThreadKind kind) throws Exception {
        for (int capacity : new int[] {0, 1, 16}) {
            Chan<Long> c = new Chan<>(capacity, locks(spec).get());
            int producers = 3;
            int consumers = 3;
            int perProducer = 3_000;
            ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
            AtomicInteger received = new AtomicInteger();
            long[] sums = new long[consumers];
            List<Thread> ts = new ArrayList<>();
            for (int p = 0; p < producers; p++) {
                long base = (long) p << 32;
                ts.add(kind.start("producer-" + p, () -> {
                    for (int i = 1; i <= perProducer; i++) {
                        c.send(base + i);
                    }
                }));
            }
            for (int k = 0; k < consumers; k++) {
                int id = k;
                ts.add(kind.start("consumer-" + k, () -> {
                    long[] last = new long[producers];
                    for (Long v; (v = c.recv()) != null; ) {
                        int p = (int) (v >>> 32);
                        long seq = v & 0xFFFF_FFFFL;
                        if (seq <= last[p]) {
                            problems.add("consumer " + id + " got " + seq + " of producer " + p + " after " + last[p]);
                        }
                        last[p] = seq;
                        sums[id] += seq;
                        received.incrementAndGet();
                    }
                }));
            }
            joinAll(ts.subList(0, producers));
            c.close();
            joinAll(ts.subList(producers, ts.size()));
            assertThat(problems).as("capacity " + capacity).isEmpty();
            assertThat(received.get()).as("capacity " + capacity).isEqualTo(producers * perProducer);
            long total = 0;
            for (long s : sums) {
                total += s;
            }
            assertThat(total).isEqualTo((long) producers * perProducer * (perProducer + 1) / 2);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 2})
    void closeWakesBlockedReceiversDrainsTheBufferAndRefusesSends(int capacity) throws Exception {
        Chan<Integer> c = new Chan<>(capacity, Locks.create("spinbit"));
        List<Thread> ts = new ArrayList<>();
        ConcurrentLinkedQueue<Chan.Received<Integer>> results = new ConcurrentLinkedQueue<>();
        CountDownLatch started = new CountDownLatch(3);
        for (int i = 0; i < 3; i++) {
            ts.add(Thread.ofPlatform().start(() -> {
                started.countDown();
                results.add(c.recvOk());
            }));
        }
        started.await();
        while (c.recvq.size() < 3) { // read without the lock: only a progress probe
            Thread.onSpinWait();
        }
        c.close();
        joinAll(ts);
        assertThat(results).hasSize(3).allSatisfy(r -> assertThat(r.ok()).isFalse());
        assertThatThrownBy(() -> c.send(1)).isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
        assertThatThrownBy(c::close).isInstanceOf(IllegalStateException.class);
        assertThat(c.recv()).isNull();

        Chan<Integer> buffered = new Chan<>(2, Locks.create("go"));
        buffered.send(7);
        buffered.send(8);
        buffered.close();
        assertThat(buffered.recvOk()).isEqualTo(new Chan.Received<>(7, true));
        assertThat(buffered.recvOk()).isEqualTo(new Chan.Received<>(8, true));
        assertThat(buffered.recvOk()).isEqualTo(new Chan.Received<>(null, false));
    }

    @Test
    void closeMakesABlockedSenderThrow() throws Exception {
        Chan<Integer> c = new Chan<>(0, Locks.create("futex"));
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread t = Thread.ofPlatform().start(() -> {
            try {
                c.send(1);
            } catch (Throwable e) {
                thrown.set(e);
            }
        });
        while (c.sendq.size() < 1) {
            Thread.onSpinWait();
        }
        c.close();
        joinAll(List.of(t));
        assertThat(thrown.get()).isInstanceOf(IllegalStateException.class).hasMessage("send on closed channel");
    }

    @Test
    void unbufferedSendWaitsForAReceiver() throws Exception {
        Chan<Integer> c = new Chan<>(0, Locks.create("go"));
        assertThat(c.trySend(1)).isFalse();
        assertThat(c.tryRecv()).isNull();
        Thread t = Thread.ofPlatform().start(() -> c.send(42));
        assertThat(c.recv()).isEqualTo(42);
        joinAll(List.of(t));
    }

    @Test
    void selectChoosesUniformlyAmongReadyCases() {
        Chan<Integer> a = new Chan<>(10_000, Locks.create("go"));
        Chan<Integer> b = new Chan<>(10_000, Locks.create("go"));
        for (int i = 0; i < 10_000; i++) {
            a.send(1);
            b.send(2);
        }
        Select sel = new Select().recv(a).recv(b);
        int[] chosen = new int[2];
        for (int i = 0; i < 10_000; i++) {
            int k = sel.select();
            chosen[k]++;
            assertThat(sel.<Integer>value()).isEqualTo(k + 1);
        }
        // Binomial(10000, 0.5) has a standard deviation of 50: 4000..6000 is 20 of them.
        assertThat(chosen[0]).isBetween(4_000, 6_000);
    }

    @Test
    void selectWithNothingReadyTakesTheDefaultAndAClosedChannelIsReady() {
        Chan<Integer> a = new Chan<>(0, Locks.create("go"));
        Chan<Integer> b = new Chan<>(1, Locks.create("go"));
        Select sel = new Select().recv(a).send(b, 5);
        assertThat(sel.selectNow()).isEqualTo(1);     // room in b
        assertThat(sel.selectNow()).isEqualTo(-1);    // b full, nobody sends on a
        a.close();
        assertThat(sel.select()).isEqualTo(0);
        assertThat(sel.ok()).isFalse();
        assertThat(sel.<Integer>value()).isNull();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("specsAndKinds")
    void blockedSelectsCompleteExactlyOneCaseEach(String spec, ThreadKind kind) throws Exception {
        Supplier<Lock> locks = locks(spec);
        Chan<Integer> a = new Chan<>(0, locks.get());
        Chan<Integer> b = new Chan<>(0, locks.get());
        Chan<Integer> out = new Chan<>(1, locks.get());
        int perSender = 4_000;
        AtomicInteger fromA = new AtomicInteger();
        AtomicInteger fromB = new AtomicInteger();
        List<Thread> selectors = new ArrayList<>();
        for (int s = 0; s < 2; s++) {
            selectors.add(kind.start("selector-" + s, () -> {
                Select sel = new Select().recv(a).recv(b);
                for (;;) {
                    int k = sel.select();
                    if (!sel.ok()) {
                        return;
                    }
                    (k == 0 ? fromA : fromB).incrementAndGet();
                }
            }));
        }
        // A select sender too: it sends on whichever of a and b a selector takes first.
        List<Thread> senders = new ArrayList<>();
        senders.add(kind.start("send-a", () -> {
            for (int i = 0; i < perSender; i++) {
                a.send(1);
            }
        }));
        senders.add(kind.start("send-either", () -> {
            Select sel = new Select().send(a, 1).send(b, 2);
            int toB = 0;
            for (int i = 0; i < perSender; i++) {
                if (sel.select() == 1) {
                    toB++;
                }
            }
            out.send(toB);
        }));
        joinAll(senders);
        int toB = out.recv();
        a.close();
        joinAll(selectors);
        assertThat(fromA.get() + fromB.get()).isEqualTo(2 * perSender);
        assertThat(fromB.get()).isEqualTo(toB);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("specsAndKinds")
    void semaphoreNeverAdmitsMoreThanItsUnits(String spec, ThreadKind kind) throws Exception {
        Sema sema = new Sema(2, locks(spec).get());
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger maxInside = new AtomicInteger();
        AtomicInteger passes = new AtomicInteger();
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < 5; t++) {
            int id = t;
            ts.add(kind.start("sema-" + t, () -> {
                for (int i = 0; i < 3_000; i++) {
                    sema.acquire(id == 0 && i % 2 == 0);
                    int now = inside.incrementAndGet();
                    maxInside.accumulateAndGet(now, Math::max);
                    passes.incrementAndGet();
                    inside.decrementAndGet();
                    sema.release(i % 3 == 0);
                }
            }));
        }
        joinAll(ts);
        assertThat(maxInside.get()).isLessThanOrEqualTo(2);
        assertThat(passes.get()).isEqualTo(15_000);
        assertThat(sema.count()).isEqualTo(2);
        assertThat(sema.waiters()).isZero();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("specsAndKinds")
    void semaMutexExcludesAndEndsUnlockedWithNoWaiter(String spec, ThreadKind kind) throws Exception {
        SemaMutex mu = new SemaMutex(locks(spec).get());
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger overlaps = new AtomicInteger();
        long[] counter = new long[1];
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            ts.add(kind.start("semamutex-" + t, () -> {
                for (int i = 0; i < 5_000; i++) {
                    mu.lock();
                    if (inside.incrementAndGet() != 1) {
                        overlaps.incrementAndGet();
                    }
                    counter[0]++;
                    if (i % 64 == 0) {
                        Thread.yield(); // let others pile up on the semaphore
                    }
                    inside.decrementAndGet();
                    mu.unlock();
                }
            }));
        }
        joinAll(ts);
        assertThat(overlaps.get()).isZero();
        assertThat(counter[0]).isEqualTo(20_000);
        assertThat(mu.stateForTest()).as("unlocked, no waiter, no woken flag").isZero();
        assertThatThrownBy(mu::unlock).isInstanceOf(IllegalStateException.class);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("specsAndKinds")
    void rwMutexExcludesWritersFromEveryone(String spec, ThreadKind kind) throws Exception {
        RWMutex rw = new RWMutex(locks(spec));
        AtomicInteger readers = new AtomicInteger();
        AtomicInteger writers = new AtomicInteger();
        AtomicInteger violations = new AtomicInteger();
        AtomicInteger maxReaders = new AtomicInteger();
        int[] counter = {0}; // written only under the write lock
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < 6; t++) {
            boolean writer = t < 2;
            ts.add(kind.start("rw-" + t, () -> {
                for (int i = 0; i < 3_000; i++) {
                    if (writer) {
                        rw.lock();
                        if (writers.incrementAndGet() != 1 || readers.get() != 0) {
                            violations.incrementAndGet();
                        }
                        counter[0]++;
                        writers.decrementAndGet();
                        rw.unlock();
                    } else {
                        rw.rlock();
                        maxReaders.accumulateAndGet(readers.incrementAndGet(), Math::max);
                        if (writers.get() != 0) {
                            violations.incrementAndGet();
                        }
                        readers.decrementAndGet();
                        rw.runlock();
                    }
                }
            }));
        }
        joinAll(ts);
        assertThat(violations.get()).isZero();
        rw.lock();
        assertThat(counter[0]).isEqualTo(6_000);
        rw.unlock();
    }

    @Test
    void aWaitingWriterHoldsBackNewReaders() throws Exception {
        RWMutex rw = new RWMutex(() -> Locks.create("go"));
        rw.rlock();
        AtomicInteger order = new AtomicInteger();
        int[] writerAt = {0};
        int[] lateReaderAt = {0};
        Thread writer = Thread.ofPlatform().start(() -> {
            rw.lock();
            writerAt[0] = order.incrementAndGet();
            rw.unlock();
        });
        // The writer has announced itself once readerCount went negative.
        while (readerCountOf(rw) >= 0) {
            Thread.onSpinWait();
        }
        Thread lateReader = Thread.ofPlatform().start(() -> {
            rw.rlock();
            lateReaderAt[0] = order.incrementAndGet();
            rw.runlock();
        });
        lateReader.join(200);
        assertThat(lateReader.isAlive()).as("a reader arriving after a waiting writer waits").isTrue();
        rw.runlock();
        joinAll(List.of(writer, lateReader));
        assertThat(writerAt[0]).isEqualTo(1);
        assertThat(lateReaderAt[0]).isEqualTo(2);
    }

    @Test
    void unlockingWhatIsNotLockedThrows() {
        RWMutex rw = new RWMutex(() -> Locks.create("go"));
        assertThatThrownBy(rw::runlock).isInstanceOf(IllegalMonitorStateException.class);
        assertThatThrownBy(rw::unlock).isInstanceOf(IllegalMonitorStateException.class);
        rw.rlock();
        rw.runlock();
        rw.lock();
        rw.unlock();
    }

    private static int readerCountOf(RWMutex rw) {
        return rw.readerCountForTest();
    }
}
