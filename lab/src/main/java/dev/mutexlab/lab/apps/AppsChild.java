package dev.mutexlab.lab.apps;

import dev.mutexlab.lab.config.LabLock;
import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.results.AppsResult;
import dev.mutexlab.lab.runner.ChildProtocol;
import dev.mutexlab.lab.stats.Metrics;
import dev.mutexlab.lab.workload.BusyWork;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The child JVM of {@code mutexlab apps}, confined to P CPUs by the lab's one launcher: calibrates the
 * busy work, warms up every (workload, lock) once, unmeasured, then measures batch after batch;
 * within a batch every workload in turn, and for each workload every lock once in an order rotated
 * by one from the previous batch. Prints {@code @sample <json>} per measurement; the whole group goes
 * to the group file.
 *
 * <p>The warm-up pass is there so that the first batch does not measure the JIT: without it, the
 * locks measured first in a fresh JVM ran while C2 was still compiling the workload's and the lock's
 * code, and which locks those were depended on the rotation — a difference between batches that
 * is the JVM's, not the lock's.
 */
public final class AppsChild {
    private AppsChild() {
    }

    public static void main(String[] args) throws Exception {
        AppsTask task = ChildProtocol.task(args, AppsTask.class);
        ChildProtocol.finish(args, run(task, s -> ChildProtocol.emit("sample", s)));
    }

    /** Measures the task's group in this JVM, passing each sample to {@code sink} as it is made. */
    public static AppsResult.Group run(AppsTask task, Consumer<AppsResult.Sample> sink) throws InterruptedException {
        AppsResult.Config c = task.config();
        BusyWork work = BusyWork.calibrate();
        ThreadKind kind = ThreadKind.parse(task.threads());
        List<LabLock> locks = c.locks().stream().map(LabLock::parse).toList();
        AppsResult.Config warm = new AppsResult.Config(c.locks(), c.threads(), c.procs(), c.workloads(), c.workers(),
                c.skew(), c.keys(), c.outsideNanos(), c.warmupNanos(), 0, 1);
        for (String name : c.workloads()) {
            for (LabLock lock : locks) {
                AppMeasurement.run(Workload.parse(name), lock.spec(), AppMeasurement.locksOf(lock), warm, work, kind,
                        AppMeasurement.WARM_UP_RUN, 0);
            }
        }
        List<AppsResult.Sample> samples = new ArrayList<>();
        for (int run = task.firstRun(); run < task.firstRun() + c.runs(); run++) {
            List<Integer> order = Metrics.rotatedOrder(locks.size(), run);
            for (String name : c.workloads()) {
                Workload w = Workload.parse(name);
                for (int pos = 0; pos < order.size(); pos++) {
                    LabLock lock = locks.get(order.get(pos));
                    AppsResult.Sample s = AppMeasurement.run(w, lock.spec(), AppMeasurement.locksOf(lock), c, work, kind,
                            run, pos).inJvm(task.jvm());
                    samples.add(s);
                    sink.accept(s);
                }
            }
        }
        return new AppsResult.Group(kind.label(), task.procs(), task.enforcement(), work.stepsPerNano(), samples);
    }
}
