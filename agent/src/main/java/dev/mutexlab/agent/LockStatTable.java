package dev.mutexlab.agent;

import java.util.List;
import java.util.Locale;

/**
 * The terminal table, in the manner of Linux's {@code lock_stat}: one row per site, hottest
 * (contended × acquisitions) first; acquisitions, contended share, hold and wait p50/p99/max,
 * the most threads waiting at once.
 */
public final class LockStatTable {

    private LockStatTable() {
    }

    /** The table of {@code sites}, at most {@code maxRows} rows. */
    public static String render(List<SiteTotals> sites, int maxRows) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%-56s %12s %7s %9s %9s %9s %9s %9s %9s %4s%n",
                "site", "acquisitions", "cont%", "hold p50", "hold p99", "hold max", "wait p50", "wait p99",
                "wait max", "maxW"));
        int rows = 0;
        for (SiteTotals t : sites) {
            if (rows++ == maxRows) {
                out.append(String.format(Locale.ROOT, "... %d more sites in the JSON report%n", sites.size() - maxRows));
                break;
            }
            out.append(String.format(Locale.ROOT, "%-56s %12d %6.1f%% %9s %9s %9s %9s %9s %9s %4d%n",
                    label(t, 56), t.sum.acquisitions, 100 * t.contendedShare(),
                    nanos(t.sum.holdNanos.percentile(0.5)), nanos(t.sum.holdNanos.percentile(0.99)), nanos(t.sum.holdNanos.maxNanos()),
                    nanos(t.sum.waitNanos.percentile(0.5)), nanos(t.sum.waitNanos.percentile(0.99)), nanos(t.sum.waitNanos.maxNanos()),
                    t.sum.maxWaiting));
        }
        return out.toString();
    }

    /**
     * A site's label clipped to {@code width}; a monitor site's begins with its kind
     * ({@code monitor}, {@code monitor-method}), which the clipping keeps.
     */
    static String label(SiteTotals t, int width) {
        String kind = t.site.kind();
        if (!kind.startsWith(MonitorRewriter.KIND_BLOCK)) {
            return clip(t.site.label(), width);
        }
        return kind + " " + clip(t.site.label(), width - kind.length() - 1);
    }

    /** A duration in the unit that reads best: ns, µs, ms or s. */
    static String nanos(double ns) {
        if (ns < 1_000) {
            return String.format(Locale.ROOT, "%.0fns", ns);
        }
        if (ns < 1_000_000) {
            return String.format(Locale.ROOT, "%.1fus", ns / 1e3);
        }
        if (ns < 1_000_000_000) {
            return String.format(Locale.ROOT, "%.1fms", ns / 1e6);
        }
        return String.format(Locale.ROOT, "%.2fs", ns / 1e9);
    }

    private static String clip(String s, int width) {
        return s.length() <= width ? s : "..." + s.substring(s.length() - (width - 3));
    }
}
