package dev.mutexlab.agent.runtime;

/**
 * A log-scale histogram of non-negative nanosecond values: four buckets per power of two (so a
 * value's bucket bounds it within 25%), exact below 4, up to {@code Long.MAX_VALUE}; plus count,
 * sum and max. Recording is a few instructions and allocates nothing.
 *
 * <p>Not thread-safe: each thread records into its own (see {@link ThreadStats}); a report merges
 * them with {@link #add(LogHistogram)}.
 *
 * <p>Bucket of {@code v}: {@code v} itself for {@code v < 4}; otherwise, with {@code e =
 * floor(log2 v)}, {@code 4 (e - 1) + s} where {@code s} is the two bits below the leading one.
 * Bucket {@code i >= 4} holds {@code [(4 + s) << (e - 2), (5 + s) << (e - 2))}.
 */
public final class LogHistogram {

    /** Buckets per power of two. */
    static final int SUB_BUCKETS = 4;
    /** Buckets in all: exact 0..3, then four per power of two up to 2^63. */
    public static final int BUCKETS = SUB_BUCKETS * 62;

    private final long[] counts = new long[BUCKETS];
    private long count;
    private long sumNanos;
    private long maxNanos;

    /** Records one value; a negative one (a clock step) counts as 0. */
    public void record(long nanos) {
        long v = Math.max(0, nanos);
        counts[bucketOf(v)]++;
        count++;
        sumNanos += v;
        if (v > maxNanos) {
            maxNanos = v;
        }
    }

    /** The bucket index of {@code v >= 0}. */
    public static int bucketOf(long v) {
        if (v < SUB_BUCKETS) {
            return (int) v;
        }
        int e = 63 - Long.numberOfLeadingZeros(v);
        int s = (int) (v >>> (e - 2)) & (SUB_BUCKETS - 1);
        return SUB_BUCKETS * (e - 1) + s;
    }

    /** The largest value bucket {@code i} holds. */
    public static long upperBound(int i) {
        if (i < SUB_BUCKETS) {
            return i;
        }
        int e = i / SUB_BUCKETS + 1;
        int s = i % SUB_BUCKETS;
        long lower = (long) (SUB_BUCKETS + s) << (e - 2);
        long width = 1L << (e - 2);
        return lower + (width - 1) < 0 ? Long.MAX_VALUE : lower + (width - 1);
    }

    /** Adds {@code other}'s values into this one. */
    public void add(LogHistogram other) {
        for (int i = 0; i < BUCKETS; i++) {
            counts[i] += other.counts[i];
        }
        count += other.count;
        sumNanos += other.sumNanos;
        maxNanos = Math.max(maxNanos, other.maxNanos);
    }

    public long count() {
        return count;
    }

    public long maxNanos() {
        return maxNanos;
    }

    public double meanNanos() {
        return count == 0 ? 0 : (double) sumNanos / count;
    }

    /** The count in bucket {@code i}. */
    public long countAt(int i) {
        return counts[i];
    }

    /**
     * The value at {@code quantile} (0..1): the upper bound of the bucket holding that rank, never
     * above the largest value recorded; 0 when empty.
     */
    public double percentile(double quantile) {
        if (count == 0) {
            return 0;
        }
        long rank = Math.max(1, (long) Math.ceil(quantile * count));
        long seen = 0;
        for (int i = 0; i < BUCKETS; i++) {
            seen += counts[i];
            if (seen >= rank) {
                return Math.min(upperBound(i), maxNanos);
            }
        }
        return maxNanos;
    }
}
