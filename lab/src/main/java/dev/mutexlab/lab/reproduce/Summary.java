package dev.mutexlab.lab.reproduce;

import static dev.mutexlab.lab.report.HtmlReport.esc;
import static dev.mutexlab.lab.report.HtmlReport.row;

import dev.mutexlab.lab.results.Machine;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The findings as text: {@code summary.md} (Markdown) and the verdict tables at the top of
 * {@code index.html}, in the same order. Both say where and how the run was made (machine, JDK, Go
 * beside the sources', commit, one time), then one line per source claim — the source's figure, Go's
 * own mutex here, the ports here, the verdict — beside {@code claims.svg}; then, behind it, every
 * row — claim, column, shape — with the source's figure, this machine's median, interval and n, the
 * no-effect band, how it was measured, how the shape differs from the source's and the verdict; then
 * a count of verdicts per claim, the claims and the experiments.
 */
public final class Summary {
    /** The Go versions the sources measured with, for the page. */
    static final String SOURCE_GO = "starvation-mode experiment: Go 1.27.1 (an M6 and a 6-CPU Linux VM); "
            + "spinbit: Go 1.24 against 1.23; runtime lock: Go of 2011 (2 × Xeon E5620)";

    /** What the static chart shows, for its alt text. */
    static final String CHART_ALT = "every row's interval against the range its verdict uses";

    private Summary() {
    }

    /**
     * What the summary says about the run as a whole.
     *
     * @param command   the command line
     * @param createdAt the invocation's time
     * @param machine   where (from the result files)
     * @param go        {@code go version}, or why there are no Go columns
     * @param host      {@code host.txt}'s facts (empty when the folder has none)
     */
    public record Context(String command, String createdAt, Machine machine, String go, Map<String, String> host) {
    }

    /** The run's facts, in the page's order. */
    static Map<String, String> facts(Context c) {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("command", c.command() + " (" + c.createdAt() + ")");
        Machine m = c.machine();
        String host = c.host().isEmpty() ? "vCPUs, VM, SMT and steal time not recorded (no " + Host.FILE + ")"
                : "vCPUs " + c.host().getOrDefault("vcpus", "?") + ", VM: " + c.host().getOrDefault("vm", "?") + ", SMT: "
                + c.host().getOrDefault("smt", "?") + ", steal: " + c.host().getOrDefault("steal", "?");
        f.put("machine", m.cpuModel() + ", " + m.cpus() + " CPUs used, " + m.os() + "; " + host);
        f.put("JDK", m.jdk() + " (" + m.vm() + ")");
        f.put("Go", c.go() + " — the sources: " + SOURCE_GO);
        f.put("commit", c.host().getOrDefault("commit", "not recorded"));
        f.put("rules", "docs/verdicts.md: the bootstrap " + Math.round(dev.mutexlab.lab.stats.Bootstrap.CONFIDENCE * 100)
                + "% interval of the median (resampled by JVM) against the source's effect widened " + Verdicts.TOLERANCE
                + "× (a level or a share never widened) and the A/A control's no-effect band (fixed ±" + Math.round(Verdicts.FIXED_NOISE * 100)
                + "% where a result has none); suite rows by the same rules on the ratio of the two sets' medians, an effect "
                + "also needing Mann–Whitney p < " + Verdicts.ALPHA);
        return f;
    }

    /** The column of Go's own mutex; every other column is a port's. */
    static final String GO_COLUMN = dev.mutexlab.lab.gotoolchain.GoSeedLoop.THREADS;
    /** What a row's "differs" says when its shape is not the one the source ran. */
    static final String NOT_THE_SOURCES_SHAPE = "not the source's shape";

    /**
     * One source claim in one line.
     *
     * @param claim   the claim's id
     * @param source  the source's figure
     * @param go      Go's own mutex here: its rows at the source's shape, in brief
     * @param ports   the Java ports here, the same way
     * @param verdict the verdict over those rows
     */
    record ClaimLine(String claim, String source, String go, String ports, String verdict) {
    }

    /**
     * One line per claim, in {@link Claims#ALL}'s order, from its rows at the source's shape (all
     * its rows where none is): a claim is read where the source measured it, and its other rows
     * stay on the per-shape table.
     */
    static List<ClaimLine> claimLines(List<Finding> findings) {
        List<ClaimLine> lines = new ArrayList<>();
        for (Claims.Claim claim : Claims.ALL) {
            List<Finding> mine = findings.stream().filter(f -> f.claim().equals(claim.id())).toList();
            if (mine.isEmpty()) {
                continue;
            }
            List<Finding> rows = mine.stream().filter(f -> !f.differs().contains(NOT_THE_SOURCES_SHAPE)).toList();
            List<String> sources = (rows.isEmpty() ? mine : rows).stream().map(f -> f.source().text()).distinct().toList();
            String source = sources.size() <= 2 ? String.join("; ", sources) : claim.origin();
            lines.add(new ClaimLine(claim.id(), source, brief(mine, rows, true), brief(mine, rows, false), verdict(rows)));
        }
        return lines;
    }

    /**
     * One side's rows in brief (Go's column, or the ports'): one row's figure, or the medians' range
     * over several, with their verdicts; none: why, or that its rows are all at other shapes.
     */
    static String brief(List<Finding> mine, List<Finding> atSourceShape, boolean go) {
        List<Finding> rows = atSourceShape.stream().filter(f -> f.column().equals(GO_COLUMN) == go).toList();
        List<Finding> measured = rows.stream().filter(f -> !f.interval().isEmpty()).toList();
        if (measured.isEmpty()) {
            if (rows.isEmpty()) {
                return mine.stream().anyMatch(f -> f.column().equals(GO_COLUMN) == go) ? "– (no row at the source's shape)" : "–";
            }
            return "– (" + rows.get(0).note() + ")";
        }
        if (measured.size() == 1) {
            Finding f = measured.get(0);
            return f.here() + ", " + f.column() + ": " + f.verdictText();
        }
        double low = measured.stream().mapToDouble(Finding::value).min().orElse(Double.NaN);
        double high = measured.stream().mapToDouble(Finding::value).max().orElse(Double.NaN);
        String range = Claims.number(low).equals(Claims.number(high)) ? Claims.number(low) : Claims.number(low) + "–" + Claims.number(high);
        return range + " over " + measured.size() + " rows (medians): " + tally(measured);
    }

    /**
     * The verdict over a claim's rows that have a figure: the one verdict every decided row agrees
     * on, or the tally where they differ; no figure at all: cannot tell.
     */
    static String verdict(List<Finding> all) {
        List<Finding> rows = all.stream().filter(f -> !f.interval().isEmpty()).toList();
        List<Verdict> decided = rows.stream().map(Finding::verdict).filter(v -> v != Verdict.CANNOT_TELL).distinct().toList();
        if (decided.isEmpty()) {
            return Verdict.CANNOT_TELL.label();
        }
        long agreeing = rows.stream().filter(f -> f.verdict() == decided.get(0)).count();
        if (decided.size() == 1) {
            return decided.get(0).label() + (agreeing == rows.size() ? "" : " (" + agreeing + " of " + rows.size() + " rows; the rest cannot tell)");
        }
        return "mixed: " + tally(rows);
    }

    private static String tally(List<Finding> rows) {
        Map<Verdict, Long> n = new EnumMap<>(Verdict.class);
        rows.forEach(f -> n.merge(f.verdict(), 1L, Long::sum));
        List<String> parts = new ArrayList<>();
        n.forEach((v, k) -> parts.add(k + " " + v.label()));
        return String.join(", ", parts);
    }

    /** {@code summary.md}. */
    public static String markdown(Context c, List<Finding> findings, List<Experiment> plan) {
        StringBuilder sb = new StringBuilder("# mutexlab reproduce\n\n");
        facts(c).forEach((k, v) -> sb.append(k.substring(0, 1).toUpperCase(Locale.ROOT)).append(k.substring(1)).append(": ")
                .append(v).append("  \n"));
        sb.append("\n## The claims, one line each\n\n![").append(CHART_ALT).append("](").append(ClaimChart.SVG).append(")\n\n");
        sb.append("| claim | the source's figure | Go's own mutex here | the ports here | verdict |\n|---|---|---|---|---|\n");
        for (ClaimLine l : claimLines(findings)) {
            sb.append("| ").append(String.join(" | ", l.claim(), l.source(), l.go(), l.ports(), "**" + l.verdict() + "**")).append(" |\n");
        }
        sb.append("\n## Every row\n\nOne row per claim, column and shape; the lines above read the rows at the source's shape.\n");
        sb.append("\n| claim | column | shape | source | here: median [interval], n | no-effect band | measured | differs from the source "
                + "| verdict | note |\n|---|---|---|---|---|---|---|---|---|---|\n");
        for (Finding f : findings) {
            sb.append("| ").append(String.join(" | ", f.claim(), f.column(), f.shape(), f.source().text(), f.here(), f.noise(),
                    f.measured(), f.differs(), "**" + f.verdictText() + "**", f.note())).append(" |\n");
        }
        sb.append("\n## Verdicts per claim\n\n| claim | holds | holds in direction | does not hold | cannot tell |\n|---|---|---|---|---|\n");
        counts(findings).forEach((claim, n) -> sb.append("| ").append(claim).append(" | ").append(n.get(Verdict.HOLDS)).append(" | ")
                .append(n.get(Verdict.HOLDS_IN_DIRECTION)).append(" | ").append(n.get(Verdict.DOES_NOT_HOLD)).append(" | ")
                .append(n.get(Verdict.CANNOT_TELL)).append(" |\n"));
        sb.append("\n## Claims\n\n");
        for (Claims.Claim claim : Claims.ALL) {
            sb.append("* **").append(claim.id()).append("**: ").append(claim.title()).append(". Source: ")
                    .append(claim.origin()).append(".\n");
        }
        sb.append("\n## Experiments\n\n| file | measures | for | measurements |\n|---|---|---|---|\n");
        for (Experiment e : plan) {
            sb.append("| `").append(e.file()).append("` | ").append(e.what()).append(" | ").append(String.join(", ", e.claims()))
                    .append(" | ").append(e.measurementCount()).append(" |\n");
        }
        sb.append("\nStatic chart of every row: `").append(ClaimChart.SVG).append("`.\n");
        return sb.toString();
    }

    /** The verdict table and the run's context as an HTML fragment (the page's intro), with the static chart. */
    public static String html(Context c, List<Finding> findings) {
        StringBuilder sb = new StringBuilder("<table class=\"config\">\n");
        facts(c).forEach((k, v) -> row(sb, k, v));
        sb.append("</table>\n");
        sb.append("<div style=\"display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start\">\n<table class=\"claims\">\n"
                + "<tr><th>claim</th><th>the source's figure</th><th>Go's own mutex here</th><th>the ports here</th><th>verdict</th></tr>\n");
        for (ClaimLine l : claimLines(findings)) {
            sb.append("<tr><td>").append(esc(l.claim())).append("</td><td>").append(esc(l.source())).append("</td><td>")
                    .append(esc(l.go())).append("</td><td>").append(esc(l.ports())).append("</td><td><b>").append(esc(l.verdict()))
                    .append("</b></td></tr>\n");
        }
        sb.append("</table>\n<p><img src=\"").append(ClaimChart.SVG).append("\" alt=\"").append(CHART_ALT).append("\"></p>\n</div>\n");
        sb.append("<details><summary>Every row: one per claim, column and shape (").append(findings.size())
                .append(")</summary>\n<table class=\"verdicts\">\n<tr><th>claim</th><th>column</th><th>shape</th><th>source</th>"
                + "<th>here: median [interval], n</th><th>no-effect band</th><th>measured</th><th>differs from the source</th>"
                + "<th>verdict</th><th>note</th></tr>\n");
        for (Finding f : findings) {
            sb.append("<tr class=\"").append(f.verdict().name().toLowerCase(Locale.ROOT).replace('_', '-')).append("\">");
            for (String cell : List.of(f.claim(), f.column(), f.shape(), f.source().text(), f.here(), f.noise(), f.measured(), f.differs())) {
                sb.append("<td>").append(esc(cell)).append("</td>");
            }
            sb.append("<td><b>").append(esc(f.verdictText())).append("</b></td><td>").append(esc(f.note())).append("</td></tr>\n");
        }
        sb.append("</table>\n</details>\n<table class=\"verdicts\">\n<tr><th>claim</th><th>holds</th><th>holds in direction</th>"
                + "<th>does not hold</th><th>cannot tell</th></tr>\n");
        counts(findings).forEach((claim, n) -> sb.append("<tr><td>").append(esc(claim)).append("</td><td>").append(n.get(Verdict.HOLDS))
                .append("</td><td>").append(n.get(Verdict.HOLDS_IN_DIRECTION)).append("</td><td>").append(n.get(Verdict.DOES_NOT_HOLD))
                .append("</td><td>").append(n.get(Verdict.CANNOT_TELL)).append("</td></tr>\n"));
        sb.append("</table>\n<ul>\n");
        for (Claims.Claim claim : Claims.ALL) {
            sb.append("<li><b>").append(esc(claim.id())).append("</b>: ").append(esc(claim.title())).append(". Source: ")
                    .append(esc(claim.origin())).append(".</li>\n");
        }
        return sb.append("</ul>\n").toString();
    }

    /** How many rows of each claim got each verdict. */
    static Map<String, Map<Verdict, Integer>> counts(List<Finding> findings) {
        Map<String, Map<Verdict, Integer>> counts = new LinkedHashMap<>();
        for (Finding f : findings) {
            counts.computeIfAbsent(f.claim(), k -> {
                Map<Verdict, Integer> m = new EnumMap<>(Verdict.class);
                for (Verdict v : Verdict.values()) {
                    m.put(v, 0);
                }
                return m;
            }).merge(f.verdict(), 1, Integer::sum);
        }
        return counts;
    }
}
