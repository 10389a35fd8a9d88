package dev.mutexlab.real;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.mutexlab.lab.apps.Zipf;
import dev.mutexlab.lab.workload.BusyWork;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Caffeine as a write-heavy bounded cache: {@code maximumSize(1000)}, three {@code put}s to one
 * {@code getIfPresent}, keys drawn from a Zipf distribution (s = 0.99) over 10,000 ranks. Its
 * maintenance (draining the read and write buffers, evicting) runs on the calling thread under the
 * cache's eviction lock ({@code executor(Runnable::run)}), so the lock is taken by the measured
 * threads; writers block on it when the write buffer is full.
 *
 * <p>Each thread owns the keys {@code rank * workers + thread} and keeps its own reference map of
 * the last value it put, so a read must see exactly that value (or a miss), and the check — after
 * {@code cleanUp()} — finds the cache within its bound and every entry equal to its owner's
 * reference.
 */
final class CaffeineSession implements Session {
    static final int MAXIMUM_SIZE = 1000;
    static final int RANKS = 10_000;
    static final double SKEW = 0.99;
    static final int WRITES_PER_READ = 3;

    private final int workers;
    private final long outsideSteps;
    private final Cache<Long, Long> cache;
    private final Zipf zipf = new Zipf(RANKS, SKEW);
    private final SplittableRandom[] random;
    private final List<Map<Long, Long>> reference;
    private final long[] version;
    private final long[] wrongReads;
    private final long[] busy;

    CaffeineSession(int workers, long outsideSteps, long seed) {
        this.workers = workers;
        this.outsideSteps = outsideSteps;
        this.cache = Caffeine.newBuilder().maximumSize(MAXIMUM_SIZE).executor(Runnable::run).build();
        this.random = new SplittableRandom[workers];
        this.reference = new ArrayList<>(workers);
        SplittableRandom seeds = new SplittableRandom(seed);
        for (int t = 0; t < workers; t++) {
            random[t] = seeds.split();
            reference.add(new HashMap<>());
        }
        this.version = new long[workers * 16];
        this.wrongReads = new long[workers * 16];
        this.busy = new long[workers * 16];
    }

    @Override
    public void operate(int thread) {
        SplittableRandom r = random[thread];
        long key = (long) zipf.next(r) * workers + thread;
        int slot = thread * 16;
        if (r.nextInt(WRITES_PER_READ + 1) < WRITES_PER_READ) {
            long value = ((long) thread << 48) | ++version[slot];
            cache.put(key, value);
            reference.get(thread).put(key, value);
        } else {
            Long seen = cache.getIfPresent(key);
            if (seen != null && !seen.equals(reference.get(thread).get(key))) {
                wrongReads[slot]++;
            }
        }
        busy[slot] = BusyWork.spin(busy[slot] | 1, outsideSteps);
    }

    @Override
    public String check(long[] opsPerThread) {
        for (int t = 0; t < workers; t++) {
            if (wrongReads[t * 16] != 0) {
                return "caffeine: thread " + t + " read " + wrongReads[t * 16] + " values it had not last written";
            }
        }
        cache.cleanUp();
        long size = cache.estimatedSize();
        if (size > MAXIMUM_SIZE) {
            return "caffeine: " + size + " entries after cleanUp, over the maximum of " + MAXIMUM_SIZE;
        }
        long entries = 0;
        for (Map.Entry<Long, Long> e : cache.asMap().entrySet()) {
            entries++;
            int owner = (int) (e.getKey() % workers);
            Long expected = reference.get(owner).get(e.getKey());
            if (!e.getValue().equals(expected)) {
                return "caffeine: key " + e.getKey() + " holds " + e.getValue() + ", its owner last wrote " + expected;
            }
        }
        if (entries != size) {
            return "caffeine: estimatedSize " + size + " after cleanUp, but " + entries + " entries iterated";
        }
        return null;
    }
}
