package dev.mutexlab.agent;

import dev.mutexlab.agent.runtime.AgentReentrantLock;
import dev.mutexlab.agent.runtime.LockProbe;
import dev.mutexlab.agent.runtime.MonitorProbe;
import dev.mutexlab.agent.runtime.Settings;
import dev.mutexlab.agent.runtime.Sites;
import dev.mutexlab.agent.runtime.StackSampler;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.instrument.Instrumentation;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * The agent's start, called by {@link MutexlabAgent} once the jar is on the boot class path (this
 * class and everything it reaches load there). Parses the options, installs the runtime's settings,
 * adds the {@link LockTransformer} (and, with {@code profile} and {@code monitors}, the
 * {@link MonitorTransformer}), rewrites the classes loaded before it that it can
 * ({@link BeforeAgentScan}), under an attach with a profile puts probes into the JDK's
 * {@code ReentrantLock} for the locks made before it ({@link ReentrantLockProbes}), starts the
 * monitor recording, and registers the exit report (shutdown hook) and the on-demand one
 * ({@link ReportMXBean}).
 */
public final class AgentStart {

    /** The MBean's name. */
    public static final String MBEAN_NAME = "dev.mutexlab.agent:type=Report";

    private static volatile ProfileReport report;

    private AgentStart() {
    }

    /**
     * Starts the agent: returns null when it started, or the one line that says why not (a bad
     * option: nothing was changed).
     */
    public static String start(String args, Instrumentation instrumentation) {
        return start(args, instrumentation, false);
    }

    /**
     * As {@link #start(String, Instrumentation)}, in a running JVM (a late attach): with a profile,
     * the locks made before the attach are probed too ({@link ReentrantLockProbes}).
     */
    public static String attach(String args, Instrumentation instrumentation) {
        return start(args, instrumentation, true);
    }

    private static String start(String args, Instrumentation instrumentation, boolean attached) {
        try {
            startWith(AgentOptions.parse(args), instrumentation, attached);
            return null;
        } catch (BadOptionException e) {
            return e.getMessage();
        }
    }

    /** The running agent's report, or null before premain (for tests and tools in the same JVM). */
    public static ProfileReport report() {
        return report;
    }

