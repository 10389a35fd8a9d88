package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.config.LabLock;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --aa}: measure the reference lock (the first of {@code --locks}) a second time in every batch,
 * as the last lock, so its copy ÷ itself — the A/A control — shows what "no effect" looks like on this
 * machine in this run; that A/A spread becomes the no-effect band of the run's verdicts
 * ({@link dev.mutexlab.lab.compare.CellVerdicts}).
 */
final class AaOption {
    @Option(names = "--aa", description = {
            "A/A control: measure the first lock again in every batch; its spread against itself becomes the band of",
            "'within ±X%%' in this run's verdicts (without it: a fixed ±5%%). Adds one lock's time to every batch."})
    boolean aa;

    /** {@code locks} with the first appended again when {@code --aa} is given. */
    List<LabLock> withControl(List<LabLock> locks) {
        if (!aa || locks.isEmpty()) {
            return locks;
        }
        List<LabLock> all = new ArrayList<>(locks);
        all.add(locks.getFirst());
        return List.copyOf(all);
    }
}
