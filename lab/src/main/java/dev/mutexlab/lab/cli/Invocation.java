package dev.mutexlab.lab.cli;

import picocli.CommandLine.Model.CommandSpec;

/** The command line a result file records: {@code mutexlab run --quick ...}. */
final class Invocation {
    private Invocation() {
    }

    static String of(CommandSpec command) {
        return "mutexlab " + String.join(" ", command.commandLine().getParseResult().originalArgs());
    }
}
