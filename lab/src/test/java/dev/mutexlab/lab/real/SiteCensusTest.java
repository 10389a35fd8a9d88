package dev.mutexlab.lab.real;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.mutexlab.lab.results.RealResult;
import dev.mutexlab.lab.results.ResultFiles;
import dev.mutexlab.lab.results.ResultIO;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The site census from built profiles: idle-while-waiting bounds, monitor sites, and the answer as counts. */
class SiteCensusTest {
    private static final long SECOND = 1_000_000_000L;

    private static SiteCensus.Site only(RealResult r) {
        return SiteCensus.of(Map.of("a.json", r)).getFirst();
    }

    @Test
    void moreThreadsThanCpusLeaveACpuIdleOnlyWhenEnoughWait() {
        // W=4 on P=2: a CPU idles only with k >= 3 waiting; m = 2.5, K = 3: q in [0.5, 0.833]
        RealResult r = new RealFixture("jdk").profile("platform", 2, 4, "queue", SECOND,
                RealFixture.site("new", "org.Queue", 1, 10_000, 2_500, 4, 3, 5_000, 2.5 * SECOND)).build();
        SiteCensus.Site s = only(r);

        assertThat(s.meanWaiting()).isCloseTo(2.5, offset(1e-9));
        assertThat(s.idleLow()).isCloseTo(0.5, offset(1e-9));
        assertThat(s.idleHigh()).isCloseTo(2.5 / 3, offset(1e-9));
    }

    @Test
    void noMoreThreadsThanCpusLeaveACpuIdleWheneverOneWaits() {
        // W=2 on P=2, at most one waiting: the share with one waiting is m itself
        SiteCensus.Site s = only(new RealFixture("jdk").profile("platform", 2, 2, "queue", SECOND,
                RealFixture.site("new", "org.Queue", 1, 10_000, 2_500, 2, 1, 5_000, 0.3 * SECOND)).build());

        assertThat(s.idleLow()).isCloseTo(0.3, offset(1e-9));
        assertThat(s.idleHigh()).isCloseTo(0.3, offset(1e-9));
    }

    @Test
    void moreWaitingOnAverageThanEverAtOnceGivesNoLowerBound() {
        // m = 3.1 above K = 3 (several locks at the site): k was above K at times, so only Markov's bound holds
        SiteCensus.Site s = only(new RealFixture("jdk").profile("platform", 2, 4, "httpclient", SECOND,
                RealFixture.site("new", "org.Dates", 83, 10_000, 2_500, 4, 3, 1_000, 3.1 * SECOND)).build());

        assertThat(s.idleLow()).isZero();
        assertThat(s.idleHigh()).isEqualTo(1.0);
    }

    @Test
    void aLongSiteNameKeepsItsMethodAndLine() {
        String name = SiteCensus.shortSite(RealFixture.site("new", "org.ConcurrentApproximatePriorityQueue", 58, 1, 0, 1, 0,
                1, 0));

        assertThat(name).hasSize(SiteCensus.SITE_COLUMNS).startsWith("ConcurrentApprox").endsWith("~.<init>:58");
    }

    @Test
    void tooFewWaitingAtOnceNeverLeaveACpuIdle() {
        // W=8 on P=2 needs 7 waiting; never more than 3 did
        SiteCensus.Site s = only(new RealFixture("jdk").profile("platform", 2, 8, "queue", SECOND,
                RealFixture.site("new", "org.Queue", 1, 10_000, 2_500, 8, 3, 5_000, 2.5 * SECOND)).build());

        assertThat(s.idleLow()).isZero();
        assertThat(s.idleHigh()).isZero();
        assertThat(s.answersPossibly()).isFalse();
    }

