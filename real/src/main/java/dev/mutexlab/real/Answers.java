package dev.mutexlab.real;

import java.util.concurrent.atomic.LongAdder;

/**
 * The check of a workload whose threads send numbered requests to a loopback server (the jetty and
 * httpclient workloads): no thread got an answer that was not its own request's, each thread sent as
 * many requests as the harness counted, and the server handled exactly the requests answered.
 */
final class Answers {

    private Answers() {
    }

    /**
     * Null when, for every thread t, {@code wrongBySlot[t * 16]} is 0 and {@code sentBySlot[t * 16]}
     * equals {@code opsPerThread[t]}, and the server {@code handled} their sum; else the first mismatch.
     */
    static String check(String workload, long[] sentBySlot, long[] wrongBySlot, long[] opsPerThread, LongAdder handled) {
        long total = 0;
        for (int t = 0; t < opsPerThread.length; t++) {
            if (wrongBySlot[t * 16] != 0) {
                return workload + ": thread " + t + " got " + wrongBySlot[t * 16] + " answers that were not its request's";
            }
            long sent = sentBySlot[t * 16];
            if (sent != opsPerThread[t]) {
                return workload + ": thread " + t + " counted " + sent + " answers but the harness " + opsPerThread[t];
            }
            total += sent;
        }
        if (handled.sum() != total) {
            return workload + ": the workers got " + total + " answers, the server handled " + handled.sum() + " requests";
        }
        return null;
    }
}
