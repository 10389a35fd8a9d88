package dev.mutexlab.lab.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code mutexlab uncontended}: a front to the JMH benchmark {@code Uncontended} (see {@code mutexlab jmh}). */
@Command(name = "uncontended", mixinStandardHelpOptions = true, description = {
        "Time uncontended lock+unlock on one thread with JMH (bench/ Uncontended), against ReentrantLock, "
        + "synchronized and the CAS floor. The same as: mutexlab jmh Uncontended -p spec=SPEC,..."})
public final class UncontendedCommand implements Callable<Integer>, CommandDefaults.Defaults {
    @Spec
    CommandSpec spec;

    @Mixin
    LocksOption locks;

    @Option(names = "--quick", description = "One fork, one warm-up and one measured iteration (JMH -f 1 -wi 1 -i 1).")
    boolean quick;

    @Override
    public Map<String, String> defaults() {
        return Map.of("--locks", "go,jdk");
    }

    @Override
    public Integer call() throws Exception {
        List<String> args = new ArrayList<>(List.of("Uncontended", "-p", "spec=" + String.join(",", locks.librarySpecs())));
        if (quick) {
            args.addAll(List.of("-f", "1", "-wi", "1", "-i", "1"));
        }
        return JmhCommand.runJmh(args, spec.commandLine().getOut());
    }
}
