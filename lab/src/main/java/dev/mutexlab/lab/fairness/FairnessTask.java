package dev.mutexlab.lab.fairness;

import dev.mutexlab.lab.results.FairnessResult;

/**
 * What the parent asks a {@link FairnessChild} to measure: one (thread kind, P) group, adding runs
 * while a lock's ops/s verdict cannot tell for up to {@code budgetNanos} (0: the planned runs only).
 */
public record FairnessTask(FairnessResult.Config config, String threads, int procs, String enforcement, long budgetNanos) {
}
