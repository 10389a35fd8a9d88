package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.UsageException;
import dev.mutexlab.lab.report.Progress;
import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.runner.Confinement;
import dev.mutexlab.lab.spec.ThreadKind;
import dev.mutexlab.lab.suite.GoBenchmark;
import dev.mutexlab.lab.suite.Launcher;
import dev.mutexlab.lab.suite.SuiteReport;
import dev.mutexlab.lab.suite.SuiteResult;
import dev.mutexlab.lab.suite.SuiteRunner;
import dev.mutexlab.locks.Locks;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code mutexlab suite}: the seeds' Go benchmarks (chan, select, sema, mutex, RWMutex) on each lock. */
@Command(name = "suite", description = {
        "Go's runtime and sync benchmarks of seed 003 (go-mutex.md §6), with the lock under test inside Go-style",
        "channels, select, semaphores and RWMutex. RunParallel semantics; ns/op = wall time / N; one child JVM per",
        "(thread kind, P), confined to P CPUs. Prints each lock against the first, with Mann-Whitney p over --count runs."})
public final class SuiteCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--locks", paramLabel = "SPEC,...", description = "Lock specs; the first is the base. Default: ${DEFAULT-VALUE}",
            defaultValue = "futex,spinbit")
    String locks;

    @Option(names = "--procs", paramLabel = "P,...", description = "Processor counts (Go's -cpu). Default: 1,2,4,... up to all")
    String procs;

    @Option(names = "--threads", paramLabel = "KIND,...", description = "platform, virtual or both. Default: ${DEFAULT-VALUE}",
            defaultValue = "platform,virtual")
    String threads;

    @Option(names = "--bench", paramLabel = "REGEX", description = "Benchmarks whose name matches (Go's -bench). Default: all")
    String bench;

    @Option(names = "--benchtime", paramLabel = "D|Nx", description = "Time per benchmark run, or a fixed N. Default: 1s (--quick: 100ms)")
    String benchtime;

    @Option(names = "--count", paramLabel = "N", description = "Runs of each benchmark per lock (Go's -count). Default: 5 (--quick: 4, the fewest that can reach p < 0.05)")
    Integer count;

    @Option(names = "--quick", description = "A short look: --benchtime 100ms --count 4.")
    boolean quick;

    @Option(names = "--out", paramLabel = "FILE", description = "JSON result file. Default: results/suite-<time>.json")
    Path out;

    @Option(names = "--go-out", paramLabel = "FILE", description = "Also write Go benchmark format (benchstat -col lock FILE).")
    Path goOut;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Launcher.BenchTime benchTime = benchTime(benchtime != null ? benchtime : quick ? "100ms" : "1s");
        int runs = count != null ? count : quick ? 4 : 5;
        if (runs < 1) {
            throw new UsageException("--count must be at least 1");
        }
        List<ThreadKind> kinds = new ArrayList<>();
        for (String s : RunCommand.split(threads, "--threads")) {
            kinds.add(ThreadKind.parse(s));
        }
        SuiteResult.Config config = new SuiteResult.Config(lockSpecs(locks), kinds.stream().map(ThreadKind::label).toList(),
                procList(procs), benchmarks(bench), benchTime.isCount() ? benchTime.fixedN() + "x" : benchtime != null ? benchtime : quick ? "100ms" : "1s",
                runs);
        Path outFile = this.out != null ? this.out
                : ResultIO.defaultOut("suite");
        ResultIO.checkWritable(outFile);
        if (goOut != null) {
            ResultIO.checkWritable(goOut);
        }
        String commandLine = "mutexlab " + String.join(" ", spec.commandLine().getParseResult().originalArgs());
        SuiteRunner runner = new SuiteRunner(config, kinds, benchTime, commandLine);
        // Go's launch grows N over several runs before the reported one, and every (benchmark, lock)
        // has one unreported warm-up launch: about 3.2 x --benchtime per measurement (measured:
        // 440 measurements at 300ms took 7 minutes, docs/RESULTS.md section 9).
        long estimateSeconds = benchTime.isCount() ? 0 : runner.measurementCount() * benchTime.nanos() * 16 / 5 / 1_000_000_000L;
        err.printf("mutexlab suite: %d benchmarks x %d locks x %d runs x %d P x %d thread kinds = %d measurements%s%n",
                config.benchmarks().size(), config.locks().size(), runs, config.procs().size(), kinds.size(), runner.measurementCount(),
                estimateSeconds > 0 ? ", about " + estimateSeconds + "s" : "");
        AtomicBoolean finished = new AtomicBoolean();
        Thread onInterrupt = new Thread(() -> {
            if (!finished.get()) {
                runner.stopChild();
                err.println();
                err.println("mutexlab suite: interrupted; no result file written. Measured so far:");
                SuiteReport.printTable(runner.snapshot(), out);
                out.flush();
            }
        });
        Runtime.getRuntime().addShutdownHook(onInterrupt);
        try {
            Progress progress = new Progress(err, runner.measurementCount(), Progress.stderrIsTerminal());
            SuiteResult result = runner.run(progress);
            progress.finish();
            finished.set(true);
            SuiteReport.printTable(result, out);
            ResultIO.writeJson(outFile, result);
            if (goOut != null) {
                ResultIO.writeAtomically(goOut, SuiteReport.goFormat(result));
            }
            out.printf("%nResult: %s%s%n", outFile, goOut != null ? " (Go format: " + goOut + "; benchstat -col lock " + goOut + ")" : "");
            return 0;
        } finally {
            finished.set(true);
            Runtime.getRuntime().removeShutdownHook(onInterrupt);
        }
    }

    static List<String> lockSpecs(String text) {
        List<String> list = new ArrayList<>();
        for (String s : RunCommand.split(text, "--locks")) {
            try {
                Locks.create(s);
            } catch (IllegalArgumentException e) {
                throw new UsageException("bad lock spec '" + s + "': " + e.getMessage());
            }
            if (list.contains(s)) {
                throw new UsageException("lock '" + s + "' given twice");
            }
            list.add(s);
        }
        return list;
    }

    static List<Integer> procList(String text) {
        int cpus = Confinement.allowedCpus().size();
        List<Integer> list = new ArrayList<>();
        if (text == null) {
            for (int p = 1; p < cpus; p *= 2) {
                list.add(p);
            }
            list.add(cpus);
            return list;
        }
        for (String s : RunCommand.split(text, "--procs")) {
            int p = s.equals("all") ? cpus : RunCommand.parseInt(s, "--procs");
            if (p < 1 || p > cpus) {
                throw new UsageException("--procs " + p + " is outside 1.." + cpus + " (the CPUs this process may use)");
            }
            list.add(p);
        }
        return list;
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

    static Launcher.BenchTime benchTime(String text) {
        String t = text.trim();
        if (t.endsWith("x")) {
            long n;
            try {
                n = Long.parseLong(t.substring(0, t.length() - 1));
            } catch (NumberFormatException e) {
                throw new UsageException("bad --benchtime '" + text + "' (expected a duration like 1s or a count like 1000x)");
            }
            if (n < 1) {
                throw new UsageException("--benchtime count must be at least 1x");
            }
            return new Launcher.BenchTime(0, n);
        }
        long nanos = RunCommand.duration(t, "--benchtime");
        if (nanos <= 0) {
            throw new UsageException("--benchtime must be positive");
        }
        return new Launcher.BenchTime(nanos, 0);
    }
}
