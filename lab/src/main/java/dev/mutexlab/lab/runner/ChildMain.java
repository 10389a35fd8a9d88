package dev.mutexlab.lab.runner;

import dev.mutexlab.lab.config.RunConfig;
import dev.mutexlab.lab.config.Shape;
import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.results.GroupResult;
import dev.mutexlab.lab.results.RunResult;
import dev.mutexlab.lab.results.ShapeResult;
import java.util.List;
import java.util.Set;

/**
 * The entry point of a child JVM that measures one (thread kind, procs) group. The parent starts it
 * confined to P CPUs (see {@link Confinement}) and reads its standard output, one line per event:
 * {@code @calibrated <busy steps per ns>} once, {@code @progress <lock> <run>} after each measurement,
 * {@code @adding <run> <measurements> <undecided locks> <shape>} before each batch added to an undecided shape,
 * and {@code @shape <json>} followed by {@code @heap <peak heap bytes>} after each shape, so that an interrupted run still has every finished shape. The whole group goes to the file named
 * by the second argument.
 */
public final class ChildMain {
    /**
     * What the parent asks a child to do; shapes in {@code skip} were measured before and are left
     * out; {@code budgetNanos} is the group's time for added batches ({@link Replication}; 0: none).
     */
    public record GroupTask(RunResult.Config config, String threads, int procs, String enforcement, List<Shape> skip,
                            long budgetNanos) {
    }

    private ChildMain() {
    }

    public static void main(String[] args) throws Exception {
        GroupTask task = ChildProtocol.task(args, GroupTask.class);
        RunConfig config = RunConfig.fromFileForm(task.config());
        GroupResult result = GroupRunner.run(config, ThreadKind.parse(task.threads()), task.procs(), task.enforcement(),
                Set.copyOf(task.skip() == null ? List.of() : task.skip()), task.budgetNanos(), new GroupRunner.Listener() {
                    @Override
                    public void calibrated(double busyStepsPerNano) {
                        ChildProtocol.emit("calibrated", busyStepsPerNano);
                    }

                    @Override
                    public void measured(Shape shape, String lock, int run) {
                        ChildProtocol.emit("progress", lock + " " + run);
                    }

                    @Override
                    public void addingBatch(Shape shape, int run, int measurements, int undecided) {
                        ChildProtocol.emit("adding", run + " " + measurements + " " + undecided + " " + shape);
                    }

                    @Override
                    public void shapeDone(ShapeResult shapeResult) {
                        ChildProtocol.emit("shape", shapeResult);
                        ChildProtocol.emit("heap", GroupRunner.peakHeapBytes());
                    }
                });
        ChildProtocol.finish(args, result);
    }
}
