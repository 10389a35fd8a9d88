package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.jmh.JmhLauncher;
import dev.mutexlab.lab.jmh.JmhResult;
import dev.mutexlab.lab.jmh.UncontendedTable;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/** {@code mutexlab jmh [JMH options]}: the JMH benchmarks of {@code bench/}, JSON result under {@code results/}. */
@Command(name = "jmh", mixinStandardHelpOptions = true, description = {
        "Run the JMH benchmarks (bench/, one question per class); every other argument goes to JMH.",
        "  mutexlab jmh -l                                           list the benchmarks",
        "  mutexlab jmh Uncontended -p spec=go,jdk -f 1 -wi 1 -i 1   a quick look",
        "JMH's own options: java -jar bench/target/benchmarks.jar -h. The JSON result goes to "
        + "results/jmh-<time>.json ('mutexlab report' draws it)."})
public final class JmhCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Unmatched
    List<String> jmhArgs = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        return runJmh(jmhArgs, spec.commandLine().getOut());
    }

    /** Runs JMH with {@code args}, then names the result file and prints the uncontended table if there is one. */
    static int runJmh(List<String> args, PrintWriter out) throws Exception {
        Path ours = JmhLauncher.resultFile(args);
        int status = JmhLauncher.run(args, ours);
        Path result = ours != null ? ours : JmhLauncher.namedJsonResult(args);
        if (status == 0 && result != null && Files.exists(result)) {
            out.println();
            UncontendedTable.print(JmhResult.read(result), out);
            out.printf("%nResult: %s%n", result);
        }
        return status;
    }
}
