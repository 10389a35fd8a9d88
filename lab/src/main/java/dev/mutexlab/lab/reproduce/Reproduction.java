package dev.mutexlab.lab.reproduce;

import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.fairness.FairnessRunner;
import dev.mutexlab.lab.gobench.SuiteRunner;
import dev.mutexlab.lab.gotoolchain.GoProgram;
import dev.mutexlab.lab.gotoolchain.GoSeedLoop;
import dev.mutexlab.lab.gotoolchain.GoToolchain;
import dev.mutexlab.lab.report.HtmlReport;
import dev.mutexlab.lab.results.FairnessResult;
import dev.mutexlab.lab.results.GroupResult;
import dev.mutexlab.lab.results.Machine;
import dev.mutexlab.lab.results.ResultFiles;
import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.results.SuiteResult;
import dev.mutexlab.lab.runner.Measuring;
import dev.mutexlab.lab.runner.Progress;
import dev.mutexlab.lab.runner.WorkDir;
import dev.mutexlab.lab.sweep.Sweep;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Runs a {@link Plan} into a folder and writes what it found: each experiment's result file
 * ({@code DIR/<name>.json}), {@code DIR/summary.md} and {@code DIR/index.html} (the verdicts, then
 * the report's charts of every result file). Started again on the same folder it resumes: an
 * experiment whose result file is there is not measured again, and one of the ports that was
 * interrupted resumes shape by shape from its sweep journal. The findings are computed from the
 * result files alone, so {@link #writeFindings} can be run on a folder brought back from another
 * machine.
 */
public final class Reproduction {
    private final Path dir;
    private final List<Experiment> plan;
    private final Optional<GoToolchain> go;
    private final String commandLine;
    private final PrintWriter err;
    private volatile Sweep sweep;
    private volatile Measuring<?> running;
    /** The invocation's one time: the page, the summary and the host record all carry it. */
    private final Instant startedAt = Instant.now();

    public Reproduction(Path dir, List<Experiment> plan, Optional<GoToolchain> go, String commandLine, PrintWriter err) {
        this.dir = dir;
        this.plan = List.copyOf(plan);
        this.go = go;
        this.commandLine = commandLine;
        this.err = err;
    }

    /** The experiments whose result file is not there yet. */
    public List<Experiment> left() {
        return plan.stream().filter(e -> !Files.isRegularFile(dir.resolve(e.file()))).toList();
    }

    /** Estimated wall time of what is left. */
    public long estimatedNanosLeft() {
        return left().stream().mapToLong(Experiment::estimatedNanos).sum();
    }

    /**
     * Measures every experiment left, one after the other. When the Go program cannot be built (a Go
     * whose mutex the patch does not know), the Go experiments are left out with one line saying why.
     */
    public void measure() throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Optional<long[]> before = Host.cpuTimes();
        try (WorkDir work = WorkDir.create("mutexlab-go")) {
            measure(work);
        } finally {
            Map<String, String> facts = Host.facts(before);
            facts.put("measured", startedAt.toString());
            Host.write(dir, facts);
        }
    }

    private void measure(WorkDir goBuild) throws IOException, InterruptedException {
        Path binary = null;
        String goFailure = null;
        for (Experiment e : left()) {
            if (e.isGo() && goFailure != null) {
                continue;
            }
            err.printf("mutexlab reproduce: %s — %s (%d measurements)%n", e.name(), e.what(), e.measurementCount());
            Path out = dir.resolve(e.file());
            String command = commandLine + " [" + e.name() + "]";
            if (e.isGo()) {
                if (binary == null) {
                    err.println("mutexlab reproduce: building the Go program against " + go.orElseThrow().version());
                    try {
                        binary = GoProgram.build(go.orElseThrow(), goBuild.path());
                    } catch (IOException | RuntimeException buildFailed) {
                        goFailure = String.valueOf(buildFailed.getMessage()).lines().findFirst().orElse("build failed");
                        err.println("mutexlab reproduce: the Go columns are left out: " + goFailure);
                        continue;
                    }
                }
                measureWhole(new GoSeedLoop(go.orElseThrow(), binary, e.go(), command), out);
            } else if (e.suite() != null) {
                measureWhole(new SuiteRunner(e.suite().config(), e.suite().config().threads().stream().map(ThreadKind::parse).toList(),
                        e.suite().benchTime(), command), out);
            } else if (e.fairness() != null) {
                measureWhole(new FairnessRunner(e.fairness(), e.fairness().threads().stream().map(ThreadKind::parse).toList(),
                        command), out);
            } else {
                sweep = Sweep.open(e.ports(), "", command, out);
                if (sweep.shapesDone() > 0) {
                    err.printf("mutexlab reproduce: resuming %s: %d of %d shapes already measured%n", e.name(),
                            sweep.shapesDone(), sweep.shapeCount());
                }
                sweep.run(this::progress);
            }
        }
    }

    /** Measures an experiment that does not resume part-way, then writes its result file. */
    private void measureWhole(Measuring<?> measuring, Path out) throws IOException, InterruptedException {
        running = measuring;
        Progress progress = progress(measuring.measurementCount());
        Object result = measuring.run(progress);
        progress.finish();
        ResultIO.writeJson(out, result);
    }

    private Progress progress(long total) {
        return new Progress(err, total, Progress.stderrIsTerminal());
    }

    /** Stops the running measurement (on Ctrl-C); finished experiments and shapes stay. */
    public void stop() {
        Sweep s = sweep;
        if (s != null) {
            s.stop();
        }
        Measuring<?> m = running;
        if (m != null) {
            m.stopChild();
        }
    }

    /**
     * Reads every result file there is, computes the findings and writes summary.md and index.html;
     * returns the findings. The replicas of an experiment are read together, as one family.
     */
    public List<Finding> writeFindings() {
        Map<String, List<GroupResult>> results = new LinkedHashMap<>();
        Map<String, List<FairnessResult>> fairness = new LinkedHashMap<>();
        Map<String, List<SuiteResult>> suites = new LinkedHashMap<>();
        List<ResultFiles.Loaded> loaded = new ArrayList<>();
        for (Experiment e : plan) {
            Path file = dir.resolve(e.file());
            if (Files.isRegularFile(file)) {
                ResultFiles.Loaded l = ResultFiles.load(file);
                loaded.add(l);
                if (l.fairness() != null) {
                    fairness.computeIfAbsent(e.family(), k -> new ArrayList<>()).add(l.fairness());
                } else if (l.suite() != null) {
                    suites.computeIfAbsent(e.family(), k -> new ArrayList<>()).add(l.suite());
                } else {
                    results.computeIfAbsent(e.family(), k -> new ArrayList<>()).addAll(l.groups());
                }
            }
        }
        // The machine and Go the results were measured with, which for a folder brought back from
        // another machine are not this one's.
        Machine machine = loaded.stream().map(ResultFiles.Loaded::machine).findFirst().orElseGet(Machine::current);
        List<Finding> findings = Claims.evaluate(results, fairness, suites, machine.cpus());
        String goVersion = measuredGo(loaded).orElseGet(() -> go.map(GoToolchain::version).orElseGet(GoToolchain::missing));
        Summary.Context context = new Summary.Context(commandLine, startedAt.toString(), machine, goVersion, Host.read(dir));
        ResultIO.writeAtomically(dir.resolve("summary.md"), Summary.markdown(context, findings, plan));
        HtmlReport.write(new HtmlReport.Intro("mutexlab reproduce", "Claims and verdicts", Summary.html(context, findings),
                ClaimChart.of(findings)), HtmlReport.sections(loaded), List.of(), dir.resolve("index.html"));
        ClaimChart.writeSvg(findings, dir.resolve(ClaimChart.SVG));
        return findings;
    }

    /** {@code go version} as the Go experiments recorded it, if any ran. */
    static Optional<String> measuredGo(List<ResultFiles.Loaded> loaded) {
        return loaded.stream().flatMap(l -> l.groups().stream()).map(GoSeedLoop::goVersion).flatMap(Optional::stream).findFirst();
    }

    /**
     * The CPUs of the machine that measured the result files in {@code dir} (the most any file
     * records), if there are any: {@code --findings-only} plans for that machine, not this one.
     */
    public static OptionalInt measuredCpus(Path dir) {
        return resultFiles(dir).stream().mapToInt(l -> l.machine().cpus()).max();
    }

    /** Whether {@code dir} holds a result of Go's own mutex. */
    public static boolean hasGoResults(Path dir) {
        return resultFiles(dir).stream().anyMatch(l -> measuredGo(List.of(l)).isPresent());
    }

    private static List<ResultFiles.Loaded> resultFiles(Path dir) {
        List<ResultFiles.Loaded> loaded = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return loaded;
        }
        try (var files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList()) {
                try {
                    loaded.add(ResultFiles.load(f));
                } catch (RuntimeException notAResult) {
                    // not a lab result (a file the user put there): it feeds no claim
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return loaded;
    }
}
