package dev.mutexlab.lab.fairness;

import dev.mutexlab.lab.results.FairnessResult;

/** What the parent asks a {@link FairnessChild} to measure: one (thread kind, P) group. */
public record FairnessTask(FairnessResult.Config config, String threads, int procs, String enforcement) {
}
