package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.results.UsageException;

import dev.mutexlab.lab.compare.Columns;
import dev.mutexlab.lab.gotoolchain.GoToolchain;
import dev.mutexlab.lab.reproduce.Experiment;
import dev.mutexlab.lab.reproduce.Finding;
import dev.mutexlab.lab.reproduce.Plan;
import dev.mutexlab.lab.reproduce.Reproduction;
import dev.mutexlab.lab.runner.Confinement;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code mutexlab reproduce}: every claim the lab checks, measured on this machine, with a verdict. */
@Command(name = "reproduce", mixinStandardHelpOptions = true, description = {
        "Run the experiments behind the claims of the experiments the lab repeats "
        + "(docs/background.md) on this machine, scaled to its CPUs. Writes DIR/index.html, "
        + "DIR/summary.md and one result file per experiment: per claim the source's "
        + "figure, this machine's figure and a verdict (rules: docs/verdicts.md).",
        "With Go on PATH, Go's own sync.Mutex runs beside the ports (another "
        + "toolchain: MUTEXLAB_GO=/path/to/go; checked with Go 1.19 and 1.24).",
        "Interrupted? Run the same command again: finished experiments and shapes "
        + "are kept. Every experiment runs as 3 replicas in fresh JVMs with an A/A "
        + "control; --quick: about 10 minutes on 2 CPUs by the estimate; the full run: "
        + "under an hour on 16."})
public final class ReproduceCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    WideOption wide;

    @Option(names = "--quick", description = "Fewer shapes and batches, one processor count.")
    boolean quick;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "results/reproduce",
            description = "Folder for the page, the summary and the result files. Default: ${DEFAULT-VALUE}")
    Path out;

    @Option(names = "--no-go", description = "Leave out Go's own mutex even when there is a Go toolchain.")
    boolean noGo;

    @Option(names = "--plan", description = "Print the experiments and the time estimate; measure nothing.")
    boolean planOnly;

    @Option(names = "--findings-only", description = "Measure nothing: compute the verdicts and the page from the result files in DIR.")
    boolean findingsOnly;

    @Option(names = "--duration", hidden = true, paramLabel = "D", converter = Converters.DurationConverter.class,
            description = "Measured time of every measurement (smoke tests).")
    Duration duration;

    @Option(names = "--warmup", hidden = true, paramLabel = "D", converter = Converters.DurationConverter.class,
            description = "Warm-up of every measurement (smoke tests).")
    Duration warmup;

    @Option(names = "--runs", hidden = true, paramLabel = "N", description = "Batches of every shape (smoke tests).")
    Integer runs;

    @Option(names = "--replicas", hidden = true, paramLabel = "N", description = "Replicas (fresh JVMs) of every experiment (smoke tests).")
    Integer replicas;

    @Override
    public Integer call() throws Exception {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path parent = out.toAbsolutePath().normalize().getParent();
        if (!out.normalize().startsWith("results") && parent != null && !java.nio.file.Files.isDirectory(parent)) {
            // as for every --out: the lab creates results/ and the folder named, never a missing path above it
            throw new UsageException("--out " + out + ": the folder " + parent + " does not exist");
        }
        if (java.nio.file.Files.exists(out) && !java.nio.file.Files.isDirectory(out)) {
            throw new UsageException("--out " + out + ": a file, not a folder (reproduce writes a folder of results and a page)");
        }
        // --findings-only plans for the machine that measured the folder (brought back from a bigger
        // one, say), and reads its Go results whether or not this machine has Go.
        int cpus = findingsOnly ? Reproduction.measuredCpus(out).orElse(Confinement.allowedCpus().size())
                : Confinement.allowedCpus().size();
        Optional<GoToolchain> go = noGo ? Optional.empty() : GoToolchain.find();
        boolean goResults = findingsOnly && !noGo && Reproduction.hasGoResults(out);
        if (go.isEmpty() && !goResults) {
            err.println("mutexlab reproduce: " + (noGo ? "--no-go: the Go columns are left out" : GoToolchain.missing()));
        }
        List<Experiment> plan = Plan.of(cpus, quick, timing(), go.isPresent() || goResults);
        Reproduction reproduction = new Reproduction(out, plan, go, Invocation.of(spec), err);
        List<Experiment> left = reproduction.left();
        err.printf("mutexlab reproduce: %d CPUs; %d of %d experiments left, about %d min%s%n", cpus, left.size(), plan.size(),
                Math.max(1, Math.round(reproduction.estimatedNanosLeft() / 60e9)), findingsOnly || planOnly ? " (not measuring)" : "");
        if (planOnly) {
            for (Experiment e : plan) {
                Columns.printWrapped(String.format("%-22s %5d measurements, ~%3ds  %s%s", e.name(), e.measurementCount(),
                        e.estimatedNanos() / 1_000_000_000L, e.what(), left.contains(e) ? "" : " (done)"), " ".repeat(24), stdout);
            }
            return 0;
        }
        if (!findingsOnly) {
            OnInterrupt.guard(() -> {
                reproduction.stop();
                err.println();
                err.println("mutexlab reproduce: interrupted; finished experiments and shapes are kept in " + out
                        + " — run the same command again to resume");
                err.flush();
            }, () -> {
                reproduction.measure();
                return null;
            });
        }
        printFindings(reproduction.writeFindings(), wide.columns(), stdout);
        stdout.printf("%nPage: %s%nSummary: %s%n", out.resolve("index.html"), out.resolve("summary.md"));
        return 0;
    }

    /**
     * A line per claim and column: by default ({@link Columns#DEFAULT}) its verdict and this machine's figure,
     * then, wrapped under it, the shape and the source's figure; {@link Columns#WIDE} all on one line.
     */
    static void printFindings(List<Finding> findings, Columns columns, PrintWriter out) {
        for (Finding f : findings) {
            String note = f.note().isEmpty() ? "" : " — " + f.note();
            if (columns == Columns.WIDE) {
                out.printf("%-19s %-10s %-40s %-19s here %-34s source %s%s%n", f.claim(), f.column(), f.shape(),
                        f.verdict().label(), f.here(), f.source().text(), note);
            } else {
                Columns.printWrapped(String.format("%-19s %-10s %-19s here %s", f.claim(), f.column(), f.verdict().label(),
                        f.here()), "    ", out);
                Columns.printWrapped(String.format("    at %s; source %s%s", f.shape(), f.source().text(), note), "      ", out);
            }
        }
    }

    private Plan.Timing timing() {
        Plan.Timing t = quick ? Plan.Timing.QUICK : Plan.Timing.FULL;
        long d = duration != null ? duration.toNanos() : t.durationNanos();
        long w = warmup != null ? warmup.toNanos() : t.warmupNanos();
        return new Plan.Timing(d, w, runs != null ? runs : t.runs(), duration != null ? d : t.waitsNanos(),
                duration != null ? d : t.testMutexNanos(), runs != null ? runs : t.testMutexRuns(),
                duration != null ? d : t.suiteBenchNanos(), runs != null ? runs : t.suiteCount(),
                replicas != null ? replicas : t.replicas());
    }
}
