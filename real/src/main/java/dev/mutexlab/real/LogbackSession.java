package dev.mutexlab.real;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.rolling.RollingFileAppender;
import ch.qos.logback.core.rolling.SizeAndTimeBasedRollingPolicy;
import ch.qos.logback.core.util.FileSize;
import dev.mutexlab.lab.workload.BusyWork;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * logback, configured through its public API as a program's {@code logback.xml} would: a logger
 * writing {@code "<thread> <sequence>"} lines through a {@code FileAppender} (immediate flush, so
 * each event is one write and one flush under the appender's stream lock), or through a
 * {@code RollingFileAppender} with a {@code SizeAndTimeBasedRollingPolicy} of 16 KB files (a rollover every few thousand lines) and no
 * history limit (so no file is deleted and every line can be counted). The message is formatted by
 * the encoder outside the lock. The check reads every file: every line parses, and each thread's
 * sequence numbers {@code 0 .. n-1} appear exactly once (and, in the single file, in order).
 */
final class LogbackSession implements Session {
    static final String ROLL_SIZE = "16KB";

    private final int workers;
    private final boolean rolling;
    private final long outsideSteps;
    private final Path dir;
    private final LoggerContext context = new LoggerContext();
    private final Logger logger;
    private final long[] next;
    private final long[] busy;

    LogbackSession(int workers, boolean rolling, long outsideSteps) throws IOException {
        this.workers = workers;
        this.rolling = rolling;
        this.outsideSteps = outsideSteps;
        this.dir = Files.createTempDirectory("mutexlab-logback");
        this.next = new long[workers * 16]; // one counter per thread, 128 bytes apart
        this.busy = new long[workers * 16];
        context.setMDCAdapter(new LogbackMDCAdapter()); // what logback's SLF4J provider sets up
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern("%msg%n");
        encoder.start();
        FileAppender<ILoggingEvent> appender;
        if (rolling) {
            RollingFileAppender<ILoggingEvent> r = new RollingFileAppender<>();
            r.setContext(context);
            r.setFile(dir.resolve("app.log").toString());
            SizeAndTimeBasedRollingPolicy<ILoggingEvent> policy = new SizeAndTimeBasedRollingPolicy<>();
            policy.setContext(context);
            policy.setParent(r);
            policy.setFileNamePattern(dir.resolve("app-%d{yyyy-MM-dd}.%i.log").toString());
            policy.setMaxFileSize(FileSize.valueOf(ROLL_SIZE));
            policy.start();
            r.setRollingPolicy(policy);
            appender = r;
        } else {
            appender = new FileAppender<>();
            appender.setContext(context);
            appender.setFile(dir.resolve("app.log").toString());
        }
        appender.setName(rolling ? "rolling" : "file");
        appender.setEncoder(encoder);
        appender.setAppend(false);
        appender.start();
        if (!appender.isStarted()) {
            throw new IllegalStateException("logback's appender did not start: " + context.getStatusManager().getCopyOfStatusList());
        }
        logger = context.getLogger("mutexlab.real");
        logger.setLevel(Level.INFO);
        logger.setAdditive(false);
        logger.addAppender(appender);
    }

    @Override
    public void operate(int thread) {
        int slot = thread * 16;
        long seq = next[slot];
        logger.info("{} {}", thread, seq);
        next[slot] = seq + 1;
        busy[slot] = BusyWork.spin(busy[slot] | 1, outsideSteps);
    }

    @Override
    public String check(long[] opsPerThread) throws IOException {
        context.stop(); // flushes and closes the files
        List<Path> files = files();
        if (!rolling && files.size() != 1) {
            return "logback-file: expected one log file, found " + files.size();
        }
        BitSet[] seen = new BitSet[workers];
        long[] last = new long[workers];
        for (int t = 0; t < workers; t++) {
            seen[t] = new BitSet();
            last[t] = -1;
        }
        long lines = 0;
        for (Path f : files) {
            try (BufferedReader r = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
                for (String line; (line = r.readLine()) != null; ) {
                    lines++;
                    int space = line.indexOf(' ');
                    int t;
                    long seq;
                    try {
                        t = Integer.parseInt(line, 0, space, 10);
                        seq = Long.parseLong(line, space + 1, line.length(), 10);
                    } catch (RuntimeException e) {
                        return label() + ": corrupt line " + lines + " in " + f.getFileName() + ": '" + abbreviate(line) + "'";
                    }
                    if (t < 0 || t >= workers || seq < 0 || seq > Integer.MAX_VALUE) {
                        return label() + ": line " + lines + " names no thread's event: '" + abbreviate(line) + "'";
                    }
                    if (seen[t].get((int) seq)) {
                        return label() + ": thread " + t + "'s line " + seq + " written twice";
                    }
                    if (!rolling && seq < last[t]) {
                        return label() + ": thread " + t + "'s line " + seq + " after its line " + last[t];
                    }
                    seen[t].set((int) seq);
                    last[t] = seq;
                }
            }
        }
        for (int t = 0; t < workers; t++) {
            long logged = next[t * 16];
            if (logged != opsPerThread[t]) {
                return label() + ": thread " + t + " counted " + logged + " log calls but the harness " + opsPerThread[t];
            }
            if (seen[t].cardinality() != logged || (logged > 0 && seen[t].nextClearBit(0) != logged)) {
                return label() + ": thread " + t + " logged " + logged + " lines, the files hold " + seen[t].cardinality()
                        + " of them";
            }
        }
        if (rolling && files.size() < 2 && lines > FileSize.valueOf(ROLL_SIZE).getSize()) { // a line is 4 bytes or more
            return label() + ": " + lines + " lines but the appender never rolled";
        }
        return null;
    }

    /** The log files written so far (after {@link #check}: all of them). */
    List<Path> files() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".log")).sorted(Comparator.naturalOrder()).toList();
        }
    }

    private String label() {
        return rolling ? "logback-rolling" : "logback-file";
    }

    private static String abbreviate(String line) {
        return line.length() <= 60 ? line : line.substring(0, 60) + "...";
    }

    @Override
    public void close() throws IOException {
        context.stop();
        List<Path> all;
        try (Stream<Path> s = Files.walk(dir)) {
            all = new ArrayList<>(s.sorted(Comparator.reverseOrder()).toList());
        }
        for (Path p : all) {
            Files.deleteIfExists(p);
        }
    }
}
