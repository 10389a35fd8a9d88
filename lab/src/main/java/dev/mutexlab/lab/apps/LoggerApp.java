package dev.mutexlab.lab.apps;

import dev.mutexlab.lab.workload.BusyWork;
import java.util.List;
import java.util.concurrent.locks.Lock;
import java.util.function.Supplier;

/**
 * A logging appender: each request does its work outside the lock, then logs one line; under one
 * lock the appender formats the line (time of day, level, thread, request number, key) into a
 * {@value #BUFFER_CHARS}-character buffer and, when the buffer is full, flushes it (a pass over every
 * character, standing for the write, then the buffer is emptied) — the shape of a synchronous
 * appender with a layout and a buffered writer.
 *
 * <p>Check: lines logged = lines flushed + lines in the buffer, characters likewise, and every
 * flushed chunk ends at a line's end.
 */
final class LoggerApp extends App<LoggerApp.Request> {
    static final int BUFFER_CHARS = 8192;

    private final Zipf zipf;
    private final long outsideSteps;
    final Appender appender;

    LoggerApp(Supplier<Lock> locks, int keys, double skew, long outsideNanos, BusyWork work) {
        super(locks);
        this.zipf = new Zipf(keys, skew);
        this.outsideSteps = work.stepsFor(outsideNanos);
        this.appender = monitor() ? new SynchronizedAppender() : new LockedAppender(locks.get());
    }

    static final class Request extends Actor {
        long lines;
        long chars;

        Request(int index, long seed) {
            super(index, seed);
        }
    }

    @Override
    Request actor(int index, int threads, long seed) {
        return new Request(index, seed);
    }

    @Override
    void operate(Request r) {
        r.seed = BusyWork.spin(r.seed, outsideSteps); // serve the request
        int key = zipf.next(r.random);
        appender.log(r, key, System.currentTimeMillis());
        r.lines++;
    }

    @Override
    String check(List<Request> requests) {
        long lines = 0;
        long chars = 0;
        for (Request r : requests) {
            lines += r.lines;
            chars += r.chars;
        }
        Appender a = appender;
        long buffered = a.buffer.chars().filter(c -> c == '\n').count();
        if (a.badFlushes != 0) {
            return "logger: " + a.badFlushes + " flushes cut a line";
        }
        if (lines != a.flushedLines + buffered) {
            return "logger: " + lines + " lines logged != " + a.flushedLines + " flushed + " + buffered + " buffered";
        }
        if (chars != a.flushedChars + a.buffer.length()) {
            return "logger: " + chars + " characters logged != " + a.flushedChars + " flushed + " + a.buffer.length() + " buffered";
        }
        return null;
    }

    /** The buffer and what was flushed; {@code log} is the guarded operation. */
    abstract static sealed class Appender permits LockedAppender, SynchronizedAppender {
        final StringBuilder buffer = new StringBuilder(BUFFER_CHARS + 128);
        long flushedLines;
        long flushedChars;
        long flushes;
        long badFlushes;
        long written;

        abstract void log(Request r, int key, long millis);

        /** Formats and appends the line; flushes a full buffer. Called with the lock held. */
        final void append(Request r, int key, long millis) {
            StringBuilder b = buffer;
            int start = b.length();
            long ms = millis % 86_400_000L;
            two(b, ms / 3_600_000L).append(':');
            two(b, ms / 60_000L % 60).append(':');
            two(b, ms / 1000 % 60).append('.');
            long milli = ms % 1000;
            b.append((char) ('0' + milli / 100)).append((char) ('0' + milli / 10 % 10)).append((char) ('0' + milli % 10));
            b.append(" INFO  [app-").append(r.index).append("] request ").append(r.lines).append(" served key=")
                    .append(key).append('\n');
            r.chars += b.length() - start;
            if (b.length() >= BUFFER_CHARS) {
                flush();
            }
        }

        private static StringBuilder two(StringBuilder b, long v) {
            return b.append((char) ('0' + v / 10)).append((char) ('0' + v % 10));
        }

        private void flush() {
            StringBuilder b = buffer;
            int n = b.length();
            long lines = 0;
            long sum = written;
            for (int i = 0; i < n; i++) {
                char c = b.charAt(i);
                sum = sum * 31 + c;
                if (c == '\n') {
                    lines++;
                }
            }
            if (n > 0 && b.charAt(n - 1) != '\n') {
                badFlushes++;
            }
            written = sum;
            flushedLines += lines;
            flushedChars += n;
            flushes++;
            b.setLength(0);
        }
    }

    static final class LockedAppender extends Appender {
        private final Lock lock;

        LockedAppender(Lock lock) {
            this.lock = lock;
        }

        @Override
        void log(Request r, int key, long millis) {
            r.asking();
            lock.lock();
            try {
                r.acquired();
                append(r, key, millis);
            } finally {
                lock.unlock();
            }
        }
    }

    static final class SynchronizedAppender extends Appender {
        @Override
        void log(Request r, int key, long millis) {
            r.asking();
            synchronized (this) {
                r.acquired();
                append(r, key, millis);
            }
        }
    }
}
