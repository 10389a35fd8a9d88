package dev.mutexlab.agent;

/**
 * The agent's report on demand, registered as {@code dev.mutexlab.agent:type=Report} in the
 * platform MBean server: from JConsole, VisualVM, {@code jcmd}-free JMX clients, or in-process
 * through {@code ManagementFactory.getPlatformMBeanServer()}.
 */
public interface ReportMXBean {

    /** The JSON report as of now. */
    String json();

    /** The text summary and table as of now. */
    String table();

    /** Writes the JSON report to {@code path} (atomically) and returns the absolute path written. */
    String writeJson(String path);
}
