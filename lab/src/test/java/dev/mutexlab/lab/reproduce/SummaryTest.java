package dev.mutexlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.results.Machine;
import dev.mutexlab.lab.stats.Bootstrap.Interval;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The page as a reader meets it: one line per source claim first, beside the static chart, the per-shape rows behind it. */
class SummaryTest {
    private static final Summary.Context CONTEXT = new Summary.Context("test", "now", new Machine("cpu", 2, "os", "jdk", "vm"),
            "go", Map.of());

    private static Finding row(String claim, String column, String shape, double median, String differs, Verdict verdict) {
        Interval i = new Interval(median, median * 0.95, median * 1.05, 12);
        return new Finding(claim, column, shape, Claims.CEILING_SOURCE, Claims.intervalText(i), i, "band", "12 batches", differs,
                verdict, "");
    }

    private static final List<Finding> FINDINGS = List.of(
            row("default-ceiling", "platform", "P=2 W=2", 0.88, "", Verdict.DOES_NOT_HOLD),
            row("default-ceiling", "platform", "P=2 W=4", 0.47, "W=4 on P=2: " + Summary.NOT_THE_SOURCES_SHAPE, Verdict.HOLDS),
            row("default-ceiling", "goroutines", "P=2 W=2", 0.82, "", Verdict.DOES_NOT_HOLD),
            Finding.none("sweep-108", "–", "–", Claims.SWEEP_108_SOURCE, "not measured by this plan: one hold time"));

    @Test
    void aClaimsLineReadsItsRowsAtTheSourcesShapeGoAndThePortsApart() {
        List<Summary.ClaimLine> lines = Summary.claimLines(FINDINGS);
        assertThat(lines).extracting(Summary.ClaimLine::claim).containsExactly("sweep-108", "default-ceiling"); // Claims.ALL's order
        Summary.ClaimLine ceiling = lines.get(1);
        assertThat(ceiling.source()).isEqualTo(Claims.CEILING_SOURCE.text());
        assertThat(ceiling.go()).startsWith("0.820 [").endsWith("goroutines: does not hold");
        assertThat(ceiling.ports()).as("the W = 4 row is not the source's shape").startsWith("0.880 [").doesNotContain("0.470");
        assertThat(ceiling.verdict()).isEqualTo("does not hold");
        assertThat(lines.get(0).go()).isEqualTo("–");
        assertThat(lines.get(0).ports()).isEqualTo("– (not measured by this plan: one hold time)");
        assertThat(lines.get(0).verdict()).isEqualTo("cannot tell here");
    }

    @Test
    void aClaimMeasuredOnlyAtOtherShapesSaysSoRatherThanReadThem() {
        List<Summary.ClaimLine> lines = Summary.claimLines(FINDINGS.subList(1, 2));
        assertThat(lines.get(0).ports()).isEqualTo("– (no row at the source's shape)");
        assertThat(lines.get(0).verdict()).isEqualTo("cannot tell here");
    }

    @Test
    void rowsThatDisagreeGiveAMixedVerdictWithTheirTally() {
        List<Finding> mixed = List.of(row("c", "platform", "a", 1, "", Verdict.HOLDS), row("c", "virtual", "a", 1, "", Verdict.DOES_NOT_HOLD),
                row("c", "virtual", "b", 1, "", Verdict.CANNOT_TELL));
        assertThat(Summary.verdict(mixed)).isEqualTo("mixed: 1 holds, 1 does not hold, 1 cannot tell here");
        assertThat(Summary.verdict(List.of(Finding.none("c", "–", "–", Claims.SWEEP_108_SOURCE, "needs ≥ 8 CPUs"), mixed.get(0))))
                .as("a row with no figure does not dilute the verdict").isEqualTo("holds");
        assertThat(Summary.verdict(mixed.subList(0, 1))).isEqualTo("holds");
        assertThat(Summary.verdict(List.of(mixed.get(0), mixed.get(2)))).isEqualTo("holds (1 of 2 rows; the rest cannot tell)");
    }

    @Test
    void summaryMdLeadsWithTheClaimsAndTheChartThenEveryRow() {
        String md = Summary.markdown(CONTEXT, FINDINGS, List.of());
        int claims = md.indexOf("## The claims, one line each");
        int chart = md.indexOf("](" + ClaimChart.SVG + ")");
        int lines = md.indexOf("| claim | the source's figure | Go's own mutex here | the ports here | verdict |");
        int every = md.indexOf("| claim | column | shape |");
        assertThat(claims).isPositive().isLessThan(chart);
        assertThat(chart).isLessThan(lines);
        assertThat(lines).isLessThan(every);
        assertThat(md).contains("| default-ceiling | " + Claims.CEILING_SOURCE.text() + " | 0.820 [");
    }

    @Test
    void thePageLeadsTheSameWayWithThePerShapeRowsBehindIt() {
        String html = Summary.html(CONTEXT, FINDINGS);
        int claims = html.indexOf("<table class=\"claims\">");
        int chart = html.indexOf("<img src=\"" + ClaimChart.SVG + "\"");
        int details = html.indexOf("<details>");
        int every = html.indexOf("<table class=\"verdicts\">");
        assertThat(claims).isPositive().isLessThan(chart);
        assertThat(chart).isLessThan(details);
        assertThat(details).isLessThan(every);
        assertThat(html).contains("Every row: one per claim, column and shape (4)");
    }
}
