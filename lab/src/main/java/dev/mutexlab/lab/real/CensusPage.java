package dev.mutexlab.lab.real;

import dev.mutexlab.lab.report.Chart;
import dev.mutexlab.lab.report.HtmlReport;
import dev.mutexlab.lab.results.RealResult;
import dev.mutexlab.lab.results.ResultIO;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * {@code mutexlab census --html}: one self-contained page ({@link HtmlReport}: Chart.js inlined,
 * nothing fetched) with the LiTL table ({@link LitlTable}), the hold-time distribution over all sites
 * ({@link SiteCensus}), the answer to the question, and each program's row: its cells, the lock most
 * often best and most often worst, the spread from best to worst, and its contended sites.
 */
public final class CensusPage {
    private CensusPage() {
    }

    /** The page as text. */
    public static String render(Map<String, RealResult> files) {
        List<CensusCells.Cell> cells = CensusCells.of(files);
        List<SiteCensus.Site> sites = SiteCensus.of(files);
        StringBuilder html = new StringBuilder();
        html.append("<p>Files: ").append(HtmlReport.esc(String.join(", ", files.keySet()))).append(". Every ratio is taken "
                + "within a batch; a lock is judged against the cell's best by its bootstrap interval against the no-effect "
                + "band. Error cells (a failed check): ").append(cells.size() - LitlTable.results(cells).size()).append(".</p>\n");
        html.append("<h3>LiTL table: per lock, the share of cells</h3>\n<table class=\"verdicts\" id=\"litl\">\n")
                .append("<tr><th>lock</th><th>cells</th><th>best</th><th>best or within 5%</th><th>5–20% behind</th>"
                        + "<th>≥ 20% behind</th><th>cannot tell</th></tr>\n");
        for (LitlTable.LockRow r : LitlTable.locks(cells)) {
            tr(html, r.lock(), Integer.toString(r.cells()), LitlTable.pct(r.share(r.best())),
                    LitlTable.pct(r.share(r.bestOrWithin())), LitlTable.pct(r.share(r.behind())),
                    LitlTable.pct(r.share(r.farBehind())), LitlTable.pct(r.share(r.cannotTell())));
        }
        html.append("</table>\n");
        SiteCensus.Answer a = SiteCensus.answer(sites, SiteCensus.programs(files));
        html.append("<h3>The question</h3>\n<p id=\"answer\">Programs that hold a contended lock for microseconds (median "
                + "hold 1 µs to 1 ms) while CPUs sit idle (at least ").append(Math.round(100 * SiteCensus.IDLE_SHARE))
                .append("% of the run): <b>").append(a.surely()).append(" of ").append(a.programs()).append("</b> surely, ")
                .append(a.possibly()).append(" possibly; sites: ").append(a.sitesSurely()).append(" of ").append(a.sites())
                .append(" surely, ").append(a.sitesPossibly()).append(" possibly.</p>\n");
        html.append("<h3>Programs</h3>\n<table class=\"verdicts\" id=\"programs\">\n")
                .append("<tr><th>program</th><th>cells</th><th>best most often</th><th>worst most often</th>"
                        + "<th>worst / best: median (min–max)</th><th>contended sites that matter</th>"
                        + "<th>µs holds with CPUs idle (surely / possibly)</th></tr>\n");
        for (LitlTable.ProgramRow r : LitlTable.programs(cells)) {
            List<SiteCensus.Site> mine = sites.stream().filter(s -> s.key().workload().equals(r.workload())).toList();
            tr(html, r.workload(), Integer.toString(r.cells()), r.best() + " (" + r.bestCells() + ")",
                    r.worst() + " (" + r.worstCells() + ")", LitlTable.spread(r.worstToBest()),
                    Long.toString(distinct(mine, SiteCensus.Site::matters)),
                    distinct(mine, SiteCensus.Site::answersSurely) + " / " + distinct(mine, SiteCensus.Site::answersPossibly));
        }
        html.append("</table>\n");
        return HtmlReport.render(new HtmlReport.Intro("mutexlab census", "The census of real programs", html.toString(),
                List.of(holdChart(sites), litlChart(cells))), List.of(), List.of());
    }

    /** Writes the page atomically. */
    public static void write(Map<String, RealResult> files, Path html) {
        ResultIO.writeAtomically(html, render(files));
    }

    static Chart holdChart(List<SiteCensus.Site> sites) {
        return new Chart("census-holds", Chart.Kind.BAR, "Hold-time distribution over all sites",
                "Lock sites (a site in one profiled cell) by median hold; the contended ones, where an acquisition waited, "
                        + "apart.", "median hold", "site-cells", false, false, SiteCensus.HOLD_BIN_LABELS, List.of(),
                List.of(series("all sites", SiteCensus.holdDistribution(sites, false)),
                        series("contended", SiteCensus.holdDistribution(sites, true))));
    }

    static Chart litlChart(List<CensusCells.Cell> cells) {
        List<LitlTable.LockRow> rows = LitlTable.locks(cells);
        List<String> locks = rows.stream().map(LitlTable.LockRow::lock).toList();
        List<Chart.Series> series = new ArrayList<>();
        series.add(new Chart.Series("best", List.of(), rows.stream().map(r -> 100 * r.share(r.best())).toList(), false));
        series.add(new Chart.Series("best or within 5%", List.of(),
                rows.stream().map(r -> 100 * r.share(r.bestOrWithin())).toList(), false));
        series.add(new Chart.Series(">= 20% behind", List.of(),
                rows.stream().map(r -> 100 * r.share(r.farBehind())).toList(), false));
        return new Chart("census-litl", Chart.Kind.BAR, "Per lock: share of cells best, near the best, far behind",
                "Per lock, the share of the cells it ran in where it was the best, the best or within 5% of it, and at "
                        + "least 20% behind it (within-batch ratios, judged by interval).", "lock", "% of cells", false, false,
                locks, List.of(), series);
    }

    private static Chart.Series series(String name, int[] counts) {
        return new Chart.Series(name, List.of(), Arrays.stream(counts).mapToObj(n -> (double) n).toList(), false);
    }

    private static long distinct(List<SiteCensus.Site> sites, Predicate<SiteCensus.Site> p) {
        return sites.stream().filter(p).map(SiteCensus.Site::identity).distinct().count();
    }

    private static void tr(StringBuilder html, String... cells) {
        html.append("<tr>");
        for (String c : cells) {
            html.append("<td>").append(HtmlReport.esc(c)).append("</td>");
        }
        html.append("</tr>\n");
    }
}
