package dev.mutexlab.lab.cli;

import picocli.CommandLine.Mixin;

/** The options of every command that measures in child JVMs: {@code --locks}, {@code --threads}, {@code --procs}, {@code --out}. */
final class MeasureOptions {
    @Mixin
    LocksOption locks;

    @Mixin
    ThreadsOption threads;

    @Mixin
    ProcsOption procs;

    @Mixin
    OutOption out;
}
