package dev.mutexlab.lab.reproduce;

import static dev.mutexlab.lab.report.HtmlReport.esc;

import dev.mutexlab.lab.report.Chart;
import dev.mutexlab.lab.results.ResultIO;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The findings as charts for the page: per row, this machine's median and interval beside the
 * source's range as the verdict reads it ({@link Verdicts#range}: an effect widened by the
 * tolerance, a level or one-sided figure as given), on a logarithmic axis so that 0.5× and 2× sit
 * equally far from 1. The interactive chart ({@link #of}) shows the medians and that range; the
 * static one ({@link #writeSvg}, {@value #SVG}, shown on the page without JavaScript) draws every
 * row's interval, that range and the verdict's colour.
 */
public final class ClaimChart {
    /** The static chart's file in the results folder. */
    public static final String SVG = "claims.svg";
    private static final int ROW_PX = 16;
    private static final int LABEL_PX = 420;
    private static final int PLOT_PX = 520;
    /** Rows whose source figure lies wholly below this are left off the static chart (they are in the table). */
    private static final double SMALLEST_PLOTTED = 0.1;

    private ClaimChart() {
    }

    /** The chart, or none when no finding has a figure. */
    public static List<Chart> of(List<Finding> findings) {
        List<String> categories = new ArrayList<>();
        List<Double> here = new ArrayList<>();
        List<Double> low = new ArrayList<>();
        List<Double> high = new ArrayList<>();
        for (Finding f : plotted(findings)) {
            categories.add(label(f));
            here.add(f.value());
            double[] range = Verdicts.range(f.source());
            low.add(range[0]);
            high.add(Double.isInfinite(range[1]) ? Double.NaN : range[1]);
        }
        if (categories.isEmpty()) {
            return List.of();
        }
        return List.of(new Chart("claims", Chart.Kind.BAR, "This machine against the source, per claim, column and shape",
                "Each row's median here beside the source's range: an effect widened by the tolerance (low ÷ " + Verdicts.TOLERANCE
                        + ", high × " + Verdicts.TOLERANCE + "), a level or one-sided figure as the source gave it; the intervals and verdicts are in the table and in " + SVG + ".",
                "claim · column · shape", "ratio (log scale)", false, true, categories, List.of(),
                List.of(new Chart.Series("this machine (median)", List.of(), here, false),
                        new Chart.Series("source range (low)", List.of(), low, false),
                        new Chart.Series("source range (high)", List.of(), high, false))));
    }

    /** Writes the static chart: one line per row with a figure. */
    public static void writeSvg(List<Finding> findings, Path file) {
        ResultIO.writeAtomically(file, svg(findings));
    }

    /** The static chart as SVG text. */
    static String svg(List<Finding> findings) {
        List<Finding> rows = plotted(findings);
        double min = 1;
        double max = 1;
        for (Finding f : rows) {
            double[] range = Verdicts.range(f.source());
            min = Math.min(min, Math.min(f.interval().low(), range[0]));
            max = Math.max(max, Math.max(f.interval().high(), Double.isInfinite(range[1]) ? 0 : range[1]));
        }
        double lo = Math.log10(Math.max(min / 1.2, 0.05));
        double hi = Math.log10(Math.min(max * 1.2, 1e4));
        int width = LABEL_PX + PLOT_PX + 20;
        int height = (rows.size() + 2) * ROW_PX + 10;
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" "
                + "font-size=\"11\">%n", width, height));
        sb.append("<title>Verdicts: interval here (line and dot) against the source's range (grey)</title>\n");
        double one = x(1, lo, hi);
        sb.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"0\" x2=\"%.1f\" y2=\"%d\" stroke=\"#888\" stroke-dasharray=\"3,3\"/>%n",
                one, one, height));
        for (int i = 0; i < rows.size(); i++) {
            Finding f = rows.get(i);
            double y = (i + 1) * ROW_PX;
            sb.append(String.format(Locale.ROOT, "<text x=\"4\" y=\"%.1f\">%s</text>%n", y + 4, esc(label(f))));
            double[] range = Verdicts.range(f.source());
            double from = x(range[0], lo, hi);
            double to = Double.isInfinite(range[1]) ? LABEL_PX + PLOT_PX : x(range[1], lo, hi);
            sb.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"10\" fill=\"#ddd\"/>%n",
                    from, y - 5, Math.max(1, to - from)));
            String colour = colour(f.verdict());
            sb.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"/>%n",
                    x(f.interval().low(), lo, hi), y, x(f.interval().high(), lo, hi), y, colour));
            sb.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"><title>%s</title></circle>%n",
                    x(f.value(), lo, hi), y, colour, esc(f.verdictText() + ": " + f.here())));
        }
        double y = (rows.size() + 1) * ROW_PX + 6;
        for (double tick = Math.pow(10, Math.ceil(lo)); tick <= Math.pow(10, hi); tick *= 10) {
            sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s×</text>%n", x(tick, lo, hi), y,
                    Claims.number(tick)));
        }
        sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\">green holds · blue holds in direction · red does not hold · grey cannot tell</text>%n",
                4, y));
        return sb.append("</svg>\n").toString();
    }

    private static List<Finding> plotted(List<Finding> findings) {
        // A share far below 1 (the starvation share, a few percent) would squeeze every ratio into a sliver of the axis.
        return findings.stream().filter(f -> !f.interval().isEmpty() && f.value() > 0 && f.interval().low() > 0
                && f.source().high() >= SMALLEST_PLOTTED
                && Double.isFinite(f.interval().high())).toList();
    }

    private static String label(Finding f) {
        return f.claim() + " · " + f.column() + (f.shape().equals("–") ? "" : " · " + f.shape());
    }

    private static double x(double value, double lo, double hi) {
        double v = Math.log10(Math.max(value, 1e-6));
        return LABEL_PX + PLOT_PX * Math.max(0, Math.min(1, (v - lo) / (hi - lo)));
    }

    private static String colour(Verdict v) {
        return switch (v) {
            case HOLDS -> "#2a7d2a";
            case HOLDS_IN_DIRECTION -> "#2a5aa8";
            case DOES_NOT_HOLD -> "#b02a2a";
            case CANNOT_TELL -> "#888";
        };
    }
}
