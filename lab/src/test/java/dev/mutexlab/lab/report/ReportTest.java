package dev.mutexlab.lab.report;

import dev.mutexlab.lab.Cli;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.results.ResultFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The report from small checked-in results, one of each schema: run, sweep, suite, fairness. */
class ReportTest {
    @TempDir
    Path dir;

    static Path resource(String name) throws Exception {
        return Path.of(ReportTest.class.getResource("/results/" + name).toURI());
    }

    static List<ResultFiles.Loaded> files() throws Exception {
        return List.of(ResultFiles.load(resource("run-small.json")), ResultFiles.load(resource("sweep-small.json")),
                ResultFiles.load(resource("suite-small.json")), ResultFiles.load(resource("fairness-small.json")));
    }

    @Test
    void everyKindOfChartIsBuiltWithDataAndACaption() throws Exception {
        List<Chart> charts = HtmlReport.sections(files()).stream().flatMap(s -> s.charts().stream()).toList();
        assertThat(charts.stream().map(Chart::kind).collect(Collectors.toSet())).isEqualTo(Set.of(Chart.Kind.values()));
        assertThat(charts).allSatisfy(c -> {
            assertThat(c.pointCount()).as(c.id()).isPositive();
            assertThat(c.caption()).as(c.id()).endsWith(".").doesNotContain("null").doesNotContain("NaN");
        });
        assertThat(charts.stream().map(Chart::id).distinct().count()).isEqualTo(charts.size());
        Chart throughput = charts.stream().filter(c -> c.kind() == Chart.Kind.XY).findFirst().orElseThrow();
        assertThat(throughput.series().getLast().name()).isEqualTo("ceiling");
        assertThat(throughput.series().getLast().dashed()).isTrue();
    }

    @Test
    void thePageIsSelfContained() throws Exception {
        String html = HtmlReport.render(HtmlReport.sections(files()));
        assertThat(html).contains("Chart.js v4.5.1").contains("chartjs-chart-matrix")
                .doesNotContain("src=\"http").doesNotContain("<link").doesNotContain("sourceMappingURL");
        assertThat(html).contains("mutexlab.sweep/1").contains("mutexlab.run/1").contains("procs 4, 8 left out")
                .contains("mutexlab.suite/1").contains("mutexlab.fairness/1");
    }

    @Test
    void theCommandWritesThePageAndOnePngPerChart() throws Exception {
        Path html = dir.resolve("report.html");
        Path png = dir.resolve("png");
        Cli r = Cli.run("report", resource("run-small.json").toString(), resource("sweep-small.json").toString(),
                resource("suite-small.json").toString(), resource("fairness-small.json").toString(),
                "-o", html.toString(), "--png", png.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        int charts = HtmlReport.sections(files()).stream().mapToInt(s -> s.charts().size()).sum();
        assertThat(r.out()).contains("(" + charts + " charts)");
        try (var pngs = Files.list(png)) {
            List<Path> files = pngs.toList();
            assertThat(files).hasSize(charts).allSatisfy(p -> {
                byte[] bytes = Files.readAllBytes(p);
                assertThat(bytes.length).as(p.toString()).isGreaterThan(5_000);
                assertThat(new String(bytes, 1, 3, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("PNG");
            });
        }
    }

    /**
     * Opens the page in headless Chromium and checks that every chart drew its data. Without Chromium
     * it is skipped on a developer's machine and fails on CI (environment variable CI set), which must
     * have it (.ci/run installs it).
     */
    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void everyChartRendersInHeadlessChromium() throws Exception {
        String chromium = chromium();
        if (chromium == null) {
            assertThat(onCi()).as("CI must have chromium (.ci/run installs it)").isFalse();
            Assumptions.abort("no chromium on this machine");
        }
        Path html = dir.resolve("report.html");
        List<HtmlReport.Section> sections = HtmlReport.sections(files());
        HtmlReport.write(sections, html);
        Process p = new ProcessBuilder(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--user-data-dir=" + dir.resolve("profile"), "--virtual-time-budget=10000", "--dump-dom",
                html.toUri().toString()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String dom = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        List<Chart> charts = sections.stream().flatMap(s -> s.charts().stream()).toList();
        assertThat(dom).contains("data-charts-rendered=\"" + charts.size() + "\"");
        for (Chart c : charts) {
            Matcher m = Pattern.compile("<canvas id=\"" + Pattern.quote(c.id()) + "\"[^>]*data-rendered=\"(\\d+)\"").matcher(dom);
            assertThat(m.find()).as(c.id() + " rendered").isTrue();
            assertThat(Integer.parseInt(m.group(1))).as(c.id() + " points drawn").isPositive();
        }
    }

    static boolean onCi() {
        String ci = System.getenv("CI");
        return ci != null && !ci.isBlank() && !ci.equalsIgnoreCase("false");
    }

    private static String chromium() {
        for (String name : new String[] {"chromium", "chromium-browser", "google-chrome"}) {
            for (String d : System.getenv().getOrDefault("PATH", "/usr/bin").split(java.io.File.pathSeparator)) {
                if (Files.isExecutable(Path.of(d, name))) {
                    return Path.of(d, name).toString();
                }
            }
        }
        return null;
    }
}
