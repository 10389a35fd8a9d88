package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.real.Advice;
import dev.mutexlab.lab.real.Jars;
import dev.mutexlab.lab.results.ProfileReport;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code mutexlab advise}: which lock to try at each hot site of a profile, and the command that tries it. */
@Command(name = "advise", mixinStandardHelpOptions = true, description = {
        "Read an agent profile ('mutexlab profile --out FILE', or -javaagent:...=profile,out=FILE) and map each hot "
        + "lock site (acquisitions x share contended) to the nearest shape the lab measures: threads, hold time, "
        + "outside time between acquisitions, thread kind, CPUs. Says which lock the lab found best there (from the "
        + "run/sweep results given, or prints the quick run that measures it) and the command that tries it: the "
        + "same program with -javaagent:...=lock=SPEC. When no lock is contended enough to matter, it says so.",
        "A profile without a single lock acquisition concludes nothing: it says so, and exits with status 3."})
public final class AdviseCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    WideOption wide;

    @Parameters(index = "0", paramLabel = "PROFILE.json", description = "The agent's profile (schema mutexlab.profile/1)")
    Path profile;

    @Option(names = "--results", paramLabel = "FILE", split = ",",
            description = "run/sweep result files to take the best lock from (comma-separated or repeated)")
    List<Path> results;

    @Option(names = "--threads", paramLabel = "KIND", converter = Converters.ThreadKindConverter.class,
            defaultValue = "platform", description = "The program's threads at the hot sites: platform or virtual. Default: ${DEFAULT-VALUE}")
    ThreadKind threads;

    @Override
    public Integer call() {
        ProfileReport r = Advice.read(profile);
        List<dev.mutexlab.lab.results.ResultFiles.Loaded> loaded = CensusCommand.load(results);
        Path agent = Path.of(System.getProperty(Jars.AGENT_PROPERTY, "agent/target/mutexlab-agent.jar")).toAbsolutePath();
        Advice.Verdict verdict = Advice.print(r, profile, threads.label(), agent, loaded, wide.columns(),
                spec.commandLine().getOut());
        return verdict == Advice.Verdict.NO_DATA ? ExitCode.NO_DATA : 0;
    }
}
