package dev.mutexlab.lab.runner;

import dev.mutexlab.lab.config.ThreadKind;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;

/**
 * Runs one measuring child JVM confined to P CPUs ({@link Confinement}): {@code mainClass} with the
 * given arguments, each line of its standard output passed to {@code lines} as it arrives (the
 * {@code @…} event protocol), its standard error inherited. {@link #stop()} ends it on interrupt.
 */
public final class ChildJvm {
    private volatile Process process;

    /** Runs the child to the end, passing each line it prints to {@code lines}; returns its exit status. */
    public int run(int procs, ThreadKind kind, List<String> extraJvmOptions, Class<?> mainClass, List<String> args,
                   Consumer<String> lines) throws IOException, InterruptedException {
        return run(Confinement.javaCommand(procs, kind, extraJvmOptions), mainClass.getName(), args, lines);
    }

    /**
     * Runs {@code mainClass} of another module on {@code classPath} (jars the lab does not carry), as
     * {@link #run(int, ThreadKind, List, Class, List, Consumer)} does.
     */
    public int run(int procs, ThreadKind kind, List<String> extraJvmOptions, String classPath, String mainClass,
                   List<String> args, Consumer<String> lines) throws IOException, InterruptedException {
        return run(Confinement.javaCommand(procs, kind, extraJvmOptions, classPath), mainClass, args, lines);
    }

    private int run(List<String> javaCommand, String mainClass, List<String> args, Consumer<String> lines)
            throws IOException, InterruptedException {
        List<String> cmd = new java.util.ArrayList<>(javaCommand);
        cmd.add(mainClass);
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        process = p;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                lines.accept(line);
            }
            return p.waitFor();
        } catch (java.io.UncheckedIOException e) {
            throw e.getCause(); // a line consumer could not write what the child reported
        } finally {
            if (p.isAlive()) {
                p.destroyForcibly(); // never leave a measuring JVM behind
            }
            process = null;
        }
    }

    /** Stops a running child. */
    public void stop() {
        Process p = process;
        if (p != null) {
            p.destroy();
        }
    }
}
