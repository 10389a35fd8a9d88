package dev.mutexlab.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.agent.runtime.Site;
import dev.mutexlab.agent.runtime.SiteStats;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

class SiteTableTest {

    private static SiteTotals totals(int id, String cls, long acquisitions, long contended) {
        Site site = new Site(id, cls, "<init>", 10 + id, "new", -1, cls.substring(cls.lastIndexOf('.') + 1) + ".java",
                new LongAdder(), new LongAdder(), new LongAdder(), new AtomicReference<>("x"));
        SiteTotals t = new SiteTotals(site);
        SiteStats s = new SiteStats();
        s.acquisitions = acquisitions;
        s.timed = acquisitions;
        s.contended = contended;
        s.maxWaiting = (int) Math.min(contended, 3);
        for (int i = 0; i < acquisitions; i++) {
            s.holdNanos.record(1_000);
        }
        for (int i = 0; i < contended; i++) {
            s.waitNanos.record(50_000);
        }
        t.add(s);
        return t;
    }

    @Test
    void sitesSortByContendedTimesAcquisitions() {
        List<SiteTotals> list = new ArrayList<>(List.of(
                totals(0, "a.Cold", 1_000, 0),
                totals(1, "a.Warm", 100, 50),       // 50 contended × 100
                totals(2, "a.Hot", 1_000, 10)));    // 10 contended × 1000: hottest
        list.sort(Comparator.comparingDouble(SiteTotals::heat).reversed());
        assertThat(list).extracting(t -> t.site.className()).containsExactly("a.Hot", "a.Warm", "a.Cold");
    }

    @Test
    void tableShowsOneRowPerSiteWithUnits() {
        String table = LockStatTable.render(List.of(totals(2, "a.Hot", 1_000, 10), totals(0, "a.Cold", 5, 0)), 10);
        List<String> lines = table.lines().toList();
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).contains("acquisitions").contains("cont%").contains("hold p99").contains("wait max");
        assertThat(lines.get(1)).contains("a.Hot.<init>(Hot.java:12)").contains("1000").contains("1.0%")
                .contains("1.0us").contains("50.0us");
        assertThat(lines.get(2)).contains("a.Cold");
    }

    @Test
    void tableCutsAtMaxRows() {
        String table = LockStatTable.render(List.of(totals(0, "a.A", 3, 1), totals(1, "a.B", 2, 1), totals(2, "a.C", 1, 1)), 2);
        assertThat(table).contains("1 more sites");
        assertThat(table.lines().count()).isEqualTo(4);
    }

    @Test
    void mergingThreadsCountsDistinctThreadsAndKeepsTheLargestWaitingCount() {
        SiteTotals t = totals(0, "a.A", 10, 2);
        SiteStats other = new SiteStats();
        other.acquisitions = 5;
        other.maxWaiting = 7;
        t.add(other);
        t.add(new SiteStats());   // a thread that never acquired
        assertThat(t.threads).isEqualTo(2);
        assertThat(t.sum.acquisitions).isEqualTo(15);
        assertThat(t.sum.maxWaiting).isEqualTo(7);
    }
}
