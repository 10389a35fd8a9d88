package dev.mutexlab.real;

import java.util.concurrent.atomic.LongAdder;

/**
 * An exactly-once check for numbered items: per source, the count, sum and sum of squares of the
 * sequence numbers seen, which must be those of {@code 0..n-1} once each when the source made
 * {@code n}. A lost item, a duplicate, or a corrupted number changes at least one of the three
 * (a loss and a duplicate that cancel in all three at once would need two items whose numbers
 * and squares both add up alike). Any thread may add; read it once the adders are quiet.
 */
final class Tally {
    private final LongAdder[] count;
    private final LongAdder[] sum;
    private final LongAdder[] sumOfSquares;

    Tally(int sources) {
        this.count = adders(sources);
        this.sum = adders(sources);
        this.sumOfSquares = adders(sources);
    }

    private static LongAdder[] adders(int n) {
        LongAdder[] a = new LongAdder[n];
        for (int i = 0; i < n; i++) {
            a[i] = new LongAdder();
        }
        return a;
    }

    /** Counts item {@code seq} of {@code source}. */
    void add(int source, long seq) {
        count[source].increment();
        sum[source].add(seq);
        sumOfSquares[source].add(seq * seq);
    }

    /** How many items of {@code source} were seen. */
    long count(int source) {
        return count[source].sum();
    }

    /** Null when {@code source}'s items were exactly {@code 0..made-1}, once each; else what was seen. */
    String mismatch(int source, long made) {
        long seen = count[source].sum();
        boolean sums = sum[source].sum() == made * (made - 1) / 2
                && sumOfSquares[source].sum() == (made - 1) * made * (2 * made - 1) / 6;
        if (seen == made && sums) {
            return null;
        }
        return made + " made, " + seen + " seen (sequence numbers " + (sums ? "add up" : "do not add up") + ")";
    }
}
