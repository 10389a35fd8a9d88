package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.config.Procs;
import dev.mutexlab.lab.runner.Confinement;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code --procs P,...}: processor counts (Go's GOMAXPROCS), under the one rule of {@link Procs}. */
final class ProcsOption {
    @Option(names = "--procs", split = ",", paramLabel = "P", converter = Converters.ProcsConverter.class,
            description = "Processor counts or 'all', comma-separated; counts above this machine's CPUs are left out"
                    + " (and said so). Default: ${DEFAULT-VALUE}")
    List<Integer> procs;

    /** The counts that fit this machine, with a note of those left out. */
    Procs.Clip clip() {
        return clip(Confinement.allowedCpus().size());
    }

    /** The counts that fit a machine of {@code cpus} CPUs ('all': that many), with a note of those left out. */
    Procs.Clip clip(int cpus) {
        return Procs.clip(procs.stream().map(p -> p == Converters.ProcsConverter.ALL ? cpus : p).toList(), cpus);
    }
}
