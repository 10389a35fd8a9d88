package dev.mutexlab.agent.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code synchronized} blocks and methods in the profile: sites, holds and waits, both thread kinds, the JIT. */
class MonitorIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PROGRAM = MonitorProgram.class.getName();

    @TempDir
    Path dir;

    /** The line of {@code MonitorProgram.java} marked {@code // SITE name}. */
    private static int line(String name) throws IOException {
        Path source = Path.of("src/test/java", PROGRAM.replace('.', '/') + ".java");
        List<String> lines = Files.readAllLines(source);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).endsWith("// SITE " + name)) {
                return i + 1;
            }
        }
        throw new AssertionError("no line marked SITE " + name + " in " + source);
    }

    /** The monitor site of {@code method} in {@code sites}, or null. */
    private static JsonNode site(JsonNode sites, String method) {
        for (JsonNode s : sites) {
            if (s.get("class").asText().equals(PROGRAM) && s.get("method").asText().equals(method)) {
                return s;
            }
        }
        return null;
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aContendedBlockIsNamedWithHoldAndWaitOnPlatformAndVirtualThreads() throws Exception {
        Path report = dir.resolve("monitors.json");
        ChildJvm.Outcome run = ChildJvm.run("profile,sample=1,out=" + report, List.of(), MonitorProgram.class);
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        boolean virtual = ChildJvm.javaFeature() >= 21;
        assertThat(run.stdout()).contains("PLATFORM=8000").contains("METHOD=" + (virtual ? 16000 : 8000));
        if (virtual) {
            assertThat(run.stdout()).contains("VIRTUAL=8000");
        }
        JsonNode json = JSON.readTree(report.toFile());
        assertThat(json.get("rewrites").get("monitorClasses").asInt()).isPositive();
        JsonNode sites = json.get("sites");
        assertContendedBlock(site(sites, "platformRound"), line("platform"));
        if (virtual) {
            assertContendedBlock(site(sites, "virtualRound"), line("virtual"));
        }
        JsonNode method = site(sites, "counted");
        assertThat(method).as("the synchronized method's site").isNotNull();
        assertThat(method.get("kind").asText()).isEqualTo("monitor-method");
        assertThat(method.get("line").asInt()).isEqualTo(line("method") + 1);   // its first line of code
        assertThat(method.get("acquisitions").asLong()).isEqualTo(virtual ? 16000 : 8000);
        assertThat(method.get("holdNanos").get("count").asLong()).isPositive();
        // the table names the block by its file and line
        assertThat(run.stderr()).contains("MonitorProgram.java:" + line("platform") + ")");
    }

    private static void assertContendedBlock(JsonNode site, int line) {
        assertThat(site).as("the block's site at line " + line).isNotNull();
        assertThat(site.get("kind").asText()).isEqualTo("monitor");
        assertThat(site.get("line").asInt()).isEqualTo(line);
        assertThat(site.get("site").asText()).endsWith("(MonitorProgram.java:" + line + ")");
        assertThat(site.get("lockClass").asText()).isEqualTo("java.lang.Object");
        assertThat(site.get("acquisitions").asLong()).isEqualTo(8000);
        assertThat(site.get("timed").asLong()).isEqualTo(8000);
        assertThat(site.get("contended").asLong()).isPositive();
        assertThat(site.get("threads").asLong()).isEqualTo(4);
        for (String histogram : List.of("holdNanos", "waitNanos")) {
            JsonNode h = site.get(histogram);
            assertThat(h.get("count").asLong()).as(histogram).isPositive();
            assertThat(h.get("p50").asDouble()).as(histogram).isPositive();
            assertThat(h.get("p99").asDouble()).as(histogram).isPositive();
        }
        // a holder stays inside for at least 1 ms now and then: the longest hold is at least that
        assertThat(site.get("holdNanos").get("max").asDouble()).isGreaterThanOrEqualTo(1_000_000);
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void monitorsFalseLeavesTheMonitorsUnprobed() throws Exception {
        Path report = dir.resolve("off.json");
        ChildJvm.Outcome run = ChildJvm.run("profile,monitors=false,out=" + report, List.of(), MonitorProgram.class, "hot");
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        JsonNode json = JSON.readTree(report.toFile());
        assertThat(json.get("rewrites").get("monitorClasses").asInt()).isZero();
        assertThat(site(json.get("sites"), "hot")).isNull();

        ChildJvm.Outcome bad = ChildJvm.run("profile,monitors=maybe", List.of(), MonitorProgram.class, "hot");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.stdout()).doesNotContain("HOT=");
        assertThat(bad.stderr().lines().filter(l -> !l.isBlank()).toList()).hasSize(1);
        assertThat(bad.stderr()).startsWith("mutexlab-agent: option 'monitors'");
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void theJitCompilesAHotProbedMethod() throws Exception {
        Path report = dir.resolve("hot.json");
        // -Xbatch: each compilation finishes before the program goes on, so the loop sees it done
        ChildJvm.Outcome run = ChildJvm.run("profile,out=" + report, List.of("-Xbatch", "-XX:+PrintCompilation"),
                MonitorProgram.class, "hot");
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        JsonNode hot = site(JSON.readTree(report.toFile()).get("sites"), "hot");
        assertThat(hot).as("the hot block's site").isNotNull();
        assertThat(hot.get("acquisitions").asLong()).isEqualTo(300_000);
        assertThat(hot.get("timed").asLong()).isEqualTo((300_000 + 63) / 64);   // the 1st, 65th, ...: sample=64
        String method = PROGRAM + "::hot ";
        List<String> compiles = run.stdout().lines().filter(l -> l.contains(method)).toList();
        assertThat(compiles).as(run.stdout()).noneMatch(l -> l.contains("COMPILE SKIPPED") || l.contains("not compilable"));
        // PrintCompilation: time, id, flags (% for on-stack replacement), tier, method
        assertThat(compiles).as("a C2 (tier 4) compilation of hot, not on-stack: " + compiles)
                .anyMatch(l -> !l.contains("%") && tier(l, method) == 4);
    }

    private static int tier(String line, String method) {
        String[] before = line.substring(0, line.indexOf(method)).trim().split("\\s+");
        try {
            return Integer.parseInt(before[before.length - 1]);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
