package dev.mutexlab.lab.report;

import java.awt.Color;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.HeatMapChart;
import org.knowm.xchart.HeatMapChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Writes each {@link dev.mutexlab.lab.report.Chart} as a PNG (XChart, headless), for READMEs: the
 * same data and titles as the HTML page, with the caption as the file's companion text in the report.
 */
public final class PngCharts {
    private static final int WIDTH = 1000;
    private static final int HEIGHT = 560;

    private PngCharts() {
    }

    /** Writes {@code <dir>/<chart id>.png} for every chart; returns the files. */
    public static List<Path> write(List<dev.mutexlab.lab.report.Chart> charts, Path dir) {
        System.setProperty("java.awt.headless", "true");
        List<Path> files = new ArrayList<>();
        try {
            Files.createDirectories(dir);
            for (dev.mutexlab.lab.report.Chart c : charts) {
                Chart<?, ?> chart = switch (c.kind()) {
                    case XY -> xy(c);
                    case CATEGORY_LINE, BAR -> category(c);
                    case HEAT -> heat(c);
                };
                Path file = dir.resolve(c.id() + ".png");
                Path tmp = Files.createTempFile(dir, "." + c.id(), ".png");
                BitmapEncoder.saveBitmap(chart, tmp.toString(), BitmapEncoder.BitmapFormat.PNG);
                Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                files.add(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write charts to " + dir, e);
        }
        return files;
    }

    private static XYChart xy(dev.mutexlab.lab.report.Chart c) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(c.title()).xAxisTitle(c.xLabel())
                .yAxisTitle(c.yLabel()).build();
        chart.getStyler().setXAxisLogarithmic(c.logX()).setYAxisLogarithmic(c.logY());
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNE);
        for (var s : c.series()) {
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (int i = 0; i < s.x().size(); i++) {
                Double v = s.y().get(i);
                if (v != null && Double.isFinite(v) && (!c.logY() || v > 0)) {
                    x.add(s.x().get(i));
                    y.add(v);
                }
            }
            if (x.isEmpty()) {
                continue;
            }
            XYSeries series = chart.addSeries(s.name(), x, y);
            if (s.dashed()) {
                series.setLineStyle(SeriesLines.DASH_DASH);
                series.setMarker(SeriesMarkers.NONE);
                series.setLineColor(Color.GRAY);
            }
        }
        return chart;
    }

    private static CategoryChart category(dev.mutexlab.lab.report.Chart c) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(c.title()).xAxisTitle(c.xLabel())
                .yAxisTitle(c.yLabel()).build();
        chart.getStyler().setYAxisLogarithmic(c.logY());
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        if (c.kind() == dev.mutexlab.lab.report.Chart.Kind.CATEGORY_LINE) {
            chart.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
        }
        if (c.categories().size() > 16) {
            chart.getStyler().setXAxisLabelRotation(90);
        }
        for (var s : c.series()) {
            List<Double> y = new ArrayList<>();
            for (Double v : s.y()) {
                y.add(v != null && Double.isFinite(v) && (!c.logY() || v > 0) ? v : c.logY() ? 1e-3 : 0.0);
            }
            chart.addSeries(s.name(), c.categories(), y);
        }
        return chart;
    }

    private static HeatMapChart heat(dev.mutexlab.lab.report.Chart c) {
        HeatMapChart chart = new HeatMapChartBuilder().width(WIDTH).height(HEIGHT + 140).title(c.title())
                .xAxisTitle(c.xLabel()).yAxisTitle(c.yLabel()).build();
        chart.getStyler().setShowValue(true);
        chart.getStyler().setHeatMapValueDecimalPattern("0.00");
        chart.getStyler().setRangeColors(new Color[] {new Color(31, 119, 180), Color.WHITE, new Color(214, 39, 40)});
        double spread = 0.05; // colors run linearly from 1 - spread (blue) through 1 (white) to 1 + spread (red)
        for (var series : c.series()) {
            for (Double v : series.y()) {
                if (v != null && Double.isFinite(v)) {
                    spread = Math.max(spread, Math.min(1.0, Math.abs(v - 1)));
                }
            }
        }
        spread = Math.ceil(spread * 100) / 100; // the legend prints min and max in full: keep them short
        chart.getStyler().setMin(Math.round((1 - spread) * 100) / 100.0);
        chart.getStyler().setMax(Math.round((1 + spread) * 100) / 100.0);
        chart.getStyler().setXAxisLabelRotation(45);
        List<String> rows = new ArrayList<>(c.rows());
        java.util.Collections.reverse(rows); // XChart puts the first y value at the bottom
        List<Number[]> cells = new ArrayList<>();
        for (int r = 0; r < c.series().size(); r++) {
            List<Double> values = c.series().get(r).y();
            for (int col = 0; col < values.size(); col++) {
                Double v = values.get(col);
                if (v != null && Double.isFinite(v)) {
                    cells.add(new Number[] {col, c.rows().size() - 1 - r, v});
                }
            }
        }
        chart.addSeries("ratio", c.categories(), rows, cells);
        return chart;
    }
}
