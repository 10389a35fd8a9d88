package dev.mutexlab.lab.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.mutexlab.lab.results.AppsResult;
import dev.mutexlab.lab.results.FairnessResult;
import dev.mutexlab.lab.results.ResultFiles;
import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.results.RunResult;
import dev.mutexlab.lab.results.SuiteResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One self-contained HTML page for a set of result files: per file its command, machine and
 * configuration, then its charts (see {@link ReportCharts}), each with a one-sentence caption. The
 * page inlines Chart.js and chartjs-chart-matrix (vendored, MIT) and fetches nothing, so it works
 * offline. Each canvas gets {@code data-rendered="<points>"} once Chart.js has drawn it, the body
 * {@code data-charts-rendered="<n>"} counts them, and an uncaught script error is written to the
 * root element's {@code data-script-errors}: what the browser test reads. A heat map prints each
 * cell's ratio in the cell and is as tall as its rows need.
 */
public final class HtmlReport {
    private static final String VENDOR = "/dev/mutexlab/lab/report/vendor/";

    private HtmlReport() {
    }

    /** A report section: one result file and its charts. */
    public record Section(ResultFiles.Loaded file, List<Chart> charts) {
    }

    /** The sections for {@code files}, in order. */
    public static List<Section> sections(List<ResultFiles.Loaded> files) {
        List<Section> sections = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            sections.add(new Section(files.get(i), ReportCharts.of(files.get(i), i)));
        }
        return sections;
    }

    private static void shapeConfig(StringBuilder body, ResultFiles.Loaded f) {
        RunResult.Config c = f.config();
        row(body, "locks", String.join(", ", c.locks()) + " (ratios to " + c.locks().get(0) + ")");
        row(body, "threads", String.join(", ", c.threads()));
        row(body, "procs × workers", c.procs() + " × " + c.workers());
        row(body, "holds", c.holdNanos().stream().map(ReportCharts::micros).toList().toString());
        row(body, "outside work", c.outside());
        row(body, "measurement", c.runs() + " batches × " + ReportCharts.micros(c.durationNanos()) + " after "
                + ReportCharts.micros(c.warmupNanos()) + " warm-up, locks in rotated order");
        if (f.isSweep()) {
            row(body, "clipped", f.sweep().clipped().isEmpty() ? "nothing" : f.sweep().clipped());
            row(body, "sessions", String.valueOf(f.sweep().sessions()));
        }
    }

    /**
     * A section for a file that is not a lab result (a JMH result): a title, rows of key and value,
     * and charts.
     */
    public record OtherSection(String title, String kind, Map<String, String> rows, List<Chart> charts) {
    }

    /**
     * What a page shows above the sections ({@code mutexlab reproduce}'s verdicts): the page's
     * heading, the intro's title, an HTML fragment and charts.
     */
    public record Intro(String heading, String title, String html, List<Chart> charts) {
        /** No intro: the page is headed "mutexlab report". */
        public static final Intro NONE = new Intro("mutexlab report", "", "", List.of());
    }

    /** Writes the page atomically. */
    public static void write(List<Section> sections, Path html) {
        write(sections, List.of(), html);
    }

    /** Writes the page with lab sections first, then the others, atomically. */
    public static void write(List<Section> sections, List<OtherSection> others, Path html) {
        write(Intro.NONE, sections, others, html);
    }

    /** Writes the page with the intro, lab sections, then the others, atomically. */
    public static void write(Intro intro, List<Section> sections, List<OtherSection> others, Path html) {
        ResultIO.writeAtomically(html, render(intro, sections, others));
    }

    /** The page as text. */
    public static String render(List<Section> sections) {
        return render(sections, List.of());
    }

    /** The page as text, lab sections first, then the others. */
    public static String render(List<Section> sections, List<OtherSection> others) {
        return render(Intro.NONE, sections, others);
    }

    /** The page as text: the intro, lab sections, then the others. */
    public static String render(Intro intro, List<Section> sections, List<OtherSection> others) {
        StringBuilder body = new StringBuilder();
        List<Chart> all = new ArrayList<>();
        if (intro != Intro.NONE) {
            body.append("<section>\n<h2>").append(esc(intro.title())).append("</h2>\n").append(intro.html());
            figures(body, intro.charts(), all);
        }
        for (Section s : sections) {
            ResultFiles.Loaded f = s.file();
            body.append("<section>\n<h2>").append(esc(f.file().getFileName().toString())).append(" <small>(")
                    .append(esc(f.schema())).append(")</small></h2>\n<table class=\"config\">\n");
            row(body, "command", f.command());
            row(body, "created", f.createdAt());
            row(body, "machine", f.machine().cpuModel() + ", " + f.machine().cpus() + " CPUs, " + f.machine().os());
            row(body, "JDK", f.machine().jdk() + " (" + f.machine().vm() + ")");
            if (f.hasShapes()) {
                shapeConfig(body, f);
            } else if (f.suite() != null) {
                SuiteResult.Config c = f.suite().config();
                row(body, "locks", String.join(", ", c.locks()) + " (compared with " + c.locks().get(0) + ")");
                row(body, "threads × procs", c.threads() + " × " + c.procs());
                row(body, "benchmarks", String.join(", ", c.benchmarks()));
                row(body, "measurement", c.count() + " runs of each, -benchtime " + c.benchtime() + ", locks in rotated order");
            } else if (f.apps() != null) {
                AppsResult.Config c = f.apps().config();
                row(body, "locks", String.join(", ", c.locks()) + " (ratios to " + c.locks().get(0) + ")");
                row(body, "threads × procs", c.threads() + " × " + c.procs());
                row(body, "workloads", String.join(", ", c.workloads()) + "; " + c.workers() + " threads each, "
                        + c.keys() + " keys, Zipf s=" + c.skew() + ", outside " + ReportCharts.micros(c.outsideNanos()));
                row(body, "measurement", c.runs() + " batches × " + ReportCharts.micros(c.durationNanos())
                        + " (warm-up " + ReportCharts.micros(c.warmupNanos()) + "), locks in rotated order");
            } else {
                FairnessResult.Config c = f.fairness().config();
                row(body, "locks", String.join(", ", c.locks()));
                row(body, "threads × procs", c.threads() + " × " + c.procs());
                row(body, "tasks", c.tasks() + ", hold " + ReportCharts.micros(c.holdNanos()) + ", outside "
                        + ReportCharts.micros(c.outsideNanos()));
                row(body, "measurement", c.runs() + " runs × " + ReportCharts.micros(c.durationNanos()) + ", locks in rotated order");
            }
            body.append("</table>\n");
            figures(body, s.charts(), all);
        }
        for (OtherSection s : others) {
            body.append("<section>\n<h2>").append(esc(s.title())).append(" <small>(").append(esc(s.kind()))
                    .append(")</small></h2>\n<table class=\"config\">\n");
            s.rows().forEach((k, v) -> row(body, k, v));
            body.append("</table>\n");
            figures(body, s.charts(), all);
        }
        String charts;
        try {
            charts = ResultIO.json().writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(all)
                    .replace("</", "<\\/");
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        return """
                <!DOCTYPE html>
                <html lang="en"><head><meta charset="utf-8"><title>""" + esc(intro.heading()) + """
                </title>
                <style>
                body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#222}
                table.config{border-collapse:collapse;font-size:90%}table.config td{padding:2px 8px;vertical-align:top}
                table.config td:first-child{color:#666}
                figure{margin:1.5em 0}.box{position:relative;height:360px}
                figcaption{font-size:90%;color:#444;margin-top:.4em}
                table.verdicts{border-collapse:collapse;font-size:90%}table.verdicts td,table.verdicts th{border:1px solid #ddd;padding:3px 6px;text-align:left}
                tr.holds td:nth-child(5){color:#2ca02c}tr.holds-in-direction td:nth-child(5){color:#8c6d00}
                tr.does-not-hold td:nth-child(5){color:#d62728}tr.cannot-tell td:nth-child(5){color:#777}
                </style>
                <script>""" + ERRORS + "</script>\n<script>" + vendor("chart.umd.min.js") + "</script>\n<script>" + vendor("chartjs-chart-matrix.min.js")
                + "</script>\n</head><body>\n<h1>" + esc(intro.heading()) + "</h1>\n" + body
                + "<script>\nconst CHARTS = " + charts + ";\n" + SCRIPT + "</script>\n</body></html>\n";
    }

    /** Registered before any other script: every uncaught error is appended to {@code <html data-script-errors>}. */
    private static final String ERRORS = "window.addEventListener('error', e => { const d = document.documentElement.dataset;"
            + " d.scriptErrors = (d.scriptErrors ? d.scriptErrors + ' | ' : '') + e.message; });";

    private static final String SCRIPT = """
            const COLORS = ['#1f77b4','#d62728','#2ca02c','#ff7f0e','#9467bd','#8c564b','#e377c2','#7f7f7f'];
            function num(v) { return v === null || v === undefined || !isFinite(v) ? null : v; }
            function heatColor(v) {
              if (v === null) return '#eee';
              const t = Math.max(-1, Math.min(1, Math.log2(v)));  // 0.5x .. 2x
              const a = Math.abs(t);
              return t >= 0 ? `rgba(214,39,40,${0.1 + 0.9 * a})` : `rgba(31,119,180,${0.1 + 0.9 * a})`;
            }
            let rendered = 0;
            const marker = { id: 'rendered', afterRender(chart) {
              if (chart.canvas.dataset.rendered) return;
              let n = 0;
              for (const ds of chart.data.datasets) for (const p of ds.data) {
                const v = p === null ? null : (typeof p === 'object' ? (p.v !== undefined ? p.v : p.y) : p);
                if (v !== null && isFinite(v)) n++;
              }
              chart.canvas.dataset.rendered = n;
              rendered++;
              document.body.dataset.chartsRendered = rendered;
            } };
            function config(c) {
              const title = { display: true, text: c.title };
              const axis = (text, log) => ({ type: log ? 'logarithmic' : 'linear', title: { display: true, text } });
              if (c.kind === 'XY') {
                return { type: 'line', data: { datasets: c.series.map((s, i) => ({
                    label: s.name, data: s.x.map((x, j) => ({ x, y: num(s.y[j]) })),
                    borderColor: s.dashed ? '#888' : COLORS[i % COLORS.length], backgroundColor: s.dashed ? '#888' : COLORS[i % COLORS.length],
                    borderDash: s.dashed ? [6, 4] : [], pointRadius: s.dashed ? (s.x.length > 1 ? 0 : 12) : 3,
                    pointStyle: s.dashed ? 'line' : 'circle', clip: s.dashed ? false : undefined })) },
                  options: { animation: false, maintainAspectRatio: false, plugins: { title },
                    scales: { x: axis(c.xLabel, c.logX), y: axis(c.yLabel, c.logY) } } };
              }
              if (c.kind === 'CATEGORY_LINE' || c.kind === 'BAR') {
                return { type: c.kind === 'BAR' ? 'bar' : 'line', data: { labels: c.categories, datasets: c.series.map((s, i) => ({
                    label: s.name, data: s.y.map(num), borderColor: COLORS[i % COLORS.length],
                    backgroundColor: COLORS[i % COLORS.length], pointRadius: 3 })) },
                  options: { animation: false, maintainAspectRatio: false, plugins: { title },
                    scales: { x: { title: { display: true, text: c.xLabel } }, y: axis(c.yLabel, c.logY) } } };
              }
              const data = [];
              c.series.forEach((s, r) => s.y.forEach((v, col) => data.push({ x: c.categories[col], y: c.rows[r], v: num(v) })));
              return { type: 'matrix', data: { datasets: [{ label: c.title, data,
                  backgroundColor: ctx => heatColor(ctx.raw ? ctx.raw.v : null), borderColor: '#fff', borderWidth: 1,
                  width: ({ chart }) => (chart.chartArea || {}).width / c.categories.length - 1,
                  height: ({ chart }) => (chart.chartArea || {}).height / c.rows.length - 1 }] },
                options: { animation: false, maintainAspectRatio: false,
                  plugins: { title, legend: { display: false }, tooltip: { callbacks: {
                    title: items => items[0].raw.y + ', ' + items[0].raw.x,
                    label: item => item.raw.v === null ? 'not measured' : 'ratio ' + item.raw.v.toFixed(2) } } },
                  scales: { x: { type: 'category', labels: c.categories, offset: true, grid: { display: false },
                                 title: { display: true, text: c.xLabel } },
                            y: { type: 'category', labels: c.rows, offset: true, grid: { display: false },
                                 title: { display: true, text: c.yLabel } } } } };
            }
            const cellLabels = { id: 'cellLabels', afterDatasetsDraw(chart) {
              if (chart.config.type !== 'matrix') return;
              const ctx = chart.ctx;
              ctx.save();
              ctx.font = '12px system-ui, sans-serif';
              ctx.textAlign = 'center';
              ctx.textBaseline = 'middle';
              const cells = chart.data.datasets[0].data;
              chart.getDatasetMeta(0).data.forEach((el, i) => {
                const v = cells[i].v;
                if (v === null) return;
                const p = el.getCenterPoint();
                ctx.fillStyle = Math.abs(Math.log2(v)) > 0.5 ? '#fff' : '#222';
                ctx.fillText(v.toFixed(2) + '\u00d7', p.x, p.y);
              });
              ctx.restore();
            } };
            Chart.register(marker, cellLabels);
            for (const c of CHARTS) new Chart(document.getElementById(c.id), config(c));
            """;

    /** The section's charts as figures, and the end of the section; adds them to {@code all}. */
    private static void figures(StringBuilder body, List<Chart> charts, List<Chart> all) {
        for (Chart chart : charts) {
            body.append("<figure><div class=\"box\"").append(chart.kind() == Chart.Kind.HEAT
                            ? " style=\"height:" + heatHeightPx(chart.rows().size()) + "px\"" : "")
                    .append("><canvas id=\"").append(esc(chart.id())).append("\" data-points=\"")
                    .append(chart.pointCount()).append("\"></canvas></div><figcaption>").append(esc(chart.caption()))
                    .append("</figcaption></figure>\n");
            all.add(chart);
        }
        body.append("</section>\n");
    }

    /** A heat map's height: room for its title and axes, and 60 px a row up to 520 px in all. */
    static int heatHeightPx(int rows) {
        return Math.min(520, 130 + 60 * Math.max(1, rows));
    }

    /** Appends a two-cell table row, escaped. */
    public static void row(StringBuilder sb, String key, String value) {
        sb.append("<tr><td>").append(esc(key)).append("</td><td>").append(esc(value)).append("</td></tr>\n");
    }

    /** {@code s} escaped for HTML text and attribute values. */
    public static String esc(String s) {
        return s == null ? "" : s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static String vendor(String name) {
        try (InputStream in = HtmlReport.class.getResourceAsStream(VENDOR + name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + VENDOR + name);
            }
            String js = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return js.replaceAll("//# sourceMappingURL=\\S+\\s*$", "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
