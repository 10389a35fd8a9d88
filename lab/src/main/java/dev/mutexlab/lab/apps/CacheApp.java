package dev.mutexlab.lab.apps;

import dev.mutexlab.lab.workload.BusyWork;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.Lock;
import java.util.function.Supplier;

/**
 * A cache: an access-ordered {@link LinkedHashMap} bounded to {@code keys / 10} entries (least
 * recently used out first) under one lock, keys drawn from a Zipf distribution. A lookup takes the
 * lock once (a hit relinks the entry: even a read writes); a miss builds the value outside the lock
 * ({@value #BUILD_NANOS} ns of work) and takes the lock again to insert it, as a cache that does not
 * hold its lock across a load does. Then the request's own work outside the lock.
 *
 * <p>Check: hits + misses = operations; inserts − evictions = size ≤ capacity; walking the map meets
 * exactly size entries, each the value built for its key.
 */
final class CacheApp extends App<CacheApp.Client> {
    /** Keys per cache entry: the cache holds a tenth of the key space. */
    static final int KEYS_PER_ENTRY = 10;
    /** Work to build a missing value. */
    static final long BUILD_NANOS = 5_000;

    private final Zipf zipf;
    private final long buildSteps;
    private final long outsideSteps;
    final LruCache cache;

    CacheApp(Supplier<Lock> locks, int keys, double skew, long outsideNanos, BusyWork work) {
        super(locks);
        this.zipf = new Zipf(keys, skew);
        this.buildSteps = work.stepsFor(BUILD_NANOS);
        this.outsideSteps = work.stepsFor(outsideNanos);
        int capacity = Math.max(1, keys / KEYS_PER_ENTRY);
        this.cache = monitor() ? new SynchronizedCache(capacity) : new LockedCache(capacity, locks.get());
    }

    static final class Client extends Actor {
        long hits;
        long misses;
        long inserts;
        long wrongValues;

        Client(int index, long seed) {
            super(index, seed);
        }
    }

    /** A cached value: what building it for {@code key} produced. */
    record Value(int key, long checksum) {
    }

    static long checksumOf(int key) {
        long x = key * 0x9E3779B97F4A7C15L;
        return x ^ (x >>> 31);
    }

    @Override
    Client actor(int index, int threads, long seed) {
        return new Client(index, seed);
    }

    @Override
    void operate(Client c) {
        int key = zipf.next(c.random);
        Value v = cache.get(key, c);
        if (v == null) {
            c.misses++;
            c.seed = BusyWork.spin(c.seed, buildSteps); // build the value, outside the lock
            if (cache.putIfAbsent(key, new Value(key, checksumOf(key)), c)) {
                c.inserts++;
            }
        } else {
            c.hits++;
            if (v.key() != key || v.checksum() != checksumOf(key)) {
                c.wrongValues++;
            }
        }
        c.seed = BusyWork.spin(c.seed, outsideSteps);
    }

    @Override
    String check(List<Client> clients) {
        long ops = 0;
        long hits = 0;
        long misses = 0;
        long inserts = 0;
        long wrong = 0;
        for (Client c : clients) {
            ops += c.allOps;
            hits += c.hits;
            misses += c.misses;
            inserts += c.inserts;
            wrong += c.wrongValues;
        }
        LruCache lru = cache;
        int size = lru.map.size();
        if (hits + misses != ops) {
            return "cache: " + hits + " hits + " + misses + " misses != " + ops + " lookups";
        }
        if (wrong != 0) {
            return "cache: " + wrong + " hits returned another key's value";
        }
        if (size > lru.capacity) {
            return "cache: " + size + " entries in a cache of " + lru.capacity;
        }
        if (inserts - lru.evictions != size) {
            return "cache: " + inserts + " inserts - " + lru.evictions + " evictions != " + size + " entries";
        }
        int walked = 0;
        for (Map.Entry<Integer, Value> e : lru.map.entrySet()) {
            walked++;
            if (e.getValue().key() != e.getKey() || e.getValue().checksum() != checksumOf(e.getKey())) {
                return "cache: key " + e.getKey() + " maps to the value of key " + e.getValue().key();
            }
            if (walked > size) {
                break;
            }
        }
        return walked == size ? null : "cache: walking the map met " + walked + " entries, its size is " + size;
    }

    /** The LRU map and its counters; {@code get} and {@code putIfAbsent} are the guarded operations. */
    abstract static sealed class LruCache permits LockedCache, SynchronizedCache {
        final int capacity;
        final LinkedHashMap<Integer, Value> map;
        long evictions;

        LruCache(int capacity) {
            this.capacity = capacity;
            this.map = new LinkedHashMap<>(capacity * 4 / 3 + 1, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<Integer, Value> eldest) {
                    if (size() > LruCache.this.capacity) {
                        evictions++;
                        return true;
                    }
                    return false;
                }
            };
        }

        abstract Value get(int key, Actor a);

        /** Inserts {@code v} unless another thread did first; returns whether it did. */
        abstract boolean putIfAbsent(int key, Value v, Actor a);
    }

    static final class LockedCache extends LruCache {
        private final Lock lock;

        LockedCache(int capacity, Lock lock) {
            super(capacity);
            this.lock = lock;
        }

        @Override
        Value get(int key, Actor a) {
            a.asking();
            lock.lock();
            try {
                a.acquired();
                return map.get(key);
            } finally {
                lock.unlock();
            }
        }

        @Override
        boolean putIfAbsent(int key, Value v, Actor a) {
            a.asking();
            lock.lock();
            try {
                a.acquired();
                return map.putIfAbsent(key, v) == null;
            } finally {
                lock.unlock();
            }
        }
    }

    static final class SynchronizedCache extends LruCache {
        SynchronizedCache(int capacity) {
            super(capacity);
        }

        @Override
        Value get(int key, Actor a) {
            a.asking();
            synchronized (this) {
                a.acquired();
                return map.get(key);
            }
        }

        @Override
        boolean putIfAbsent(int key, Value v, Actor a) {
            a.asking();
            synchronized (this) {
                a.acquired();
                return map.putIfAbsent(key, v) == null;
            }
        }
    }
}