    private static void startWith(AgentOptions options, Instrumentation instrumentation, boolean attached) {
        long startNanos = System.nanoTime();
        long startedAt = System.currentTimeMillis();
        int firstSite = Sites.all().size();   // an earlier attach's sites are not this profile's
        LockProbe.startAll();
        MonitorProbe.startAll();
        Settings.install(new Settings(options.lock(), options.swapFair(), options.profile(), options.sampleEvery(),
                options.frames()));
        StackSampler.install(options.stacks().sampler());
        RewriteLog log = new RewriteLog();
        Class<?>[] loaded = instrumentation.getAllLoadedClasses();
        LockTransformer transformer = new LockTransformer(options, log, instrumentation);
        if (options.rewrites()) {
            instrumentation.addTransformer(transformer, instrumentation.isRetransformClassesSupported());
        }
        // After the lock transformer, so that a class with both gets its locks and its monitors rewritten.
        MonitorTransformer monitorTransformer = options.profile() && options.monitors()
                ? new MonitorTransformer(options, log, instrumentation) : null;
        if (monitorTransformer != null) {
            instrumentation.addTransformer(monitorTransformer, instrumentation.isRetransformClassesSupported());
        }
        MonitorContention monitors = null;
        if (options.monitorEvents()) {
            monitors = new MonitorContention(options.monitorThresholdNanos());
            monitors.start();
        }
        ProfileReport made = new ProfileReport(options, log, monitors, startedAt, startNanos, firstSite);
        report = made;
        // Before the program goes on (premain: before main; attach: before loadAgent returns), so
        // that no allocation it makes from here on escapes the swap.
        new BeforeAgentScan(loaded, log, options.rewrites() ? instrumentation : null).run();
        ReentrantLockProbes existing = attached && options.profile() ? ReentrantLockProbes.install(instrumentation, log, options) : null;
        Thread register = new Thread(() -> registerMBean(made), "mutexlab-agent-mbean");
        register.setDaemon(true);
        register.start();
        MonitorContention finalMonitors = monitors;
        AtomicBoolean stopped = new AtomicBoolean();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (stopped.compareAndSet(false, true)) {
                atExit(options, made, finalMonitors);
            }
        }, "mutexlab-agent-report"));
        if (options.stopAfterMillis() > 0) {
            Thread stop = new Thread(() -> {
                try {
                    Thread.sleep(options.stopAfterMillis());
                } catch (InterruptedException e) {
                    return;
                }
                if (stopped.compareAndSet(false, true)) {
                    stop(options, made, finalMonitors, instrumentation, transformer, monitorTransformer, log,
                            existing);
                }
            }, "mutexlab-agent-stop");
            stop.setDaemon(true);
            stop.start();
        }
    }

    /**
     * {@code stopAfter=D} is up: stops timing (every probe), takes the probes out of the JDK's
     * {@code ReentrantLock} (an attach's), makes the locks constructed from now on
     * the JDK's own, removes the transformer and retransforms the classes it rewrote, which then run
     * their own code again; then writes the report, whose appearance tells a waiting tool that the
     * program is as it was. A class it re-parented keeps the agent's lock as its superclass (a loaded
     * class keeps it), now untimed and unswapped for new instances; locks made before keep what they
     * were made as (their sampled-out acquisitions still count, until the report is written).
     */
    private static void stop(AgentOptions options, ProfileReport made, MonitorContention monitors,
                             Instrumentation instrumentation, LockTransformer transformer,
                             MonitorTransformer monitorTransformer, RewriteLog log, ReentrantLockProbes existing) {
        LockProbe.stopAll();
        MonitorProbe.stopAll();
        Settings.install(Settings.NONE);
        if (existing != null) {
            existing.remove();
        }
        instrumentation.removeTransformer(transformer);
        if (monitorTransformer != null) {
            instrumentation.removeTransformer(monitorTransformer);
        }
        Set<String> rewritten = new HashSet<>(log.monitorClasses());
        for (RewriteLog.Rewrite r : log.rewrites()) {
            rewritten.add(r.className());
        }
        int undone = 0;
        int kept = 0;
        for (Class<?> c : instrumentation.getAllLoadedClasses()) {
            if (!rewritten.contains(c.getName())) {
                continue;
            }
            if (c.getSuperclass() == AgentReentrantLock.class || !instrumentation.isModifiableClass(c)) {
                kept++;
                continue;
            }
            try {
                instrumentation.retransformClasses(c);
                undone++;
            } catch (Throwable t) {
                kept++;
            }
        }
        atExit(options, made, monitors);
        if (options.reportToStderr()) {
            System.err.println("mutexlab-agent: stopped after " + options.stopAfterMillis() + " ms; " + undone
                    + " classes run their own code again, " + kept + " kept the agent's (re-parented or not modifiable)");
        }
    }

    private static void atExit(AgentOptions options, ProfileReport made, MonitorContention monitors) {
        try {
            if (options.out() != null) {
                made.writeJson(options.out());
            }
        } catch (IOException | RuntimeException e) {
            System.err.println("mutexlab-agent: cannot write " + options.out() + ": " + LockTransformer.oneLine(e));
        }
        try {
            if (options.stacks().collapsed() != null) {
                StackReport.writeCollapsed(options.stacks().collapsed());
            }
        } catch (IOException | RuntimeException e) {
            System.err.println("mutexlab-agent: cannot write " + options.stacks().collapsed() + ": " + LockTransformer.oneLine(e));
        }
        if (options.reportToStderr()) {
            System.err.print(made.text());
            System.err.flush();
        }
        if (monitors != null) {
            monitors.stop();
        }
    }

    private static void registerMBean(ProfileReport made) {
        try {
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            ObjectName name = new ObjectName(MBEAN_NAME);
            if (server.isRegistered(name)) {
                server.unregisterMBean(name);   // an earlier attach's: the report on demand is this profile's
            }
            server.registerMBean(new ReportMXBean() {
                @Override
                public String json() {
                    return made.json();
                }

                @Override
                public String table() {
                    return made.text();
                }

                @Override
                public String writeJson(String path) {
                    try {
                        Path p = Path.of(path).toAbsolutePath();
                        made.writeJson(p);
                        return p.toString();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            }, name);
        } catch (Throwable t) {
            System.err.println("mutexlab-agent: no on-demand report (" + LockTransformer.oneLine(t) + ")");
        }
    }
}
