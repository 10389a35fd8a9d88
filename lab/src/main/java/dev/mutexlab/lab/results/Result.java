package dev.mutexlab.lab.results;

/** What every measurement result file has, whatever wrote it: its schema, command line, time and machine. */
public interface Result {
    String schema();

    /** The command line that produced it. */
    String command();

    /** ISO-8601 instant. */
    String createdAt();

    Machine machine();
}
