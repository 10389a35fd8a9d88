package dev.mutexlab.lab.runner;

import com.fasterxml.jackson.databind.SerializationFeature;
import dev.mutexlab.lab.results.ResultIO;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * The child's side of the round trip {@link GroupLauncher} drives: a child JVM is started with two
 * arguments, the task file to read and the group file to write; while it measures it prints one
 * event a line on standard output, {@code @name payload}, the payload a number, a word or compact
 * JSON. Every measuring child ({@link ChildMain}, the suite's, the fairness test's) speaks it.
 */
public final class ChildProtocol {
    private ChildProtocol() {
    }

    /** The task the parent wrote (first argument). */
    public static <T> T task(String[] args, Class<T> type) throws IOException {
        return ResultIO.read(Path.of(args[0]), type);
    }

    /** Prints {@code @name payload}: strings and numbers as they are, anything else as one line of JSON. */
    public static void emit(String name, Object payload) {
        String text;
        if (payload instanceof CharSequence || payload instanceof Number) {
            text = payload.toString();
        } else {
            try {
                text = ResultIO.json().writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(payload);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        PrintStream out = System.out;
        synchronized (out) {
            out.println("@" + name + " " + text);
            out.flush();
        }
    }

    /** Writes the finished group to the file the parent named (second argument) and ends the JVM. */
    public static void finish(String[] args, Object group) throws IOException {
        ResultIO.writeJson(Path.of(args[1]), group);
        System.exit(0);
    }

    /** Reads an event's JSON payload (the parent's side). */
    public static <T> T read(String payload, Class<T> type) {
        try {
            return ResultIO.json().readValue(payload, type);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
