package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.compare.Columns;
import dev.mutexlab.lab.config.Procs;
import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.gobench.GoBenchmark;
import dev.mutexlab.lab.gobench.Launcher;
import dev.mutexlab.lab.gobench.SuiteReport;
import dev.mutexlab.lab.gobench.SuiteRunner;
import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.results.SuiteResult;
import dev.mutexlab.lab.results.UsageException;
import dev.mutexlab.lab.runner.Confinement;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code mutexlab suite}: Go's runtime benchmarks (chan, select, sema, mutex, RWMutex) on each lock. */
@Command(name = "suite", mixinStandardHelpOptions = true, description = {
        "The benchmarks Go's 2011 runtime-lock change was judged by (chan, select, semaphore, sync.Mutex, RWMutex), "
        + "with the lock under test inside Go-style channels, select, semaphores and RWMutex. RunParallel semantics;",
        "ns/op = wall time / N; one child JVM per (thread kind, P), confined to P CPUs. Prints each lock against "
        + "the first, with a Mann-Whitney p over --count runs, as 'mutexlab compare' does."})
public final class SuiteCommand implements Callable<Integer>, CommandDefaults.Defaults, Planned {
    /** The benchmarks of a --quick look: each family of the 2011 judgement, once or twice. */
    static final List<String> QUICK_BENCHMARKS = List.of("SelectContended", "ChanContended", "ChanSync", "ChanProdCons10",
            "SemaSyntBlock", "Mutex", "MutexWork", "RWMutexWrite100");

    @Spec
    CommandSpec spec;

    @Mixin
    MeasureOptions options;

    @Mixin
    AaOption aa;

    @Mixin
    WideOption wide;

    @Option(names = "--bench", paramLabel = "REGEX", description = "Benchmarks whose name matches (Go's -bench). Default: all"
            + " (--quick: SelectContended, ChanContended, ChanSync, ChanProdCons10, SemaSyntBlock, Mutex, MutexWork,"
            + " RWMutexWrite100)")
    String bench;

    @Option(names = "--benchtime", paramLabel = "D|Nx", converter = Converters.BenchTimeConverter.class,
            description = "Time per benchmark run, or a fixed N. Default: 1s (--quick: 100ms)")
    Launcher.BenchTime benchtime;

    @Option(names = "--count", paramLabel = "N", description = "Runs of each benchmark per lock (Go's -count). Default: 5 (--quick: 4, the fewest that can reach p < 0.05)")
    Integer count;

    @Option(names = "--quick", description = "A look in under a minute: --benchtime 100ms --count 4, eight benchmarks"
            + " (see --bench), the largest P only (unless --procs is given).")
    boolean quick;

    @Option(names = "--go-out", paramLabel = "FILE", description = "Also write Go benchmark format (benchstat -col lock FILE).")
    Path goOut;

    @Override
    public Map<String, String> defaults() {
        String ladder = Procs.ladder(Confinement.allowedCpus().size()).stream().map(String::valueOf).collect(Collectors.joining(","));
        return Map.of("--locks", "futex,spinbit", "--threads", "platform,virtual", "--procs", ladder,
                "--out", "results/suite-" + OutOption.TIME + ".json");
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Launcher.BenchTime benchTime = benchTime();
        List<ThreadKind> kinds = options.threads.kinds();
        Procs.Clip clip = options.procs.clip();
        SuiteResult.Config config = config(clip.kept());
        Path outFile = options.out.file();
        if (goOut != null) {
            ResultIO.checkWritable(goOut);
        }
        if (!clip.note().isEmpty()) {
            err.println("mutexlab suite: " + clip.note());
        }
        SuiteRunner runner = new SuiteRunner(config, kinds, benchTime, Invocation.of(spec));
        long estimateNanos = SuiteRunner.estimatedNanos(config, benchTime);
        Columns.printWrapped(String.format("mutexlab suite: %d benchmarks x %d locks x %d runs x %d P x %d thread kinds = %d"
                        + " measurements%s", config.benchmarks().size(), config.locks().size(), config.count(),
                config.procs().size(), kinds.size(), runner.measurementCount(),
                benchTime.isCount() ? "" : ", about " + Planned.time(estimateNanos)), "  ", err);
        SuiteResult result = Measure.run(spec, runner, (r, o) -> SuiteReport.printTable(r, wide.columns(), o),
                SuiteReport::withVerdicts, outFile);
        if (goOut != null) {
            ResultIO.writeAtomically(goOut, SuiteReport.goFormat(result));
        }
        stdout.printf("%nResult: %s%s%n", outFile, goOut != null ? " (Go format: " + goOut + "; benchstat -col lock " + goOut + ")" : "");
        return 0;
    }

    @Override
    public long plannedNanos(int cpus) {
        return SuiteRunner.estimatedNanos(config(options.procs.clip(cpus).kept()), benchTime());
    }

    private Launcher.BenchTime benchTime() {
        return benchtime != null ? benchtime : new Launcher.BenchTime(quick ? 100_000_000L : 1_000_000_000L, 0);
    }

    /** The configuration these options describe, on the processor counts that fit. */
    SuiteResult.Config config(List<Integer> keptProcs) {
        int runs = count != null ? count : quick ? 4 : 5;
        if (runs < 1) {
            throw new UsageException("--count must be at least 1");
        }
        List<Integer> procList = Planned.procs(spec, quick, keptProcs);
        List<String> names = quick && bench == null ? QUICK_BENCHMARKS : benchmarks(bench);
        return new SuiteResult.Config(aa.withControl(options.locks.librarySpecs()),
                options.threads.kinds().stream().map(ThreadKind::label).toList(), procList, names, benchTime().label(), runs);
    }

    static List<String> benchmarks(String regex) {
        if (regex == null) {
            return GoBenchmark.all().stream().map(GoBenchmark::name).toList();
        }
        try {
            List<String> names = GoBenchmark.matching(Pattern.compile(regex)).stream().map(GoBenchmark::name).toList();
            if (names.isEmpty()) {
                throw new UsageException("--bench '" + regex + "' matches no benchmark");
            }
            return names;
        } catch (PatternSyntaxException e) {
            throw new UsageException("--bench: bad regular expression '" + regex + "'");
        }
    }
}
