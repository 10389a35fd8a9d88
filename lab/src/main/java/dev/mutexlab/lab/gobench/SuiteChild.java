package dev.mutexlab.lab.gobench;

import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.results.SuiteResult;
import dev.mutexlab.lab.runner.ChildProtocol;
import dev.mutexlab.lab.workload.BusyWork;
import dev.mutexlab.locks.Locks;
import java.util.ArrayList;
import java.util.List;

/**
 * The entry point of a child JVM that runs the suite for one (thread kind, P) group, confined to P
 * CPUs by the parent. Repetition by repetition, benchmark by benchmark, it runs every lock in an
 * order rotated by one each time; after each run it prints {@code @measurement <json>} on standard
 * output ({@link ChildProtocol}). The group goes to the file named by the second argument.
 */
public final class SuiteChild {
    private SuiteChild() {
    }

    public static void main(String[] args) throws Exception {
        SuiteTask task = ChildProtocol.task(args, SuiteTask.class);
        ChildProtocol.finish(args, run(task, m -> ChildProtocol.emit("measurement", m)));
    }

    /** Runs {@code task} in this JVM, passing each measurement to {@code sink} as it finishes. */
    public static SuiteResult.Group run(SuiteTask task, java.util.function.Consumer<SuiteResult.Measurement> sink) {
        ThreadKind kind = ThreadKind.parse(task.threads());
        BusyWork calibration = BusyWork.calibrate();
        Launcher.BenchTime benchTime = new Launcher.BenchTime(task.benchNanos(), task.benchN());
        List<SuiteResult.Measurement> all = new ArrayList<>();
        int turn = 0;
        for (int rep = 0; rep < task.count(); rep++) {
            for (String name : task.benchmarks()) {
                GoBenchmark bench = GoBenchmark.named(name);
                int locks = task.locks().size();
                for (int k = 0; k < locks; k++) {
                    String lock = task.locks().get((k + turn) % locks);
                    if (rep == 0) {
                        // Unreported warm-up: Go's code is compiled ahead; ours must be JIT-compiled
                        // before its N=1 probe, or a cold probe longer than the bench time is reported.
                        Launcher.launch(bench, task.procs(), kind, () -> Locks.create(lock), benchTime);
                    }
                    Launcher.Run run = Launcher.launch(bench, task.procs(), kind, () -> Locks.create(lock), benchTime);
                    SuiteResult.Measurement m = new SuiteResult.Measurement(name, lock, rep, run.n(), run.nanos(), run.nsPerOp());
                    all.add(m);
                    sink.accept(m);
                }
                turn++;
            }
        }
        return new SuiteResult.Group(kind.label(), task.procs(), task.enforcement(), calibration.stepsPerNano(), all);
    }
}
