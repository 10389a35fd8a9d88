package dev.mutexlab.agent;

import dev.mutexlab.agent.runtime.Settings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.instrument.Instrumentation;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import javax.management.ObjectName;

/**
 * The agent's entry: {@code java -javaagent:mutexlab-agent.jar=OPTIONS ...} (or a late attach, which
 * rewrites only the classes loaded after it). Parses the options (a bad one: one line on stderr
 * and exit status 2 before {@code main}), installs the runtime's settings, adds the
 * {@link LockTransformer}, starts the monitor recording, and registers the exit report (shutdown
 * hook) and the on-demand one ({@link ReportMXBean}).
 */
public final class MutexlabAgent {

    /** The MBean's name. */
    public static final String MBEAN_NAME = "dev.mutexlab.agent:type=Report";

    private static volatile ProfileReport report;

    private MutexlabAgent() {
    }

    public static void premain(String args, Instrumentation instrumentation) {
        start(args, instrumentation);
    }

    public static void agentmain(String args, Instrumentation instrumentation) {
        start(args, instrumentation);
    }

    /** The running agent's report, or null before premain (for tests and tools in the same JVM). */
    public static ProfileReport report() {
        return report;
    }

    private static void start(String args, Instrumentation instrumentation) {
        AgentOptions options;
        try {
            options = AgentOptions.parse(args);
        } catch (BadOptionException e) {
            System.err.println("mutexlab-agent: " + e.getMessage());
            System.err.flush();
            Runtime.getRuntime().halt(2);
            return;
        }
        long startNanos = System.nanoTime();
        long startedAt = System.currentTimeMillis();
        Settings.install(new Settings(options.lock(), options.swapFair(), options.profile(), options.sampleEvery(),
                options.frames()));
        RewriteLog log = new RewriteLog();
        Class<?>[] loaded = instrumentation.getAllLoadedClasses();
        if (options.rewrites()) {
            instrumentation.addTransformer(new LockTransformer(options, log, instrumentation), false);
        }
        MonitorContention monitors = null;
        if (options.monitors()) {
            monitors = new MonitorContention(options.monitorThresholdNanos());
            monitors.start();
        }
        ProfileReport made = new ProfileReport(options, log, monitors, startedAt, startNanos);
        report = made;
        Thread scan = Thread.ofPlatform().daemon().name("mutexlab-agent-scan").unstarted(() -> {
            new BeforeAgentScan(loaded, log).run();
            registerMBean(made);
        });
        scan.start();
        MonitorContention finalMonitors = monitors;
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("mutexlab-agent-report").unstarted(() -> {
            try {
                scan.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            atExit(options, made, finalMonitors);
        }));
    }

    private static void atExit(AgentOptions options, ProfileReport made, MonitorContention monitors) {
        try {
            if (options.out() != null) {
                made.writeJson(options.out());
            }
        } catch (IOException | RuntimeException e) {
            System.err.println("mutexlab-agent: cannot write " + options.out() + ": " + LockTransformer.oneLine(e));
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
            ManagementFactory.getPlatformMBeanServer().registerMBean(new ReportMXBean() {
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
            }, new ObjectName(MBEAN_NAME));
        } catch (Throwable t) {
            System.err.println("mutexlab-agent: no on-demand report (" + LockTransformer.oneLine(t) + ")");
        }
    }
}
