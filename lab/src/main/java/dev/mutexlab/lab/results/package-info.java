/**
 * Results as data: the records of every result file ({@code mutexlab.run/1.1}, {@code sweep},
 * {@code suite}, {@code fairness}, {@code apps}; schemas in {@code docs/results-schema.md}), their JSON, and
 * {@link dev.mutexlab.lab.results.UsageException}, the bad input that any layer above may throw
 * and only {@code Main} turns into exit status 2.
 *
 * <p>Layer: on {@code stats} only; everything else in the lab sits above it.
 *
 * <p>Open first: {@link dev.mutexlab.lab.results.RunResult}, then
 * {@link dev.mutexlab.lab.results.ResultIO} and {@link dev.mutexlab.lab.results.ResultFiles}.
 */
package dev.mutexlab.lab.results;
