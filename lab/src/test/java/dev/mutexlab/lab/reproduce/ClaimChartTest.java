package dev.mutexlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.stats.Bootstrap.Interval;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The static chart draws every row with an interval, in its verdict's colour, and leaves out rows without one. */
class ClaimChartTest {
    private static Finding row(String claim, Verdict verdict, double low, double high) {
        return new Finding(claim, "platform", "P=2", SourceFigure.range(1.11, 2.04, "src"), "here",
                new Interval((low + high) / 2, low, high, 12), "band", "12 batches", "", verdict, "");
    }

    @Test
    void everyRowWithAnIntervalIsDrawnInItsVerdictsColour() {
        String svg = ClaimChart.svg(List.of(row("a", Verdict.HOLDS, 1.2, 1.5), row("b", Verdict.DOES_NOT_HOLD, 0.5, 0.7),
                Finding.none("c", "–", "–", SourceFigure.of(2, "src"), "needs ≥ 8 CPUs")));
        assertThat(svg).startsWith("<svg").endsWith("</svg>\n");
        assertThat(svg.split("<circle", -1)).hasSize(3);
        assertThat(svg).contains("#2a7d2a").contains("#b02a2a").contains("a · platform · P=2").doesNotContain("c · –");
    }

    @Test
    void stealShareIsTheStealJiffiesOverTheTotal() {
        assertThat(Host.stealShare(new long[] {1000, 10}, new long[] {2000, 60})).isEqualTo("5.0% of CPU time during the run");
        assertThat(Host.stealShare(new long[] {1000, 10}, new long[] {1000, 10})).isEqualTo("not readable");
    }
}
