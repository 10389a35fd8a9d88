package dev.mutexlab.lab.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --aa}: measure the reference lock (the first of {@code --locks}) a second time in every batch,
 * as the last lock, so its copy ÷ itself — the A/A control — shows what "no effect" looks like on this
 * machine in this run. It checks the no-effect band of the run's verdicts: the ±5% margin while the
 * A/A interval lies inside it, else widened to that interval ({@link dev.mutexlab.lab.stats.NoEffectBand}).
 * Shared by {@code run}, {@code sweep}, {@code apps}, {@code fairness}, {@code suite} and {@code real}.
 */
final class AaOption {
    @Option(names = "--aa", description = {
            "A/A control: measure the first lock again in every batch, to check that this run resolves the ±5%% margin "
            + "of its verdicts; where the A/A interval reaches beyond ±5%%, the band widens to it and the legend says so.",
            "Adds one lock's time to every batch."})
    boolean aa;

    /**
     * {@code locks} (lab locks or library specs) with the first appended again when {@code --aa} is
     * given: the copy is measured last in the list, so the batches' rotation moves it as any other lock.
     */
    <T> List<T> withControl(List<T> locks) {
        if (!aa || locks.isEmpty()) {
            return locks;
        }
        List<T> all = new ArrayList<>(locks);
        all.add(locks.getFirst());
        return List.copyOf(all);
    }
}
