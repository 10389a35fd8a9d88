package dev.mutexlab.lab.cli;

import dev.mutexlab.locks.Locks;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code mutexlab locks}: every lock spec with a one-line description. */
@Command(name = "locks", mixinStandardHelpOptions = true, description = "List every lock spec with a one-line description.")
public final class LocksCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        out.println("Lock specs (name[:option]...; add :stats to record a lock's own counters):");
        for (Locks.Entry e : Locks.specs()) {
            out.printf("%n%s — %s%n", e.name(), e.description());
            for (Map.Entry<String, String> ex : e.examples().entrySet()) {
                out.printf("  %-24s %s%n", ex.getKey(), ex.getValue());
            }
        }
        out.printf("%nLab-only specs (mutexlab run and friends):%n");
        out.printf("  %-24s %s%n", "synchronized", "the critical section in a synchronized block (HotSpot monitor)");
        out.printf("  %-24s %s%n", "SPEC+yield", "any lock with Thread.yield() right after unlock (Go's starvation-mode experiment's Gosched diagnostic)");
        out.printf("  %-24s %s%n", "SPEC+yield=D", "a time-based yield: right after an unlock, if this thread has not yielded there for D (e.g. +yield=500us)");
        return 0;
    }
}
