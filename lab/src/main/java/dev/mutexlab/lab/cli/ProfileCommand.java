package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.real.Advice;
import dev.mutexlab.lab.real.AttachedProfile;
import dev.mutexlab.lab.real.Jars;
import dev.mutexlab.lab.real.UserCommand;
import dev.mutexlab.lab.results.UsageException;
import dev.mutexlab.locks.Locks;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code mutexlab profile -- java ...}: runs a program with the agent's lock profiler and prints its sites. */
@Command(name = "profile", mixinStandardHelpOptions = true, description = {
        "Run a command with the mutexlab agent in profile mode and print, per ReentrantLock allocation site, "
        + "acquisitions, share contended, hold / wait / outside-time percentiles and threads waiting (lock_stat-like).",
        "A command starting with 'java' gets -javaagent:... as its first option; any other (a script, mvn exec) gets "
        + "it through JAVA_TOOL_OPTIONS, which every JVM it starts reads (the last to exit writes the file).",
        "The command runs with your own PATH, JAVA_HOME and java (17 or newer), not the lab's JDK.",
        "With --pid, profiles a running JVM instead for --duration, then the agent stops and undoes its rewrites.",
        "Then: ./mutexlab advise FILE. Example: ./mutexlab profile --out p.json -- java -jar app.jar"},
        sortOptions = false)
public final class ProfileCommand implements Callable<Integer>, CommandDefaults.Defaults {
    @Spec
    CommandSpec spec;

    @Mixin
    OutOption out;

    @Mixin
    WideOption wide;

    @Option(names = "--lock", paramLabel = "SPEC",
            description = "Also swap the program's locks to this spec while profiling (see 'mutexlab locks'). Default: none")
    String lock;

    @Option(names = "--frames", paramLabel = "N", defaultValue = "0",
            description = "Attribute a site N frames above the allocation (wrappers such as Jetty's AutoLock). Default: ${DEFAULT-VALUE}")
    int frames;

    @Option(names = "--sample", paramLabel = "N", defaultValue = "64",
            description = "Time one acquisition in N per thread and site (1: every one, for a short run or a rare lock)."
                    + " Default: ${DEFAULT-VALUE}, the agent's own")
    int sample;

    @Option(names = "--collapsed", paramLabel = "FILE",
            description = "Also write the sampled stacks of contended acquisitions and of the holders they waited for"
                    + " as collapsed stacks (flame-graph input) to FILE")
    Path collapsed;

    @Option(names = "--threads", paramLabel = "KIND", converter = Converters.ThreadKindConverter.class,
            defaultValue = "platform", description = "The program's threads, for the shapes printed. Default: ${DEFAULT-VALUE}")
    dev.mutexlab.lab.config.ThreadKind threads;

    @Option(names = "--pid", paramLabel = "PID",
            description = "Profile the running JVM with this process id (no COMMAND): the locks it makes from the attach on,"
                    + " and the ReentrantLocks it made before, at the places that take them")
    Long pid;

    @Option(names = "--duration", paramLabel = "D", converter = Converters.DurationConverter.class, defaultValue = "30s",
            description = "With --pid: how long to profile. Default: ${DEFAULT-VALUE}")
    Duration duration;

    @Parameters(paramLabel = "COMMAND", arity = "0..*", description = "The program to run, after '--'")
    List<String> command;

    @Override
    public Map<String, String> defaults() {
        return Map.of("--out", "results/profile-" + OutOption.TIME + ".json");
    }

