package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.results.UsageException;
import java.time.Duration;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code --duration D}: how long to measure; each command's description says per what. */
final class DurationOption {
    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Option(names = "--duration", paramLabel = "D", converter = Converters.DurationConverter.class,
            description = "Measured time (see above for per what), e.g. 400ms, 30s, 10m. Default: ${DEFAULT-VALUE}")
    Duration duration;

    /** The duration given, or {@code quickDefault} when none was given and {@code quick} is on; always positive. */
    Duration orQuick(boolean quick, Duration quickDefault) {
        boolean given = command.commandLine() != null && command.commandLine().getParseResult().hasMatchedOption("--duration");
        Duration d = quick && !given ? quickDefault : duration;
        if (d.isZero()) {
            throw new UsageException("--duration must be positive");
        }
        return d;
    }

    /** The duration; always positive. */
    Duration get() {
        return orQuick(false, duration);
    }
}
