package dev.mutexlab.lab;

import dev.mutexlab.lab.cli.AdviseCommand;
import dev.mutexlab.lab.cli.AppsCommand;
import dev.mutexlab.lab.cli.CensusCommand;
import dev.mutexlab.lab.cli.ProfileCommand;
import dev.mutexlab.lab.cli.RealCommand;
import dev.mutexlab.lab.cli.FairnessCommand;
import dev.mutexlab.lab.cli.CommandDefaults;
import dev.mutexlab.lab.cli.JmhCommand;
import dev.mutexlab.lab.cli.CompareCommand;
import dev.mutexlab.lab.cli.ExitCode;
import dev.mutexlab.lab.cli.LocksCommand;
import dev.mutexlab.lab.cli.OnInterrupt;
import dev.mutexlab.lab.cli.ReportCommand;
import dev.mutexlab.lab.cli.ReproduceCommand;
import dev.mutexlab.lab.cli.RunCommand;
import dev.mutexlab.lab.cli.SuiteCommand;
import dev.mutexlab.lab.cli.SweepCommand;
import dev.mutexlab.lab.cli.UncontendedCommand;
import dev.mutexlab.lab.cli.TortureCommand;
import dev.mutexlab.lab.results.UsageException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code mutexlab} command. Subcommands only parse their options and hand off to plain classes
 * that tests drive without the CLI. Bad input prints one line and exits with 2; an unexpected
 * failure prints one line and exits with 1 (set {@code MUTEXLAB_DEBUG=1} for the stack trace).
 */
@Command(name = "mutexlab", mixinStandardHelpOptions = true, version = "mutexlab 0.1.0",
        description = "Mutex designs from Go and Linux as Java Locks, and a lab that measures them.",
        subcommands = {LocksCommand.class, RunCommand.class, SweepCommand.class, ReportCommand.class, CompareCommand.class,
                UncontendedCommand.class, JmhCommand.class, TortureCommand.class, SuiteCommand.class, FairnessCommand.class,
                AppsCommand.class, RealCommand.class, ProfileCommand.class, AdviseCommand.class, CensusCommand.class,
                ReproduceCommand.class,
                CommandLine.HelpCommand.class})
public final class Main {
    /** The width of every command's help: descriptions are paragraphs that picocli wraps at it. */
    public static final int USAGE_WIDTH = 100;

    public static void main(String[] args) {
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the CLI with the given streams and returns the exit status (for tests). */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cmd = commandLine();
        cmd.setOut(out);
        cmd.setErr(err);
        return cmd.execute(args);
    }

    /** The configured command line (tests parse with it without running). */
    public static CommandLine commandLine() {
        CommandLine cmd = new CommandLine(new Main());
        cmd.setUsageHelpWidth(USAGE_WIDTH);
        cmd.setDefaultValueProvider(new CommandDefaults());
        cmd.setParameterExceptionHandler((ex, args) -> {
            CommandLine c = ex.getCommandLine();
            c.getErr().println("mutexlab: " + ex.getMessage().lines().findFirst().orElse("bad arguments")
                    + " (see '" + c.getCommandSpec().qualifiedName() + " --help')");
            return ExitCode.USAGE;
        });
        cmd.setExecutionExceptionHandler((ex, c, parsed) -> {
            if (ex instanceof OnInterrupt.Interrupted) {
                return ExitCode.INTERRUPTED; // what was measured so far has been printed
            }
            if (ex instanceof UsageException || ex instanceof IllegalArgumentException) {
                c.getErr().println("mutexlab: " + oneLine(ex.getMessage()));
                return ExitCode.USAGE;
            }
            c.getErr().println("mutexlab: failed: " + oneLine(String.valueOf(ex)));
            if (System.getenv("MUTEXLAB_DEBUG") != null) {
                ex.printStackTrace(c.getErr());
            }
            return ExitCode.FAILURE;
        });
        return cmd;
    }

    private static String oneLine(String s) {
        return s == null ? "error" : s.lines().findFirst().orElse("error");
    }
}
