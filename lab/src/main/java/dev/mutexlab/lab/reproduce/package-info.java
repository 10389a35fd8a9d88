/**
 * {@code mutexlab reproduce}: every claim of the sources the lab checks, each measured on this
 * machine through the measuring wings and judged by one set of rules
 * ({@link dev.mutexlab.lab.reproduce.Verdicts}, {@code docs/verdicts.md}).
 *
 * <p>Layer: above the measuring wings it drives ({@code sweep}, {@code fairness}, {@code gobench},
 * {@code gotoolchain}); only {@code cli} uses it.
 *
 * <p>Open first: {@link dev.mutexlab.lab.reproduce.Claims}, then
 * {@link dev.mutexlab.lab.reproduce.Plan} and {@link dev.mutexlab.lab.reproduce.Reproduction}.
 */
package dev.mutexlab.lab.reproduce;
