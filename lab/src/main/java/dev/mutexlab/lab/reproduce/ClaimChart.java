package dev.mutexlab.lab.reproduce;

import dev.mutexlab.lab.report.Chart;
import java.util.ArrayList;
import java.util.List;

/**
 * The findings as one chart for the page: per claim and column, this machine's figure beside the
 * source's (its low and high end; a direction-only claim has none), on a logarithmic axis so that
 * 0.5× and 2× sit equally far from 1.
 */
public final class ClaimChart {
    private ClaimChart() {
    }

    /** The chart, or none when no finding has a figure. */
    public static List<Chart> of(List<Finding> findings) {
        List<String> categories = new ArrayList<>();
        List<Double> here = new ArrayList<>();
        List<Double> low = new ArrayList<>();
        List<Double> high = new ArrayList<>();
        for (Finding f : findings) {
            if (Double.isNaN(f.value()) || f.value() <= 0) {
                continue;
            }
            categories.add(f.claim() + " · " + f.column());
            here.add(f.value());
            low.add(f.source().low());
            high.add(Double.isInfinite(f.source().high()) ? Double.NaN : f.source().high());
        }
        if (categories.isEmpty()) {
            return List.of();
        }
        return List.of(new Chart("claims", Chart.Kind.BAR, "This machine against the source, per claim and column",
                "Each claim's figure here beside the source's (low and high end of what it reported; for lineup the target);"
                        + " the verdicts are in the table above.", "claim · column", "ratio (log scale)", false, true,
                categories, List.of(), List.of(new Chart.Series("this machine", List.of(), here, false),
                        new Chart.Series("source (low)", List.of(), low, false),
                        new Chart.Series("source (high)", List.of(), high, false))));
    }
}
