package dev.mutexlab.lab.gotoolchain;

import dev.mutexlab.lab.config.Outside;
import dev.mutexlab.lab.config.Shape;
import dev.mutexlab.lab.results.GroupResult;
import dev.mutexlab.lab.results.Machine;
import dev.mutexlab.lab.results.RunResult;
import dev.mutexlab.lab.results.Sample;
import dev.mutexlab.lab.results.ShapeResult;
import dev.mutexlab.lab.runner.Confinement;
import dev.mutexlab.lab.runner.Measuring;
import dev.mutexlab.lab.runner.Progress;
import dev.mutexlab.lab.runner.ShapeSummary;
import dev.mutexlab.lab.stats.Metrics;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * Runs the Go program ({@link GoProgram}) over a grid as {@code mutexlab run} runs the ports: per
 * shape, {@code runs} batches, each running every Go variant once (one process each, confined to
 * P CPUs by {@code taskset} where there is one, GOMAXPROCS = P) in an order rotated by one from the
 * previous batch, ratios to the first variant within a batch. The busy work is calibrated by the
 * first process of each P and handed to the rest, so every variant of a group does the same work.
 * The result is an ordinary {@code mutexlab.run/1} file whose thread kind is {@value #THREADS}
 * and whose locks are the Go specs, so tables, {@code report} and {@code compare} read it like any run.
 */
public final class GoSeedLoop implements Measuring<RunResult> {
    /** The thread kind of the Go columns. */
    public static final String THREADS = "goroutines";
    private static final String GO_VERSION = "go version ";

    /**
     * The {@code go version} a group of Go's own mutex was measured with: its enforcement ends with
     * it ("GOMAXPROCS=2, taskset -c 0,1, go1.19.8 linux/amd64"); empty for any other group.
     */
    public static Optional<String> goVersion(GroupResult g) {
        if (!g.threads().equals(THREADS)) {
            return Optional.empty();
        }
        String last = g.enforcement().substring(g.enforcement().lastIndexOf(", ") + 2);
        return last.startsWith("go") ? Optional.of(GO_VERSION + last) : Optional.empty();
    }

    /**
     * What to measure.
     *
     * @param variants the Go specs, first the baseline
     */
    public record Config(List<GoVariant> variants, List<Integer> procs, List<Integer> workers, List<Long> holdNanos,
                         Outside outside, long durationNanos, long warmupNanos, int runs) {
        public Config {
            if (variants.isEmpty() || procs.isEmpty() || workers.isEmpty() || holdNanos.isEmpty() || runs < 1) {
                throw new IllegalArgumentException("a Go grid needs variants, procs, workers, holds and runs");
            }
        }

        /** Processes to run. */
        public long measurementCount() {
            return (long) procs.size() * workers.size() * holdNanos.size() * variants.size() * runs;
        }

        RunResult.Config toFileForm() {
            return new RunResult.Config(variants.stream().map(GoVariant::spec).toList(), List.of(THREADS), procs, workers,
                    holdNanos, outside.text(), durationNanos, warmupNanos, runs, true);
        }
    }

    private final GoToolchain go;
    private final Path binary;
    private final Config config;
    private final String commandLine;
    private final List<GroupResult> groups = new ArrayList<>();
    private volatile Process running;
    private volatile boolean stopped;

    public GoSeedLoop(GoToolchain go, Path binary, Config config, String commandLine) {
        this.go = go;
        this.binary = binary;
        this.config = config;
        this.commandLine = commandLine;
    }

    @Override
    public long measurementCount() {
        return config.measurementCount();
    }

    /** Measures everything; {@code progress} steps once per process. */
    @Override
    public RunResult run(Progress progress) throws IOException, InterruptedException {
        for (int procs : config.procs()) {
            String enforcement = "GOMAXPROCS=" + procs + ", " + (Confinement.hasTaskset()
                    ? String.join(" ", Confinement.tasksetPrefix(procs)) : "no taskset") + ", " + go.version().replace(GO_VERSION, "");
            double[] stepsPerNano = {0};
            List<ShapeResult> shapes = new ArrayList<>();
            synchronized (this) {
                groups.add(new GroupResult(THREADS, procs, enforcement, 0, 0, shapes));
            }
            for (int workers : config.workers()) {
                for (long hold : config.holdNanos()) {
                    ShapeResult shape = measureShape(procs, workers, hold, stepsPerNano, progress);
                    synchronized (this) {
                        shapes.add(shape);
                    }
                }
            }
            synchronized (this) {
                groups.set(groups.size() - 1, new GroupResult(THREADS, procs, enforcement, stepsPerNano[0], 0, List.copyOf(shapes)));
            }
        }
        return snapshot();
    }

    private ShapeResult measureShape(int procs, int workers, long hold, double[] stepsPerNano, Progress progress)
            throws IOException, InterruptedException {
        List<GoVariant> variants = config.variants();
        long outside = config.outside().nanosFor(hold);
        Sample[][] samples = new Sample[variants.size()][config.runs()];
        Histogram[] merged = new Histogram[variants.size()];
        for (int i = 0; i < merged.length; i++) {
            merged[i] = new Histogram(TimeUnit.SECONDS.toNanos(60), 3);
        }
        for (int run = 0; run < config.runs(); run++) {
            List<Integer> order = Metrics.rotatedOrder(variants.size(), run);
            for (int pos = 0; pos < order.size(); pos++) {
                int vi = order.get(pos);
                GoRun result = runOnce(variants.get(vi), procs, workers, hold, outside, stepsPerNano[0]);
                stepsPerNano[0] = result.stepsPerNano();
                samples[vi][run] = result.toSample(run, pos, merged[vi]);
                progress.step(THREADS + " P=" + procs + " W=" + workers + " " + variants.get(vi).spec());
            }
        }
        return ShapeSummary.of(THREADS, procs, workers, hold, outside, Shape.ceilingPerSecond(workers, hold, outside),
                variants.stream().map(GoVariant::spec).toList(), samples, merged, List.of());
    }

    private GoRun runOnce(GoVariant v, int procs, int workers, long hold, long outside, double stepsPerNano)
            throws IOException, InterruptedException {
        if (stopped) {
            throw new InterruptedException("stopped");
        }
        List<String> cmd = new ArrayList<>(Confinement.tasksetPrefix(procs));
        cmd.addAll(List.of(binary.toString(), "-procs", "" + procs, "-workers", "" + workers, "-hold", "" + hold,
                "-outside", "" + outside, "-warmup", config.warmupNanos() + "ns", "-duration", config.durationNanos() + "ns",
                "-threshold", "" + v.thresholdNanos(), "-gosched=" + v.gosched(), "-steps-per-nano", "" + stepsPerNano));
        Duration timeout = Duration.ofNanos(config.warmupNanos() + config.durationNanos()).plusSeconds(60);
        String out = GoToolchain.exec(cmd, null, timeout, p -> running = p);
        return GoRun.parse(out);
    }

    /** What has been measured so far. */
    @Override
    public synchronized RunResult snapshot() {
        List<GroupResult> copy = new ArrayList<>();
        for (GroupResult g : groups) {
            copy.add(new GroupResult(g.threads(), g.procs(), g.enforcement(), g.busyStepsPerNano(), 0, List.copyOf(g.shapes())));
        }
        return new RunResult(RunResult.SCHEMA, commandLine, Instant.now().toString(), Machine.current(),
                config.toFileForm(), copy);
    }

    /** Stops the running Go process (on Ctrl-C). */
    @Override
    public void stopChild() {
        stopped = true;
        Process p = running;
        if (p != null) {
            p.destroyForcibly();
        }
    }
}
