package dev.mutexlab.lab.stats;

/** The median and range of one figure over the runs (batches) of a measurement. */
public record Spread(double median, double min, double max) {
}
