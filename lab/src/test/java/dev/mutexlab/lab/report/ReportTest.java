package dev.mutexlab.lab.report;

import dev.mutexlab.lab.Cli;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.results.ResultFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The report from small checked-in results, one of each schema: run, sweep, suite, fairness, apps. */
class ReportTest {
    @TempDir
    Path dir;

    static Path resource(String name) throws Exception {
        return Path.of(ReportTest.class.getResource("/results/" + name).toURI());
    }

    static List<ResultFiles.Loaded> files() throws Exception {
        return List.of(ResultFiles.load(resource("run-small.json")), ResultFiles.load(resource("sweep-small.json")),
                ResultFiles.load(resource("suite-small.json")), ResultFiles.load(resource("fairness-small.json")),
                ResultFiles.load(resource("apps-small.json")));
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
    void aRunWithInstrumentsShowsTheStallFloorAndTheRunQueueDelay() throws Exception {
        List<Chart> charts = ReportCharts.of(ResultFiles.load(resource("run-instruments.json")), 0);

        Chart waits = charts.stream().filter(c -> c.id().equals("f0-waits-platform-p2")).findFirst().orElseThrow();
        assertThat(waits.series().stream().filter(Chart.Series::dashed).map(Chart.Series::name))
                .containsExactly("(hiccup) 4 busy threads, no lock", "(hiccup) 2 busy threads, no lock");
        assertThat(waits.caption()).contains("stall floor");
        assertThat(charts.stream().map(Chart::id)).contains("f0-runqueue-platform-p2", "f0-runqueue-virtual-p2");
        Chart carriers = charts.stream().filter(c -> c.id().equals("f0-runqueue-virtual-p2")).findFirst().orElseThrow();
        assertThat(carriers.caption()).contains("carriers").endsWith(".");
        assertThat(carriers.pointCount()).isEqualTo(4);
    }

    @Test
    void aRunWithoutInstrumentsHasNoRunQueueChart() throws Exception {
        assertThat(ReportCharts.of(ResultFiles.load(resource("run-small.json")), 0).stream().map(Chart::id))
                .noneMatch(id -> id.contains("runqueue"));
    }

    @Test
    void thePageIsSelfContained() throws Exception {
        String html = HtmlReport.render(HtmlReport.sections(files()));
        assertThat(html).contains("Chart.js v4.5.1").contains("chartjs-chart-matrix")
                .doesNotContain("src=\"http").doesNotContain("<link").doesNotContain("sourceMappingURL");
        assertThat(html).contains("mutexlab.sweep/1").contains("mutexlab.run/1").contains("procs 4, 8 left out")
                .contains("mutexlab.suite/1").contains("mutexlab.fairness/1").contains("mutexlab.apps/1");
    }

    @Test
    void aHeatMapIsAsTallAsItsRowsNeed() throws Exception {
        assertThat(HtmlReport.heatHeightPx(1)).isLessThan(HtmlReport.heatHeightPx(3));
        assertThat(HtmlReport.heatHeightPx(40)).isEqualTo(520);
        String html = HtmlReport.render(HtmlReport.sections(files()));
        Chart heat = HtmlReport.sections(files()).stream().flatMap(s -> s.charts().stream())
                .filter(c -> c.kind() == Chart.Kind.HEAT).findFirst().orElseThrow();
        assertThat(html).contains("<div class=\"box\" style=\"height:" + HtmlReport.heatHeightPx(heat.rows().size())
                + "px\"><canvas id=\"" + heat.id() + "\"");
    }

    @Test
    void theCommandWritesThePageAndOnePngPerChart() throws Exception {
        Path html = dir.resolve("report.html");
        Path png = dir.resolve("png");
        Cli r = Cli.run("report", resource("run-small.json").toString(), resource("sweep-small.json").toString(),
                resource("suite-small.json").toString(), resource("fairness-small.json").toString(),
                resource("apps-small.json").toString(), "-o", html.toString(), "--png", png.toString());
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

    /** Opens the page in headless Chromium and checks that every chart drew its data, with no script error. */
    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void everyChartRendersInHeadlessChromium() throws Exception {
        Path html = dir.resolve("report.html");
        List<HtmlReport.Section> sections = HtmlReport.sections(files());
        HtmlReport.write(sections, html);
        String dom = HeadlessChromium.dumpDom(html, dir.resolve("profile"));
        HeadlessChromium.assertEveryChartDrew(dom);
        List<String> ids = sections.stream().flatMap(s -> s.charts().stream()).map(Chart::id).toList();
        assertThat(HeadlessChromium.pointsDrawn(dom)).containsOnlyKeys(ids);
    }

    /** The page's error hook is what makes "no script error" a check that can fail. */
    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void aScriptErrorIsRecordedOnThePage() throws Exception {
        Path html = dir.resolve("broken.html");
        Files.writeString(html, HtmlReport.render(HtmlReport.sections(files())).replace("Chart.register(marker",
                "noSuchFunction(); Chart.register(marker"));
        String dom = HeadlessChromium.dumpDom(html, dir.resolve("profile"));
        assertThat(HeadlessChromium.scriptErrors(dom)).contains("noSuchFunction");
        assertThat(HeadlessChromium.pointsDrawn(dom)).allSatisfy((id, points) -> assertThat(points).isEqualTo(-1));
    }
}
