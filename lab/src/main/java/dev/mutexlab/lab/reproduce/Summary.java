package dev.mutexlab.lab.reproduce;

import static dev.mutexlab.lab.report.HtmlReport.esc;
import static dev.mutexlab.lab.report.HtmlReport.row;

import dev.mutexlab.lab.results.Machine;
import java.util.List;
import java.util.Locale;

/**
 * The findings as text: {@code summary.md} (Markdown) and the verdict table at the top of
 * {@code index.html}. Both list every claim and column with the source's figure, this machine's
 * figure and the verdict, then the experiments and their files.
 */
public final class Summary {
    private Summary() {
    }

    /**
     * What the summary says about the run as a whole.
     *
     * @param command   the command line
     * @param createdAt when the findings were computed
     * @param machine   where
     * @param go        {@code go version}, or why there are no Go columns
     */
    public record Context(String command, String createdAt, Machine machine, String go) {
    }

    /** {@code summary.md}. */
    public static String markdown(Context c, List<Finding> findings, List<Experiment> plan) {
        StringBuilder sb = new StringBuilder("# mutexlab reproduce\n\n");
        sb.append("Command: `").append(c.command()).append("` (").append(c.createdAt()).append(")  \n");
        sb.append("Machine: ").append(machineText(c.machine())).append("  \n");
        sb.append("Go: ").append(c.go()).append("\n\n");
        sb.append("Verdicts by the rules of `docs/verdicts.md`: a ratio holds within ").append(Verdicts.TOLERANCE)
                .append("× of the source's figure on the same side of 1; ±").append(pct(Verdicts.NOISE))
                .append(" around 1 is no effect.\n\n");
        sb.append("| claim | column | source | here | verdict | note |\n|---|---|---|---|---|---|\n");
        for (Finding f : findings) {
            sb.append("| ").append(f.claim()).append(" | ").append(f.column()).append(" | ").append(f.source().text()).append(" | ")
                    .append(f.here()).append(" | **").append(f.verdict().label()).append("** | ").append(f.note()).append(" |\n");
        }
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
        return sb.toString();
    }

    /** The verdict table and the run's context as an HTML fragment (the page's intro). */
    public static String html(Context c, List<Finding> findings) {
        StringBuilder sb = new StringBuilder("<table class=\"config\">\n");
        row(sb, "command", c.command() + " (" + c.createdAt() + ")");
        row(sb, "machine", machineText(c.machine()));
        row(sb, "Go", c.go());
        sb.append("</table>\n<p>Verdict rules: docs/verdicts.md (tolerance ").append(Verdicts.TOLERANCE)
                .append("×, no effect within ±").append(pct(Verdicts.NOISE)).append(").</p>\n");
        sb.append("<table class=\"verdicts\">\n<tr><th>claim</th><th>column</th><th>source</th><th>here</th><th>verdict</th><th>note</th></tr>\n");
        for (Finding f : findings) {
            sb.append("<tr class=\"").append(f.verdict().name().toLowerCase(Locale.ROOT).replace('_', '-')).append("\"><td>")
                    .append(esc(f.claim())).append("</td><td>").append(esc(f.column())).append("</td><td>").append(esc(f.source().text()))
                    .append("</td><td>").append(esc(f.here())).append("</td><td><b>").append(esc(f.verdict().label()))
                    .append("</b></td><td>").append(esc(f.note())).append("</td></tr>\n");
        }
        sb.append("</table>\n<ul>\n");
        for (Claims.Claim claim : Claims.ALL) {
            sb.append("<li><b>").append(esc(claim.id())).append("</b>: ").append(esc(claim.title())).append(". Source: ")
                    .append(esc(claim.origin())).append(".</li>\n");
        }
        return sb.append("</ul>\n").toString();
    }

    private static String machineText(Machine m) {
        return m.cpuModel() + ", " + m.cpus() + " CPUs, " + m.os() + ", " + m.jdk();
    }

    private static String pct(double share) {
        return String.format(Locale.ROOT, "%.0f%%", share * 100);
    }
}
