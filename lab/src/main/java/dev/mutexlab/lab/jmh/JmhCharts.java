package dev.mutexlab.lab.jmh;

import dev.mutexlab.lab.report.Chart;
import dev.mutexlab.lab.report.HtmlReport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a JMH result into bar charts: one per benchmark class and setting of the parameters other
 * than {@code spec} (e.g. {@code Contended} at {@code holdTokens=10}), with one bar group per lock
 * spec and one series per benchmark method. Methods without a spec (the baselines:
 * {@code synchronizedBlock}, {@code casFloor}) get a category of their own, named after the method.
 */
public final class JmhCharts {
    private JmhCharts() {
    }

    /** One report section per JMH file, numbered on from {@code firstIndex} (chart ids stay unique). */
    public static List<HtmlReport.OtherSection> sections(List<Path> files, int firstIndex) {
        List<HtmlReport.OtherSection> sections = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            Path f = files.get(i);
            List<JmhResult> results = JmhResult.read(f);
            Map<String, String> rows = new LinkedHashMap<>(JmhResult.header(f));
            rows.put("benchmarks", results.size() + " scores");
            sections.add(new HtmlReport.OtherSection(f.getFileName().toString(), "JMH", rows, of(results, firstIndex + i)));
        }
        return sections;
    }

    public static List<Chart> of(List<JmhResult> results, int fileIndex) {
        Map<String, List<JmhResult>> byChart = new LinkedHashMap<>();
        for (JmhResult r : results) {
            byChart.computeIfAbsent(chartKey(r), k -> new ArrayList<>()).add(r);
        }
        List<Chart> charts = new ArrayList<>();
        int n = 0;
        for (var e : byChart.entrySet()) {
            charts.add(chart(e.getKey(), e.getValue(), "f" + fileIndex + "-jmh-" + n++));
        }
        return charts;
    }

    private static String chartKey(JmhResult r) {
        StringBuilder sb = new StringBuilder(r.className());
        r.params().forEach((k, v) -> {
            if (!k.equals("spec")) {
                sb.append(' ').append(k).append('=').append(v);
            }
        });
        return sb.append(" (").append(r.unit()).append(')').toString();
    }

    private static Chart chart(String title, List<JmhResult> results, String id) {
        List<String> categories = new ArrayList<>();
        List<String> methods = new ArrayList<>();
        for (JmhResult r : results) {
            String category = category(r);
            if (!categories.contains(category)) {
                categories.add(category);
            }
            String series = series(r);
            if (!methods.contains(series)) {
                methods.add(series);
            }
        }
        List<Chart.Series> series = new ArrayList<>();
        for (String m : methods) {
            List<Double> y = new ArrayList<>();
            for (String c : categories) {
                y.add(results.stream().filter(r -> series(r).equals(m) && category(r).equals(c))
                        .mapToDouble(JmhResult::score).findFirst().orElse(Double.NaN));
            }
            series.add(new Chart.Series(m, List.of(), y, false));
        }
        JmhResult first = results.get(0);
        String better = first.mode().equals("thrpt") ? "higher is better" : "lower is better";
        return new Chart(id, Chart.Kind.BAR, title, "JMH " + first.mode() + " score per lock spec, " + first.unit() + " ("
                + better + "); baselines without a spec are bars of their own. Error bars are in the JSON (scoreError).",
                "lock spec", first.unit(), false, false, categories, List.of(), series);
    }

    private static String category(JmhResult r) {
        return r.spec() != null ? r.spec() : r.method();
    }

    private static String series(JmhResult r) {
        return r.spec() != null ? r.method() : "baseline";
    }
}
