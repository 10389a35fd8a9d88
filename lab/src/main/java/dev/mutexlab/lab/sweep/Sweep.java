package dev.mutexlab.lab.sweep;

import dev.mutexlab.lab.config.RunConfig;
import dev.mutexlab.lab.config.Shape;
import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.results.GroupResult;
import dev.mutexlab.lab.results.Machine;
import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.results.ShapeResult;
import dev.mutexlab.lab.results.SweepResult;
import dev.mutexlab.lab.runner.Progress;
import dev.mutexlab.lab.runner.RunOrchestrator;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongFunction;

/**
 * A resumable sweep over a grid of shapes. Each shape is measured exactly as {@code mutexlab run}
 * measures it (interleaved rotated batches in a child JVM per (thread kind, procs), by
 * {@link RunOrchestrator}); each finished shape goes to the {@link SweepJournal} next to the result
 * file at once. Started again with the same options after an interruption, a sweep measures only
 * the shapes the journal lacks. When every shape is in, the result file is written atomically from
 * the journal and the journal is deleted.
 *
 * <pre>{@code
 * Sweep sweep = Sweep.open(config, clip.note(), "mutexlab sweep ...", Path.of("sweep.json"));
 * Optional<SweepResult> result = sweep.run(total -> new Progress(err, total, false));
 * }</pre>
 */
public final class Sweep {
    /** Thrown out of the shape sink to stop a sweep after a number of shapes (tests). */
    private static final class Stopped extends RuntimeException {
        Stopped() {
            super("stopped", null, false, false);
        }
    }

    private final RunConfig config;
    private final String clippedNote;
    private final String commandLine;
    private final Path out;
    private final SweepJournal journal;
    private final int session;
    private final Set<Shape> done = new HashSet<>();
    private final List<Shape> measured = new ArrayList<>();
    private final RunOrchestrator orchestrator;
    private int stopAfterShapes = Integer.MAX_VALUE;

    private Sweep(RunConfig config, String clippedNote, String commandLine, Path out, long budgetNanos) {
        this.config = config;
        this.clippedNote = clippedNote;
        this.commandLine = commandLine;
        this.out = out;
        this.journal = SweepJournal.open(out, config.toFileForm());
        this.session = journal.nextSession();
        for (SweepJournal.Entry e : journal.entries()) {
            done.add(Shape.of(e.shape()));
        }
        this.orchestrator = new RunOrchestrator(config, commandLine, List.of(), done, this::finished, budgetNanos);
    }

    /** Opens the sweep that writes {@code out}, resuming the one its journal recorded, if any; no added batches. */
    public static Sweep open(RunConfig config, String clippedNote, String commandLine, Path out) {
        return open(config, clippedNote, commandLine, out, 0);
    }

    /**
     * As {@link #open(RunConfig, String, String, Path)}, adding batches to the shapes this session
     * measures whose verdicts cannot tell, for up to {@code budgetNanos} in all (as {@code run --budget}).
     */
    public static Sweep open(RunConfig config, String clippedNote, String commandLine, Path out, long budgetNanos) {
        return new Sweep(config, clippedNote, commandLine, out, budgetNanos);
    }

    /** For tests: stop (as an interruption would) once this session has measured {@code shapes} shapes. */
    public Sweep stopAfterShapes(int shapes) {
        this.stopAfterShapes = shapes;
        return this;
    }

    /** Shapes of the grid the journal already holds. */
    public int shapesDone() {
        return done.size();
    }

    /** Shapes in the grid. */
    public long shapeCount() {
        return config.shapeCount();
    }

    /** Measurements this session will make. */
    public long measurementsLeft() {
        return orchestrator.measurementCount();
    }

    /** Estimated wall time of the planned batches this session will measure, added batches aside. */
    public long estimatedNanosLeft() {
        return orchestrator.estimatedNanos();
    }

    /** Shapes this session measured, in order. */
    public synchronized List<Shape> measuredThisSession() {
        return List.copyOf(measured);
    }

    public Path journalFile() {
        return journal.file();
    }

    /**
     * Measures the shapes left; returns the result (also written to the result file), or empty when
     * stopped by {@link #stopAfterShapes}.
     */
    public Optional<SweepResult> run(LongFunction<Progress> progressFor) throws IOException, InterruptedException {
        Progress progress = progressFor.apply(measurementsLeft());
        try {
            orchestrator.run(progress);
        } catch (Stopped e) {
            return Optional.empty();
        } finally {
            progress.finish();
        }
        SweepResult result = assemble();
        ResultIO.writeJson(out, result);
        journal.delete();
        return Optional.of(result);
    }

    /** Stops the measuring JVM (on Ctrl-C); what is in the journal stays. */
    public void stop() {
        orchestrator.stopChild();
    }

    private synchronized void finished(GroupResult group, ShapeResult shape) throws IOException {
        journal.append(new SweepJournal.Entry(session, group, shape));
        measured.add(Shape.of(shape));
        if (measured.size() >= stopAfterShapes) {
            throw new Stopped();
        }
    }

    /** The result from the journal: every shape of the grid, in grid order, grouped as measured. */
    SweepResult assemble() {
        Map<Shape, SweepJournal.Entry> byShape = new LinkedHashMap<>();
        for (SweepJournal.Entry e : journal.entries()) {
            byShape.put(Shape.of(e.shape()), e);
        }
        List<GroupResult> groups = new ArrayList<>();
        int sessions = 0;
        for (ThreadKind kind : config.threads()) {
            for (int procs : config.procs()) {
                List<ShapeResult> shapes = new ArrayList<>();
                GroupResult first = null;
                long peakHeapBytes = 0;
                for (Shape s : config.shapes(kind, procs)) {
                    SweepJournal.Entry e = byShape.get(s);
                    if (e == null) {
                        throw new IllegalStateException("the journal lacks shape " + s);
                    }
                    first = first == null ? e.group() : first;
                    peakHeapBytes = Math.max(peakHeapBytes, e.group().peakHeapBytes());
                    sessions = Math.max(sessions, e.session());
                    shapes.add(e.shape());
                }
                groups.add(new GroupResult(kind.label(), procs, first.enforcement(), first.busyStepsPerNano(),
                        peakHeapBytes, shapes));
            }
        }
        return new SweepResult(SweepResult.SCHEMA, commandLine, Instant.now().toString(), Machine.current(),
                config.toFileForm(), clippedNote, sessions, groups,
                SweepSummary.of(groups, config.holdNanos(), config.outside()));
    }
}
