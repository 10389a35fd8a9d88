package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.config.ThreadKind;
import java.util.LinkedHashSet;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code --threads KIND,...}: platform threads, virtual threads, or both. */
final class ThreadsOption {
    @Option(names = "--threads", split = ",", paramLabel = "KIND", converter = Converters.ThreadKindConverter.class,
            description = "platform, virtual or both, comma-separated. Default: ${DEFAULT-VALUE}")
    List<ThreadKind> threads;

    /** The kinds as given, each once. */
    List<ThreadKind> kinds() {
        return List.copyOf(new LinkedHashSet<>(threads));
    }
}
