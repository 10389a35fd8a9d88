package dev.mutexlab.lab.apps;

import dev.mutexlab.lab.workload.BusyWork;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.Lock;
import java.util.function.Supplier;

/**
 * A striped map: {@value #STRIPES} stripes, each a {@link HashMap} of counters guarded by its own
 * lock (a lock per stripe, the way {@code ConcurrentHashMap}'s segments and Guava's {@code Striped}
 * spread contention). Each operation counts one occurrence of a Zipf-drawn key in its stripe, so the
 * hot keys concentrate the load on a few stripes; then the work outside.
 *
 * <p>Check: per stripe, the counts in its map add up to the updates the stripe counted and to the
 * updates the threads made there; every key is in its own stripe.
 */
final class StripedApp extends App<StripedApp.Updater> {
    static final int STRIPES = 16;

    private final Zipf zipf;
    private final long outsideSteps;
    final Stripe[] stripes = new Stripe[STRIPES];

    StripedApp(Supplier<Lock> locks, int keys, double skew, long outsideNanos, BusyWork work) {
        super(locks);
        this.zipf = new Zipf(keys, skew);
        this.outsideSteps = work.stepsFor(outsideNanos);
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = monitor() ? new SynchronizedStripe() : new LockedStripe(locks.get());
        }
    }

    /** The stripe of {@code key}: its hash spread over the stripes. */
    static int stripeOf(int key) {
        return (key * 0x9E3779B9) >>> 28; // the top 4 bits: 16 stripes
    }

    static final class Updater extends Actor {
        final long[] perStripe = new long[STRIPES];

        Updater(int index, long seed) {
            super(index, seed);
        }
    }

    @Override
    Updater actor(int index, int threads, long seed) {
        return new Updater(index, seed);
    }

    @Override
    void operate(Updater u) {
        int key = zipf.next(u.random);
        int s = stripeOf(key);
        stripes[s].increment(key, u);
        u.perStripe[s]++;
        u.seed = BusyWork.spin(u.seed, outsideSteps);
    }

    @Override
    String check(List<Updater> updaters) {
        for (int s = 0; s < STRIPES; s++) {
            long made = 0;
            for (Updater u : updaters) {
                made += u.perStripe[s];
            }
            Stripe stripe = stripes[s];
            long counted = 0;
            for (Map.Entry<Integer, Long> e : stripe.map.entrySet()) {
                if (stripeOf(e.getKey()) != s) {
                    return "striped: key " + e.getKey() + " in stripe " + s + ", not its own";
                }
                counted += e.getValue();
            }
            if (counted != stripe.updates || stripe.updates != made) {
                return "striped: stripe " + s + " counts " + counted + " in its map, " + stripe.updates
                        + " updates, threads made " + made;
            }
        }
        return null;
    }

    /** One stripe; {@code increment} is the guarded operation. */
    abstract static sealed class Stripe permits LockedStripe, SynchronizedStripe {
        final HashMap<Integer, Long> map = new HashMap<>();
        long updates;

        /** Counts {@code key} once. Called with the stripe's lock held. */
        final void count(int key) {
            // read before the map's update and written after it: a lock that lets two threads in
            // loses one of their updates here, which the check sees
            long n = updates;
            map.merge(key, 1L, Long::sum);
            updates = n + 1;
        }

        abstract void increment(int key, Actor a);
    }

    static final class LockedStripe extends Stripe {
        private final Lock lock;

        LockedStripe(Lock lock) {
            this.lock = lock;
        }

        @Override
        void increment(int key, Actor a) {
            a.asking();
            lock.lock();
            try {
                a.acquired();
                count(key);
            } finally {
                lock.unlock();
            }
        }
    }

    static final class SynchronizedStripe extends Stripe {
        @Override
        void increment(int key, Actor a) {
            a.asking();
            synchronized (this) {
                a.acquired();
                count(key);
            }
        }
    }
}
