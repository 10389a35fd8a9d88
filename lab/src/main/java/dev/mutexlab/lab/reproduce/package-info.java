/**
 * {@code mutexlab reproduce}: every claim of the sources the lab checks, each measured on this
 * machine through the measuring wings and judged by one set of rules
 * ({@link dev.mutexlab.lab.reproduce.Verdicts}, {@code docs/verdicts.md}): one row per claim,
 * column and shape, each the bootstrap interval of its batches' median ratio (replicas in fresh
 * JVMs pooled) against the source's widened range and the experiment's A/A no-effect band.
 *
 * <p>Layer: above the measuring wings it drives ({@code sweep}, {@code fairness}, {@code gobench},
 * {@code gotoolchain}); only {@code cli} uses it.
 *
 * <p>Open first: {@link dev.mutexlab.lab.reproduce.Claims}, then
 * {@link dev.mutexlab.lab.reproduce.Verdicts}, {@link dev.mutexlab.lab.reproduce.Plan} and
 * {@link dev.mutexlab.lab.reproduce.Reproduction}; the page is {@link dev.mutexlab.lab.reproduce.Summary},
 * {@link dev.mutexlab.lab.reproduce.ClaimChart} and {@link dev.mutexlab.lab.reproduce.Host}.
 */
package dev.mutexlab.lab.reproduce;
