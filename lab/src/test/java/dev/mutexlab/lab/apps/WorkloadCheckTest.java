package dev.mutexlab.lab.apps;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.config.LabLock;
import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.results.AppsResult;
import dev.mutexlab.lab.workload.BusyWork;
import dev.mutexlab.lab.torture.TortureControls;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Each workload's own check: it passes on a correct lock and on {@code synchronized}, on both thread
 * kinds; it reports each invariant its header states when that invariant is broken by hand; and it
 * fails on a lock without mutual exclusion ({@code busted}, the torture control).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class WorkloadCheckTest {
    private static final BusyWork WORK = BusyWork.withRate(1.0);

    static AppsResult.Config config(List<String> workloads, long durationNanos) {
        return new AppsResult.Config(List.of("test"), List.of("platform"), List.of(2), workloads, 4, 0.99, 1000,
                200, durationNanos, 20_000_000L, 1);
    }

    private static AppsResult.Sample measure(Workload w, Supplier<Lock> locks, ThreadKind kind) throws InterruptedException {
        return AppMeasurement.run(w, "test", locks, config(List.of(w.label()), 60_000_000L), WORK, kind, 0, 0);
    }

    @ParameterizedTest
    @EnumSource(Workload.class)
    void aCorrectLockPassesTheCheckOnBothThreadKinds(Workload w) throws Exception {
        for (ThreadKind kind : ThreadKind.values()) {
            for (LabLock lock : List.of(LabLock.parse("jdk"), LabLock.parse("lineup"), LabLock.parse("go+yield"),
                    LabLock.parse("synchronized"))) {
                AppsResult.Sample s = measure(w, AppMeasurement.locksOf(lock), kind);
                assertThat(s.check()).as("%s on %s, %s threads", w, lock, kind).isEqualTo(AppsResult.Sample.OK);
                assertThat(s.ops()).as("%s on %s", w, lock).isPositive();
                assertThat(s.perThread()).hasSize(4);
                assertThat(s.perThread().stream().mapToLong(Long::longValue).sum()).isEqualTo(s.ops());
                assertThat(s.latency().count()).as("the window's operations, and per thread at most one begun in the warm-up")
                        .isBetween(s.ops(), s.ops() + 4);
                assertThat(s.waits().count()).isPositive();
                assertThat(s.latency().maxNanos()).isGreaterThanOrEqualTo(s.latency().p999Nanos());
                assertThat(s.jain()).isBetween(0.25, 1.0);
            }
        }
    }

    /** A torture control that does not exclude: every workload's state races, and the check must say so. */
    @ParameterizedTest
    @EnumSource(value = Workload.class, names = {"STRIPED", "LOGGER", "POOL"})
    void aLockWithoutMutualExclusionFailsTheCheck(Workload w) throws Exception {
        Supplier<Lock> busted = () -> TortureControls.create("busted");
        List<String> checks = new ArrayList<>();
        for (int attempt = 0; attempt < 20; attempt++) {
            AppsResult.Config c = new AppsResult.Config(List.of("busted"), List.of("platform"), List.of(2),
                    List.of(w.label()), 4, 1.5, 100, 0, 100_000_000L, 10_000_000L, 1);
            AppsResult.Sample s = AppMeasurement.run(w, "busted", busted, c, WORK, ThreadKind.PLATFORM, 0, 0);
            checks.add(s.check());
            if (!s.checkPassed()) {
                break;
            }
        }
        assertThat(checks.getLast()).as("checks of %s on busted: %s", w, checks).isNotEqualTo(AppsResult.Sample.OK)
                .startsWith(w.label() + ":");
    }

    private static <A extends Actor> List<A> runSerially(App<A> app, int threads, int ops) throws InterruptedException {
        List<A> actors = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            actors.add(app.actor(i, threads, 42 + i));
        }
        for (int n = 0; n < ops; n++) {
            for (A a : actors) {
                app.operate(a);
                a.allOps++;
            }
        }
        return actors;
    }

    private static Supplier<Lock> jdk() {
        return ReentrantLock::new;
    }

    @Test
    void cacheCheckSeesALostEntryAndAForeignValue() throws Exception {
        CacheApp app = new CacheApp(jdk(), 1000, 0.99, 0, WORK);
        List<CacheApp.Client> clients = runSerially(app, 2, 2000);
        assertThat(app.check(clients)).isNull();
        assertThat(clients.getFirst().misses).isPositive();
        assertThat(app.cache.map.size()).isLessThanOrEqualTo(100);

        Integer some = app.cache.map.keySet().iterator().next();
        app.cache.map.put(some, new CacheApp.Value(some + 1, CacheApp.checksumOf(some + 1)));
        assertThat(app.check(clients)).contains("maps to the value of key");
        app.cache.map.remove(some);
        assertThat(app.check(clients)).contains("inserts").contains("evictions");
        clients.getFirst().hits++;
        assertThat(app.check(clients)).contains("hits").contains("lookups");
    }

    @Test
    void queueCheckSeesALostItemAndAnItemOutOfOrder() throws Exception {
        QueueApp app = new QueueApp(jdk(), 0, WORK);
        List<QueueApp.Party> parties = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            parties.add(app.actor(i, 4, i));
        }
        for (int n = 0; n < 50; n++) {
            app.operate(parties.get(0));
            app.operate(parties.get(1));
            app.operate(parties.get(2));
        }
        assertThat(app.check(parties)).isNull();
        assertThat(app.queue.count).isEqualTo(50); // each round two puts and one take

        QueueApp.Party consumer = parties.get(2);
        consumer.lastSeen[0] = Long.MAX_VALUE - 1;
        app.operate(consumer);
        assertThat(app.check(parties)).contains("out of their producer's order");
        consumer.outOfOrder = 0;
        app.queue.items[app.queue.takeIndex] ^= 1;
        assertThat(app.check(parties)).contains("checksums differ");
        app.queue.items[app.queue.takeIndex] ^= 1;
        app.queue.count--;
        assertThat(app.check(parties)).contains("items put").contains("left");
    }

    @Test
    void aClosedQueueReleasesABlockedConsumer() throws Exception {
        for (Supplier<Lock> locks : java.util.Arrays.<Supplier<Lock>>asList(jdk(), null)) {
            QueueApp app = new QueueApp(locks, 0, WORK);
            QueueApp.Party consumer = app.actor(1, 2, 1);
            long[] got = {0};
            Thread t = Thread.ofPlatform().start(() -> {
                try {
                    got[0] = app.queue.take(consumer);
                } catch (InterruptedException e) {
                    got[0] = -2;
                }
            });
            while (t.getState() != Thread.State.WAITING) {
                Thread.onSpinWait();
            }
            app.close();
            t.join();
            assertThat(got[0]).isEqualTo(QueueApp.CLOSED);
            assertThat(app.queue.put(1, consumer)).isFalse();
        }
    }

    @Test
    void loggerCheckSeesALostLineAndACutFlush() throws Exception {
        LoggerApp app = new LoggerApp(jdk(), 1000, 0.99, 0, WORK);
        List<LoggerApp.Request> requests = runSerially(app, 3, 1000);
        assertThat(app.check(requests)).isNull();
        assertThat(app.appender.flushes).isPositive();
        assertThat(app.appender.flushedLines).isPositive();

        requests.getFirst().lines++;
        assertThat(app.check(requests)).contains("lines logged");
        requests.getFirst().lines--;
        app.appender.buffer.append('x');
        assertThat(app.check(requests)).contains("characters logged");
        app.appender.badFlushes = 1;
        assertThat(app.check(requests)).contains("cut a line");
    }

    @Test
    void poolCheckSeesAMissingAndADoubledConnection() throws Exception {
        PoolApp app = new PoolApp(jdk(), 4, 0, WORK);
        List<PoolApp.Borrower> borrowers = runSerially(app, 4, 500);
        assertThat(app.check(borrowers)).isNull();
        assertThat(app.pool.size).isEqualTo(2);

        borrowers.getFirst().shared = 1;
        assertThat(app.check(borrowers)).contains("held by two threads");
        borrowers.getFirst().shared = 0;
        app.pool.stack[0].uses++;
        assertThat(app.check(borrowers)).contains("uses").contains("borrows");
        app.pool.stack[0].uses--;
        app.pool.stack[1] = app.pool.stack[0];
        assertThat(app.check(borrowers)).contains("in the pool twice");
        app.pool.free = 1;
        assertThat(app.check(borrowers)).contains("1 of 2 connections free");
    }

    @Test
    void stripedCheckSeesALostUpdateAndAKeyInTheWrongStripe() throws Exception {
        StripedApp app = new StripedApp(jdk(), 1000, 0.99, 0, WORK);
        List<StripedApp.Updater> updaters = runSerially(app, 2, 2000);
        assertThat(app.check(updaters)).isNull();

        int hot = StripedApp.stripeOf(0);
        app.stripes[hot].updates--;
        assertThat(app.check(updaters)).contains("stripe " + hot);
        app.stripes[hot].updates++;
        int key = 1;
        while (StripedApp.stripeOf(key) == hot) {
            key++;
        }
        app.stripes[hot].map.put(key, 0L);
        assertThat(app.check(updaters)).contains("not its own");
    }

    @Test
    void zipfKeysAreSkewedTowardsKeyZeroAndUniformAtZero() {
        Zipf skewed = new Zipf(1000, 0.99);
        Zipf uniform = new Zipf(1000, 0);
        double sum = 0;
        for (int k = 0; k < 1000; k++) {
            sum += skewed.probability(k);
        }
        assertThat(sum).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(skewed.probability(0)).isGreaterThan(skewed.probability(1)).isGreaterThan(0.1);
        assertThat(uniform.probability(0)).isCloseTo(0.001, org.assertj.core.data.Offset.offset(1e-12));
        SplittableRandom r = new SplittableRandom(1);
        int zeros = 0;
        for (int i = 0; i < 10_000; i++) {
            int k = skewed.next(r);
            assertThat(k).isBetween(0, 999);
            zeros += k == 0 ? 1 : 0;
        }
        assertThat(zeros).isGreaterThan(800); // p(0) is about 0.13
    }
}
