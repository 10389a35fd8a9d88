package dev.mutexlab.lab.report;

import java.util.List;

/**
 * One chart of a report, independent of how it is drawn: {@link HtmlReport} hands it to Chart.js,
 * {@link PngCharts} to XChart.
 *
 * @param id         a file-name-safe identifier ({@code heat-platform-go-threshold-0})
 * @param kind       what is drawn
 * @param title      the chart's title
 * @param caption    one sentence saying what the chart shows
 * @param xLabel     x axis title
 * @param yLabel     y axis title
 * @param logX       logarithmic x axis ({@link Kind#XY} only)
 * @param logY       logarithmic y axis
 * @param categories x categories ({@link Kind#CATEGORY_LINE}, {@link Kind#BAR}) or heat-map columns
 * @param rows       heat-map rows (top to bottom); empty otherwise
 * @param series     the data: x/y points for {@link Kind#XY}, one value per category otherwise, and
 *                   for {@link Kind#HEAT} one series per row with one value per column (NaN: none)
 */
public record Chart(String id, Kind kind, String title, String caption, String xLabel, String yLabel, boolean logX,
                    boolean logY, List<String> categories, List<String> rows, List<Series> series) {

    /** What is drawn. */
    public enum Kind {
        /** Lines through numeric (x, y) points. */
        XY,
        /** Lines through one value per category. */
        CATEGORY_LINE,
        /** Grouped bars, one value per category. */
        BAR,
        /** A matrix of colored cells, one value per (row, column); values are ratios, 1 is neutral. */
        HEAT
    }

    /**
     * One data series.
     *
     * @param name   legend name
     * @param x      x values ({@link Kind#XY}); empty otherwise
     * @param y      y values
     * @param dashed whether to draw it dashed without markers (a reference line such as the ceiling)
     */
    public record Series(String name, List<Double> x, List<Double> y, boolean dashed) {
    }

    /** How many finite data values the chart has. */
    public int pointCount() {
        return (int) series.stream().flatMap(s -> s.y().stream()).filter(v -> v != null && Double.isFinite(v)).count();
    }
}
