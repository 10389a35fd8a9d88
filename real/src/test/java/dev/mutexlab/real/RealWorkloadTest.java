package dev.mutexlab.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.real.RealTask;
import dev.mutexlab.lab.results.AppsResult;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;

/** Every workload, on the libraries' own locks, on both thread kinds: it runs, measures, and passes its check. */
class RealWorkloadTest {
    private static final long MS = 1_000_000L;

    static Stream<Arguments> cases() {
        return RealWorkload.names().stream().flatMap(w -> Stream.of(Arguments.of(w, "platform"), Arguments.of(w, "virtual")));
    }

    @ParameterizedTest(name = "{0} on {1} threads")
    @MethodSource("cases")
    @Timeout(120)
    void workloadPassesItsCheck(String workload, String threads) throws Exception {
        AppsResult.Sample s = RealMeasurement.run(new RealTask(workload, "jdk", threads, 2, 4, 500, 50 * MS, 200 * MS, 7, 0, 0));
        assertThat(s.check()).isEqualTo(AppsResult.Sample.OK);
        assertThat(s.ops()).isPositive();
        assertThat(s.perThread()).hasSize(4);
        assertThat(s.latency().p50Nanos()).isPositive();
        assertThat(s.cpuNanosPerOp()).isPositive();
        assertThat(s.jain()).isBetween(0.0, 1.0);
    }

    @org.junit.jupiter.api.Test
    @Timeout(120)
    void rollingAppenderRollsAndKeepsEveryLine() throws Exception {
        int n = 4;
        long[] ops = new long[n];
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        try (LogbackSession session = new LogbackSession(n, true, 0)) {
            Thread[] threads = new Thread[n];
            for (int i = 0; i < n; i++) {
                int t = i;
                threads[i] = Thread.ofPlatform().daemon().start(() -> {
                    while (!stop.get()) {
                        session.operate(t);
                        ops[t]++;
                    }
                });
            }
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
            while (session.files().size() < 3 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            stop.set(true);
            for (Thread t : threads) {
                t.join();
            }
            assertThat(session.check(ops)).isNull();
            assertThat(session.files()).as("files after %d lines", java.util.Arrays.stream(ops).sum()).hasSizeGreaterThan(2);
        }
    }
}
