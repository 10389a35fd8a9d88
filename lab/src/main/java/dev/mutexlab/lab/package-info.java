/**
 * The {@code mutexlab} command: the lab that measures the locks. Its packages form layers, each
 * importing only those below it; the order lives in one place, {@code LayeringTest} (lab tests),
 * and {@code docs/design.md} walks it with each package's first file.
 *
 * <p>Layer: the top; only {@link dev.mutexlab.lab.Main} lives here. It wires the picocli commands
 * of {@code cli} and turns a {@code results.UsageException} into exit status 2.
 *
 * <p>Open first: {@link dev.mutexlab.lab.Main}.
 */
package dev.mutexlab.lab;
