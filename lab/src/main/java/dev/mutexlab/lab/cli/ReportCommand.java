package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.jmh.JmhCharts;
import dev.mutexlab.lab.jmh.JmhResult;
import dev.mutexlab.lab.report.Chart;
import dev.mutexlab.lab.report.HtmlReport;
import dev.mutexlab.lab.report.PngCharts;
import dev.mutexlab.lab.results.ResultFiles;
import dev.mutexlab.lab.results.ResultIO;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code mutexlab report RESULT.json... -o report.html [--png DIR]}. */
@Command(name = "report", mixinStandardHelpOptions = true, description = {
        "Render results of run, sweep, suite, fairness and apps as one self-contained HTML page (works offline): "
        + "throughput against hold with the ceiling, heat maps of sweep ratios, wait percentiles, per-worker acquisitions, "
        + "the suite's ns/op, the fairness test's and the apps workloads' figures per lock, and each file's configuration.",
        "JMH JSON results (mutexlab jmh) are drawn as bar charts per benchmark."})
public final class ReportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "RESULT.json", description = "Result files of 'run', 'sweep', 'suite', 'fairness', 'apps' or 'jmh'.")
    List<Path> files;

    @Option(names = {"-o", "--out"}, required = true, paramLabel = "FILE.html", description = "The HTML page to write.")
    Path out;

    @Option(names = "--png", paramLabel = "DIR", description = "Also write every chart as a PNG into DIR.")
    Path pngDir;

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        List<Path> jmhFiles = files.stream().filter(JmhResult::isJmhFile).toList();
        List<ResultFiles.Loaded> loaded = files.stream().filter(f -> !jmhFiles.contains(f)).map(ResultFiles::load).toList();
        List<HtmlReport.OtherSection> jmh = JmhCharts.sections(jmhFiles, loaded.size());
        ResultIO.checkWritable(out);
        List<HtmlReport.Section> sections = HtmlReport.sections(loaded);
        HtmlReport.write(sections, jmh, out);
        List<Chart> charts = java.util.stream.Stream.concat(sections.stream().flatMap(s -> s.charts().stream()),
                jmh.stream().flatMap(s -> s.charts().stream())).toList();
        stdout.printf("Report: %s (%d charts)%n", out, charts.size());
        if (pngDir != null) {
            List<Path> pngs = PngCharts.write(charts, pngDir);
            stdout.printf("PNG: %d charts in %s%n", pngs.size(), pngDir);
        }
        return 0;
    }
}
