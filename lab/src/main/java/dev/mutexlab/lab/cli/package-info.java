/**
 * The subcommands of {@code mutexlab}: each only parses its options and hands off to a plain class
 * of a lower layer that tests drive without the CLI. Options that several commands share are
 * declared once as picocli mixins with one set of converters; exit statuses live in
 * {@link dev.mutexlab.lab.cli.ExitCode}.
 *
 * <p>Layer: just under {@code Main}; may import every lab package below it.
 *
 * <p>Open first: {@link dev.mutexlab.lab.cli.RunCommand} (a typical measuring command), then
 * {@code Measure} (how every measuring command ends) and
 * {@code MeasureOptions}.
 */
package dev.mutexlab.lab.cli;
