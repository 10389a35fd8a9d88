package dev.mutexlab.lab.reproduce;

/**
 * One claim in one column (a thread kind of the ports, or Go's own mutex) on this machine.
 *
 * @param claim   the claim's id
 * @param column  {@code platform}, {@code virtual} or {@code goroutines}
 * @param source  the source's figure
 * @param here    this machine's figure, as text ("–" when none)
 * @param value   this machine's figure as the number the verdict compares (NaN when none)
 * @param verdict the verdict
 * @param note    why, when the verdict alone does not say (requirement not met, experiment missing)
 */
public record Finding(String claim, String column, SourceFigure source, String here, double value, Verdict verdict, String note) {
}
