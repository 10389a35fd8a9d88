package dev.mutexlab.lab.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.Cli;
import dev.mutexlab.lab.cli.ExitCode;
import dev.mutexlab.lab.results.ProfileReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code mutexlab advise}: hot sites get a shape, a lock and a command; quiet programs are told so. */
class AdviceTest {
    @Test
    void hotSiteGetsTheLabsBestLockAndTheCommandToTryIt() throws Exception {
        Cli r = Cli.run("advise", CensusTest.resource("profile-small.json").toString(), "--results",
                CensusTest.resource("sweep-small.json").toString());

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("1. java.util.concurrent.ArrayBlockingQueue.<init>")
                .contains("the lab's nearest shape: platform P=2 W=4 hold=1us outside=1us")
                .contains("the lab found go:threshold=0 best there")
                .contains("=lock=go:threshold=0 <your JVM options and class path> -jar app.jar --serve")
                .doesNotContain("2. ");
    }

    @Test
    void withoutResultsItOffersTheQuickRun() throws Exception {
        Cli r = Cli.run("advise", CensusTest.resource("profile-small.json").toString());

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("no result given covers it")
                .contains("./mutexlab run --quick --threads platform --procs 2 --workers 4 --hold 1us --outside 1us");
    }

    @Test
    void aQuietProgramIsToldItsLocksDoNotMatter() throws Exception {
        Cli r = Cli.run("advise", CensusTest.resource("profile-quiet.json").toString());

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("No lock in this program is contended enough to matter")
                .contains("LinkedBlockingDeque").contains("monitors");
    }

    @Test
    void rareButLongWaitsAreNamedBesideTheQuietVerdict() throws Exception {
        // logback's appender with 10 threads on 2 CPUs: 0.29% of acquisitions waited, for milliseconds each
        Cli r = Cli.run("advise", CensusTest.resource("profile-rare-long-waits.json").toString());

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("No lock in this program is contended enough to matter")
                .contains("Those few waits were long").contains("=lock=SPEC");
    }

    @Test
    void aSampledProfileDividesWhatWasTimedByTheTimedAcquisitions() throws Exception {
        // sample=16: 1,600,000 acquisitions, 100,000 timed, 4,000 of those waited (4%) for 20 us each
        Cli r = Cli.run("advise", CensusTest.resource("profile-sampled.json").toString());

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).doesNotContain("No lock in this program is contended enough to matter")
                .contains("1. java.util.concurrent.ArrayBlockingQueue.<init>")
                .contains("1600000 acquisitions, 4.0% contended; on average 0.64 threads waiting");
    }

    @Test
    void aSampledSiteShapeScalesItsTimedWaitsToEveryAcquisition() throws Exception {
        ProfileReport r = Advice.read(CensusTest.resource("profile-sampled.json"));
        SiteShape s = SiteShape.of(r, "platform", r.cpus()).getFirst();

        assertThat(s.site().contendedShare()).isEqualTo(0.04);
        assertThat(s.meanWaiting()).isCloseTo(0.64, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(s.matters()).isTrue();
    }

    @Test
    void aProfileWithoutSitesSaysItHoldsNoAcquisitions() throws Exception {
        Cli r = Cli.run("advise", CensusTest.resource("profile-empty.json").toString());

        assertThat(r.exit()).isEqualTo(ExitCode.NO_DATA);
        assertThat(r.out()).doesNotContain("contended enough to matter").doesNotContain("the time goes elsewhere")
                .contains("holds no lock acquisitions").contains("'profile' option").contains("excluded");
    }

    @Test
    void aProfileWhoseSitesTookNoLockSaysItHoldsNoAcquisitions(@TempDir Path dir) throws Exception {
        com.fasterxml.jackson.databind.ObjectMapper json = dev.mutexlab.lab.results.ResultIO.json();
        com.fasterxml.jackson.databind.node.ObjectNode tree = (com.fasterxml.jackson.databind.node.ObjectNode)
                json.readTree(CensusTest.resource("profile-small.json").toFile());
        tree.withArray("sites").forEach(site -> ((com.fasterxml.jackson.databind.node.ObjectNode) site)
                .put("acquisitions", 0).put("timed", 0).put("contended", 0));
        Path file = dir.resolve("profile-idle.json");
        json.writeValue(file.toFile(), tree);

        Cli r = Cli.run("advise", file.toString());

        assertThat(r.exit()).isEqualTo(ExitCode.NO_DATA);
        assertThat(r.out()).doesNotContain("contended enough to matter").contains("holds no lock acquisitions");
    }

    @Test
    void jdkFairIsProposedWhereTheLabFoundItBest(@TempDir Path dir) throws Exception {
        // the sweep with its go:threshold=0 column named jdk-fair: best at the queue's shape
        Path sweep = dir.resolve("sweep-fair.json");
        Files.writeString(sweep, Files.readString(CensusTest.resource("sweep-small.json"))
                .replace("\"go:threshold=0\"", "\"jdk-fair\""));

        Cli r = Cli.run("advise", CensusTest.resource("profile-small.json").toString(), "--results", sweep.toString());

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("the lab found jdk-fair best there")
                .contains("=lock=jdk-fair <your JVM options and class path> -jar app.jar --serve");
    }

    @Test
    void theQuickRunMeasuresJdkFairToo() throws Exception {
        Cli r = Cli.run("advise", CensusTest.resource("profile-small.json").toString());

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).containsPattern("--locks \\S*jdk-fair");
    }

    @Test
    void aResultFileIsNotAProfile() throws Exception {
        Cli r = Cli.run("advise", CensusTest.resource("run-small.json").toString());

        assertThat(r.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(r.err()).contains("not a mutexlab agent profile");
    }

    @Test
    void aMissingProfileIsOneLine(@TempDir Path dir) {
        Cli r = Cli.run("advise", dir.resolve("none.json").toString());

        assertThat(r.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(r.err()).contains("no such file");
        assertThat(Files.exists(dir.resolve("none.json"))).isFalse();
    }

    @Test
    void theProfileNamesTheJdkItRanOn() {
        ProfileReport r = new ProfileReport(ProfileReport.SCHEMA, "Main", "17.0.9", "Eclipse Adoptium", "/opt/jdk-17", 2,
                0, 0, null, null, List.of(), null);
        java.io.StringWriter out = new java.io.StringWriter();
        Advice.printSites(r, "platform", new java.io.PrintWriter(out, true));

        assertThat(out.toString()).contains("ran on Java 17.0.9 (Eclipse Adoptium, /opt/jdk-17)");
    }
}
