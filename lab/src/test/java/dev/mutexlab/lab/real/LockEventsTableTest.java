package dev.mutexlab.lab.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.results.ProfileReport;
import dev.mutexlab.lab.results.RealResult;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A sample's swap adds up its sites' lock events and lineup policies; the table lists each cell of
 * a spec that recorded statistics, with the policies over its samples and median counts, and
 * prints nothing when no spec did.
 */
class LockEventsTableTest {

    private static ProfileReport.RewriteSite site(Map<String, Long> events, Map<String, Integer> policies) {
        return new ProfileReport.RewriteSite("java.util.concurrent.ArrayBlockingQueue", "<init>", 275, "new", events, policies);
    }

    private static RealResult.Swap swap(int run, ProfileReport.RewriteSite... sites) {
        return RealResult.Swap.of("queue", "platform", 2, "lineup:stats", run,
                new ProfileReport.Rewrites(List.of(sites), List.of(), sites.length));
    }

    private static String table(List<RealResult.Swap> swaps) {
        StringWriter w = new StringWriter();
        LockEventsTable.print(new RealResult(RealResult.SCHEMA, "", "", null, null, List.of(), swaps, List.of()), new PrintWriter(w, true));
        return w.toString();
    }

    @Test
    void aSwapAddsUpItsSitesEventsAndPolicies() {
        RealResult.Swap s = swap(0,
                site(Map.of("CONTENDED_ACQUIRE", 10L, "POLICY_SWITCH", 1L), Map.of("barge", 1)),
                site(Map.of("CONTENDED_ACQUIRE", 5L), Map.of("line", 2)));
        assertThat(s.lockEvents()).isEqualTo(Map.of("CONTENDED_ACQUIRE", 15L, "POLICY_SWITCH", 1L));
        assertThat(s.policies()).isEqualTo(Map.of("barge", 1, "line", 2));
        assertThat(s.sites()).isEqualTo(2);

        RealResult.Swap plain = swap(0, site(null, null));
        assertThat(plain.lockEvents()).as("no :stats, no events").isNull();
        assertThat(plain.policies()).isNull();
    }

    @Test
    void theTableListsTheCellWithItsPoliciesAndMedianCounts() {
        String t = table(List.of(
                swap(0, site(Map.of("POLICY_TRIAL", 2L, "POLICY_SWITCH", 1L, "CONTENDED_ACQUIRE", 100L), Map.of("barge", 1))),
                swap(1, site(Map.of("POLICY_TRIAL", 4L, "CONTENDED_ACQUIRE", 300L), Map.of("line", 1))),
                swap(2, site(Map.of("POLICY_TRIAL", 6L, "POLICY_SWITCH", 3L, "CONTENDED_ACQUIRE", 200L), Map.of("barge", 1)))));
        assertThat(t).contains("Lock events of the specs that record statistics");
        String row = t.lines().filter(l -> l.startsWith("platform")).findFirst().orElseThrow();
        assertThat(row).contains("queue").contains("lineup:stats").contains("barge 2, line 1");
        assertThat(row).as("the medians, then the policies last").containsPattern("lineup:stats +4 +1 +200 +barge 2, line 1$");
    }

    @Test
    void withoutStatisticsTheTablePrintsNothing() {
        assertThat(table(List.of(swap(0, site(null, null))))).isEmpty();
    }
}
