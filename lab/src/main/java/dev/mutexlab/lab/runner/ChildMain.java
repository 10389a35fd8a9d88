package dev.mutexlab.lab.runner;

import dev.mutexlab.lab.results.GroupResult;
import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.results.RunResult;
import dev.mutexlab.lab.results.ShapeResult;
import dev.mutexlab.lab.spec.RunConfig;
import dev.mutexlab.lab.spec.Shape;
import dev.mutexlab.lab.spec.ThreadKind;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * The entry point of a child JVM that measures one (thread kind, procs) group. The parent starts it
 * confined to P CPUs (see {@link Confinement}) and reads its standard output, one line per event:
 * {@code @calibrated <busy steps per ns>} once, {@code @progress <lock> <run>} after each measurement,
 * and {@code @shape <json>} followed by {@code @heap <peak heap bytes>} after each shape, so that an interrupted run still has every finished shape. The whole group goes to the file named
 * by the second argument.
 */
public final class ChildMain {
    /** What the parent asks a child to do; shapes in {@code skip} were measured before and are left out. */
    public record GroupTask(RunResult.Config config, String threads, int procs, String enforcement, List<Shape> skip) {
    }

    private ChildMain() {
    }

    public static void main(String[] args) throws Exception {
        GroupTask task = ResultIO.read(Path.of(args[0]), GroupTask.class);
        Path out = Path.of(args[1]);
        RunConfig config = RunConfig.fromFileForm(task.config());
        PrintStream stdout = System.out;
        GroupResult result = GroupRunner.run(config, ThreadKind.parse(task.threads()), task.procs(), task.enforcement(),
                Set.copyOf(task.skip() == null ? List.of() : task.skip()), new GroupRunner.Listener() {
                    @Override
                    public void calibrated(double busyStepsPerNano) {
                        stdout.println("@calibrated " + busyStepsPerNano);
                        stdout.flush();
                    }

                    @Override
                    public void measured(Shape shape, String lock, int run) {
                        stdout.println("@progress " + lock + " " + run);
                        stdout.flush();
                    }

                    @Override
                    public void shapeDone(ShapeResult shapeResult) {
                        try {
                            stdout.println("@shape " + ResultIO.json().writer().without(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT)
                                    .writeValueAsString(shapeResult));
                            stdout.println("@heap " + GroupRunner.peakHeapBytes());
                            stdout.flush();
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                    }
                });
        ResultIO.writeJson(out, result);
        System.exit(0);
    }
}
