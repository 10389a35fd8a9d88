package dev.mutexlab.agent;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The program's {@code synchronized} contention beside its locks: a JFR stream of
 * {@code jdk.JavaMonitorEnter} with a low threshold, totalled per monitor class as events arrive.
 * JFR delivers events about once a second, so waits in the last second before a report may be
 * missing from it. On a runtime without JFR it reports nothing and says so.
 */
final class MonitorContention {

    /** Totals for one monitor class. */
    record Totals(String monitorClass, long events, long totalNanos, long maxNanos) {
    }

    private final long thresholdNanos;
    private final ConcurrentHashMap<String, long[]> byClass = new ConcurrentHashMap<>();
    private volatile String unavailable;
    private AutoCloseable stream;

    MonitorContention(long thresholdNanos) {
        this.thresholdNanos = thresholdNanos;
    }

    long thresholdNanos() {
        return thresholdNanos;
    }

    /** Why there are no monitor figures, or null when the recording runs. */
    String unavailable() {
        return unavailable;
    }

    /** Starts the recording; failure (no jdk.jfr, JFR disabled) is reported, not thrown. */
    void start() {
        try {
            stream = Recorder.start(thresholdNanos, this::record);
        } catch (Throwable t) {
            unavailable = LockTransformer.oneLine(t);
        }
    }

    private void record(String monitorClass, long nanos) {
        long[] totals = byClass.computeIfAbsent(monitorClass, k -> new long[3]);
        synchronized (totals) {
            totals[0]++;
            totals[1] += nanos;
            totals[2] = Math.max(totals[2], nanos);
        }
    }

    /** The totals so far, the most waited-on class first. */
    List<Totals> totals() {
        List<Totals> list = new ArrayList<>();
        byClass.forEach((name, t) -> {
            synchronized (t) {
                list.add(new Totals(name, t[0], t[1], t[2]));
            }
        });
        list.sort(Comparator.comparingLong(Totals::totalNanos).reversed());
        return list;
    }

    /** Stops the stream, if it runs. */
    void stop() {
        AutoCloseable s = stream;
        if (s != null) {
            try {
                s.close();
            } catch (Exception ignored) {
                // closing a stream that JFR's own shutdown already closed: nothing to do
            }
        }
    }

    /** Holds every reference to jdk.jfr, so a runtime without it fails here and only here. */
    private static final class Recorder {
        interface Sink {
            void accept(String monitorClass, long nanos);
        }

        static AutoCloseable start(long thresholdNanos, Sink sink) {
            jdk.jfr.consumer.RecordingStream rs = new jdk.jfr.consumer.RecordingStream();
            rs.enable("jdk.JavaMonitorEnter").withThreshold(Duration.ofNanos(thresholdNanos)).withoutStackTrace();
            // this stream runs with every profile: the profile's own events would be recorded for nothing
            rs.disable("dev.mutexlab.LockWait");
            rs.disable("dev.mutexlab.LockHold");
            rs.onEvent("jdk.JavaMonitorEnter", e -> {
                jdk.jfr.consumer.RecordedClass c = e.getClass("monitorClass");
                sink.accept(c == null ? "?" : c.getName(), e.getDuration().toNanos());
            });
            rs.setReuse(true);
            // start() on a daemon thread of our own: startAsync's thread is not a daemon and would
            // keep the program from exiting.
            Thread thread = new Thread(rs::start, "mutexlab-agent-monitors");
            thread.setDaemon(true);
            thread.start();
            return rs;
        }
    }
}