    @Test
    void monitorSitesCountBesideReentrantLockSitesKeyedByKind() {
        RealResult r = new RealFixture("jdk").profile("platform", 2, 2, "h2", SECOND,
                RealFixture.site("new", "org.h2.Store", 7, 10_000, 2_000, 2, 1, 20_000, 0.2 * SECOND),
                RealFixture.site("monitor", "org.h2.Store", 7, 10_000, 2_000, 2, 1, 50, 0.2 * SECOND),
                RealFixture.site(null, "org.h2.Quiet", 9, 10_000, 0, 2, 0, 50, 0)).build();
        List<SiteCensus.Site> sites = SiteCensus.of(Map.of("a.json", r));

        assertThat(sites).extracting(SiteCensus.Site::kind).containsExactlyInAnyOrder("ReentrantLock", "monitor",
                "ReentrantLock");
        assertThat(sites.stream().map(SiteCensus.Site::identity).distinct()).hasSize(3);
        SiteCensus.Answer a = SiteCensus.answer(sites, SiteCensus.programs(Map.of("a.json", r)));
        // the ReentrantLock site holds for 20 us with a CPU idle 20% of the run; the monitor's 50 ns hold is no microseconds
        assertThat(a).isEqualTo(new SiteCensus.Answer(1, 1, 1, 1, 3, 2, 1, 1));
    }

    @Test
    void theAnswerCountsProgramsAndSites() {
        RealResult r = new RealFixture("jdk")
                .profile("platform", 2, 2, "logback", SECOND,
                        RealFixture.site("new", "ch.Appender", 60, 10_000, 4_000, 2, 1, 10_000, 0.4 * SECOND))
                .profile("platform", 2, 8, "logback", SECOND,
                        RealFixture.site("new", "ch.Appender", 60, 10_000, 4_000, 8, 3, 10_000, 2.0 * SECOND))
                .profile("platform", 2, 8, "caffeine", SECOND,
                        RealFixture.site("new", "com.Cache", 3, 10_000, 4_000, 8, 7, 2_000_000, 3.0 * SECOND))
                .profile("platform", 2, 2, "pool", SECOND,
                        RealFixture.site("new", "org.Pool", 5, 10_000, 10, 2, 1, 10_000, 0.001 * SECOND)).build();
        SiteCensus.Answer a = SiteCensus.answer(SiteCensus.of(Map.of("a.json", r)), SiteCensus.programs(Map.of("a.json", r)));

        // logback: 10 us holds, a CPU idle 40% at W=2; caffeine: CPUs idle, but 2 ms holds; pool: too quiet to matter
        assertThat(a.programs()).isEqualTo(3);
        assertThat(a.contended()).isEqualTo(2);
        assertThat(a.surely()).isEqualTo(1);
        assertThat(a.possibly()).isEqualTo(1);
        assertThat(a.sites()).isEqualTo(3);
        assertThat(a.sitesSurely()).isEqualTo(1);
    }

    @Test
    void theHoldDistributionBinsMedianHolds() {
        assertThat(SiteCensus.holdBin(99)).isZero();
        assertThat(SiteCensus.holdBin(100)).isEqualTo(1);
        assertThat(SiteCensus.holdBin(1_000)).isEqualTo(2);
        assertThat(SiteCensus.holdBin(999_999)).isEqualTo(4);
        assertThat(SiteCensus.holdBin(1_000_000)).isEqualTo(5);
        assertThat(SiteCensus.HOLD_BIN_LABELS).hasSize(SiteCensus.HOLD_BINS_NANOS.size() + 1);
    }

    @Test
    void aMonitorSiteReadsFromTheFileAndThePrintFitsOneHundredColumns(@TempDir Path dir) {
        RealResult built = new RealFixture("jdk", "go").cell("platform", 2, 2, "h2", 6, 100, 90)
                .profile("platform", 2, 2, "h2", SECOND,
                        RealFixture.site("monitor", "org.h2.mvstore.MVStore", 7, 10_000, 2_000, 2, 1, 20_000, 0.2 * SECOND))
                .build();
        Path file = dir.resolve("r.json");
        ResultIO.writeJson(file, built);
        RealResult read = ResultFiles.load(file).real();

        assertThat(read.profiles().getFirst().profile().sites().getFirst().kind()).isEqualTo("monitor");
        assertThat(read.profiles().getFirst().workers()).isEqualTo(2);
        StringWriter out = new StringWriter();
        SiteCensus.print(Map.of(file.toString(), read), new PrintWriter(out, true));
        assertThat(out.toString()).contains("monitor").contains("MVStore.<init>:7").contains("programs: 1 of 1 surely");
        assertThat(out.toString().lines()).allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(100));
    }
}
