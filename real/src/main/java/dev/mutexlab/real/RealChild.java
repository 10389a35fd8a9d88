package dev.mutexlab.real;

import dev.mutexlab.lab.real.RealTask;
import dev.mutexlab.lab.results.AppsResult;
import dev.mutexlab.lab.runner.ChildProtocol;

/**
 * The child JVM of {@code mutexlab real}, started with the agent ({@code -javaagent:...=lock=SPEC},
 * none for the program's own lock) and confined to P CPUs by the lab's launcher: measures one
 * workload once ({@link RealMeasurement}) and prints one machine-readable line,
 * {@code @sample <json>} (ops/s, latency p50/p99/p99.9/max, CPU per op, Jain's index, the check),
 * which it also writes to the result file the parent named. In the profile pass the agent writes its
 * profile when this JVM exits.
 *
 * <p>Arguments: the task file ({@link RealTask}, JSON) and the result file.
 */
public final class RealChild {
    private RealChild() {
    }

    public static void main(String[] args) throws Exception {
        RealTask task = ChildProtocol.task(args, RealTask.class);
        AppsResult.Sample sample = RealMeasurement.run(task);
        ChildProtocol.emit("sample", sample);
        ChildProtocol.finish(args, sample);
    }
}
