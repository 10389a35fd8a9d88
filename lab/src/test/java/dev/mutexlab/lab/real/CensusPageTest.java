package dev.mutexlab.lab.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.Cli;
import dev.mutexlab.lab.report.HeadlessChromium;
import dev.mutexlab.lab.results.RealResult;
import dev.mutexlab.lab.results.ResultIO;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code census --html}: the page's tables and charts, self-contained, rendered in headless Chromium. */
class CensusPageTest {
    private static final long SECOND = 1_000_000_000L;

    @TempDir
    Path dir;

    static RealResult result() {
        return LitlTableTest.fiveLocks().cell("platform", 2, 8, "queue", 6, 100, 90, 80, 70, 50)
                .profile("platform", 2, 8, "caffeine", SECOND,
                        RealFixture.site("new", "com.github.benmanes.caffeine.cache.BoundedLocalCache", 120, 10_000, 4_000,
                                2, 1, 10_000, 0.4 * SECOND))
                .profile("platform", 2, 8, "queue", SECOND,
                        RealFixture.site("monitor", "java.util.Queue", 5, 10_000, 100, 8, 2, 200, 0.02 * SECOND))
                .build();
    }

    private static Map<String, RealResult> files() {
        Map<String, RealResult> files = new LinkedHashMap<>();
        files.put("a.json", result());
        return files;
    }

    @Test
    void thePageHasTheTableTheAnswerAndEachProgramsRowAndFetchesNothing() {
        String html = CensusPage.render(files());

        assertThat(html).contains("<table class=\"verdicts\" id=\"litl\">").contains("<td>kernel</td>")
                .contains("id=\"answer\"").contains("<b>1 of 2</b> surely").contains("<td>caffeine</td>")
                .contains("<td>queue</td>").contains("census-holds").contains("census-litl");
        assertThat(html).doesNotContain("src=\"http").doesNotContain("<link");
    }

    @Test
    void theCommandWritesThePageAtomicallyBesideTheTables() throws Exception {
        Path a = dir.resolve("a.json");
        ResultIO.writeJson(a, result());
        Path page = dir.resolve("census.html");

        Cli r = Cli.run("census", a.toString(), "--html", page.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("LiTL table").contains("Site census").contains("Page: " + page);
        assertThat(Files.readString(page)).contains("id=\"litl\"");
        try (var left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("a.json", "census.html");
        }
    }

    /** Opens the page in headless Chromium: every chart drew its data, with no script error. */
    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void everyChartRendersInHeadlessChromium() throws Exception {
        Path html = dir.resolve("census.html");
        CensusPage.write(files(), html);
        String dom = HeadlessChromium.dumpDom(html, dir.resolve("profile"));

        HeadlessChromium.assertEveryChartDrew(dom);
        assertThat(HeadlessChromium.pointsDrawn(dom)).containsOnlyKeys("census-holds", "census-litl");
    }
}
