package dev.mutexlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.report.HeadlessChromium;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The verdict page of {@code mutexlab reproduce}, made from the result files of the committed
 * reproduction ({@code docs/reproduce-2cpu}: the quick plan on 2 CPUs, with Go's columns where
 * that run had Go) and opened in headless Chromium: the verdict table is there with a row per
 * finding, the claim chart and every chart of the result files drew their data, and no script
 * failed.
 */
class ReproducePageTest {
    /** The committed reproduction, from the lab module's folder (where Maven runs the tests). */
    private static final Path COMMITTED = Path.of("..", "docs", "reproduce-2cpu");

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void verdictTableClaimChartAndEveryChartRender(@TempDir Path dir) throws Exception {
        List<Experiment> plan = Plan.of(2, true, Plan.Timing.QUICK, true);
        Path out = dir.resolve("reproduce");
        Files.createDirectories(out);
        for (Experiment e : plan) { // an experiment added since the committed run was made is left out, as on resuming
            Path committed = COMMITTED.resolve(e.file());
            if (Files.isRegularFile(committed)) {
                Files.copy(committed, out.resolve(e.file()));
            }
        }
        assertThat(out.resolve(Plan.SWEEP + ".json")).isRegularFile();
        List<Finding> findings = new Reproduction(out, plan, Optional.empty(), "test",
                new PrintWriter(Writer.nullWriter())).writeFindings();

        String dom = HeadlessChromium.dumpDom(out.resolve("index.html"), dir.resolve("profile"));

        int verdicts = dom.indexOf("<table class=\"verdicts\">");
        assertThat(verdicts).as("the verdict table").isNotNegative();
        String table = dom.substring(verdicts, dom.indexOf("</table>", verdicts));
        assertThat(Pattern.compile("<tr class=").matcher(table).results().count()).isEqualTo(findings.size());
        assertThat(findings).extracting(Finding::verdict).contains(Verdict.HOLDS, Verdict.DOES_NOT_HOLD);
        assertThat(HeadlessChromium.pointsDrawn(dom)).containsKey("claims");
        assertThat(HeadlessChromium.pointsDrawn(dom).get("claims")).isEqualTo(ClaimChart.of(findings).get(0).pointCount());
        HeadlessChromium.assertEveryChartDrew(dom);
    }
}