    @Override
    public Integer call() throws Exception {
        if (lock != null && !Locks.isKnown(lock)) {
            throw new UsageException("--lock: unknown lock '" + lock + "' (see 'mutexlab locks')");
        }
        if (frames < 0 || sample < 1) {
            throw new UsageException(frames < 0 ? "--frames must be 0 or more" : "--sample must be 1 or more");
        }
        boolean hasCommand = command != null && !command.isEmpty();
        if ((pid != null) == hasCommand) {
            throw new UsageException(pid == null ? "give the program to run after '--', or --pid PID of a running JVM"
                    : "--pid profiles a running JVM: give no COMMAND with it");
        }
        if (duration.isNegative() || duration.isZero()) {
            throw new UsageException("--duration must be more than 0");
        }
        Path file = out.file().toAbsolutePath();
        Path agent = Jars.agent();
        if (pid != null) {
            return attached(agent, file);
        }
        int agentJava = Jars.agentJavaFeature(agent);
        UserCommand program = UserCommand.of(command, System.getenv());
        program.requireJava(agentJava);
        Map<String, String> env = program.environment();
        if (!program.isJava()) {
            String previous = env.get("JAVA_TOOL_OPTIONS");
            env.put("JAVA_TOOL_OPTIONS", (previous == null ? "" : previous + " ") + agentOption(agent, file));
        }
        ProcessBuilder pb = program.processBuilder(program.isJava() ? List.of(agentOption(agent, file)) : List.of(), env)
                .inheritIO();
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int exit;
        try {
            exit = pb.start().waitFor();
        } catch (java.io.IOException e) {
            throw new UsageException("cannot run '" + command.getFirst() + "': " + e.getMessage());
        }
        if (!Advice.exists(file)) {
            if (!program.isJava() && exit != 0) {
                // a JVM too old to load the agent ends at once, with no profile; it most likely was this one
                Optional<UserCommand.Java> java = program.scriptJava().filter(j -> j.feature() < agentJava);
                if (java.isPresent()) {
                    err.printf("mutexlab profile: the program exited with status %d and no profile; the java it most likely"
                            + " started, %s%n", exit, UserCommand.tooOld(java.get(), agentJava));
                    return ExitCode.USAGE;
                }
            }
            err.printf("mutexlab profile: the program exited with status %d and the agent wrote no profile to %s%n", exit, file);
            return exit == 0 ? ExitCode.FAILURE : exit;
        }
        Advice.printSites(Advice.read(file), threads.label(), wide.columns(), stdout);
        stdout.printf("%nProfile: %s%nNext: ./mutexlab advise %s%nTo try a lock: %s%n", file, file, tryCommand(agent));
        if (exit != 0) {
            err.printf("mutexlab profile: the program exited with status %d%n", exit);
        }
        return exit;
    }

    /** {@code --pid}: the running JVM profiled for {@code --duration}, then its sites printed. */
    private int attached(Path agent, Path file) throws InterruptedException {
        PrintWriter stdout = spec.commandLine().getOut();
        spec.commandLine().getErr().printf("mutexlab profile: attaching to process %d for %d ms...%n", pid, duration.toMillis());
        AttachedProfile.run(pid, agent, agentOptions(null), duration, file);
        Advice.printSites(Advice.read(file), threads.label(), wide.columns(), stdout);
        stdout.printf("%nProfile: %s%nNext: ./mutexlab advise %s%n", file, file);
        return 0;
    }

    /** This command with the agent swapping in a lock instead of profiling ({@code SPEC} to fill in). */
    String tryCommand(Path agent) {
        String swap = "-javaagent:" + agent + "=lock=SPEC";
        List<String> cmd = new ArrayList<>(command.stream().map(a -> a.isEmpty() || a.matches(".*[\\s'\"$`].*")
                ? "'" + a.replace("'", "'\\''") + "'" : a).toList());
        if (UserCommand.isJava(command.getFirst())) {
            cmd.add(1, swap);
            return String.join(" ", cmd);
        }
        return "JAVA_TOOL_OPTIONS=" + swap + " " + String.join(" ", cmd);
    }

    String agentOption(Path agent, Path file) {
        return "-javaagent:" + agent + "=" + agentOptions(file);
    }

    /** The agent's options for this profile, writing to {@code file} (none: the caller adds {@code out}). */
    String agentOptions(Path file) {
        List<String> options = new ArrayList<>();
        if (lock != null) {
            options.add("lock=" + lock);
        }
        options.add("profile");
        if (file != null) {
            options.add("out=" + file);
        }
        if (frames != 0) {
            options.add("frames=" + frames);
        }
        options.add("sample=" + sample);
        if (collapsed != null) {
            options.add("collapsed=" + collapsed.toAbsolutePath());
        }
        return String.join(",", options);
    }
}
