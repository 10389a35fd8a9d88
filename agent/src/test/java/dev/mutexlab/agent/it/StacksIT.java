package dev.mutexlab.agent.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A program whose callers contend through a wrapper that allocates their lock: with
 * {@code frames=1} the profile names the caller that constructed the wrapper, and its stacks (in
 * the JSON and in the collapsed file) name the callers' methods, waiters' and blamed holder's.
 */
class StacksIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PROGRAM = StacksProgram.class.getName();
    private static final String LEDGER = PROGRAM + "$Ledger";
    private static final String AUTO_LOCK = PROGRAM + "$AutoLock";

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void theStacksOfAWrappedLockNameTheCallersMethodsAndBlameAHolder() throws Exception {
        Path report = dir.resolve("stacks.json");
        Path collapsed = dir.resolve("stacks.collapsed");
        ChildJvm.Outcome run = ChildJvm.run("profile,sample=1,frames=1,stackInterval=0,monitors=false,report=none,out="
                + report + ",collapsed=" + collapsed, List.of(), StacksProgram.class);
        assertThat(run.exitCode()).as("exit code; stderr:%n%s", run.stderr()).isZero();
        assertThat(run.stdout()).contains("DONE");

        JsonNode json = JSON.readTree(report.toFile());
        assertThat(json.get("options").get("stacks").asBoolean()).isTrue();
        JsonNode sites = json.get("sites");
        assertThat(ReportJson.find(sites, AUTO_LOCK)).as("frames=1: the wrapper's own site reports through its caller's").isNull();
        JsonNode site = ReportJson.find(sites, LEDGER);
        assertThat(site).as("the caller's site in sites").isNotNull();
        assertThat(site.get("method").asText()).isEqualTo("<init>");
        JsonNode stacks = site.get("stacks");
        assertThat(stacks).as("the site's stacks").isNotNull();

        assertThat(stacks.get("waiterWalks").asLong()).isGreaterThanOrEqualTo(3);
        List<String> waiterFrames = frames(stacks.get("waiters"));
        assertThat(waiterFrames).anySatisfy(f -> assertThat(f).startsWith(LEDGER + ".transfer("));
        for (JsonNode s : stacks.get("waiters")) {
            assertThat(s.get("frames").get(0).asText()).as("the lock's frames dropped: the wrapper is on top")
                    .startsWith(AUTO_LOCK + ".lock(");
        }
        assertThat(stacks.get("holderWalks").asLong()).as("the forced rounds' releases kept a waiter waiting")
                .isGreaterThanOrEqualTo(3);
        assertThat(frames(stacks.get("holders"))).anySatisfy(f -> assertThat(f).startsWith(LEDGER + ".audit("));
        assertThat(stacks.get("holders").get(0).get("waitNanos").asLong()).isPositive();

        List<String> lines = Files.readAllLines(collapsed);
        assertThat(lines).allSatisfy(line -> assertThat(line).matches("(waiters|holders);[^; ]+(;[^; ]+)* \\d+"));
        String root = ";" + LEDGER + ".<init>(StacksProgram.java:";
        assertThat(lines).anySatisfy(line -> assertThat(line).startsWith("waiters" + root)
                .contains(";" + LEDGER + ".transfer;" + AUTO_LOCK + ".lock "));
        assertThat(lines).anySatisfy(line -> assertThat(line).startsWith("holders" + root)
                .contains(";" + LEDGER + ".audit;" + AUTO_LOCK + ".unlock "));
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void stacksOffLeaveNoStacksAndTheProgramRunsTheSame() throws Exception {
        Path report = dir.resolve("nostacks.json");
        ChildJvm.Outcome run = ChildJvm.run("profile,sample=1,stacks=false,monitors=false,report=none,out=" + report,
                List.of(), StacksProgram.class);
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).contains("DONE");
        JsonNode json = JSON.readTree(report.toFile());
        assertThat(json.get("options").get("stacks").asBoolean()).isFalse();
        JsonNode site = ReportJson.find(json.get("sites"), AUTO_LOCK);
        assertThat(site).isNotNull();
        assertThat(site.get("contended").asLong()).isPositive();
        assertThat(site.get("stacks")).isNull();
    }

    private static List<String> frames(JsonNode stacks) {
        List<String> all = new ArrayList<>();
        for (JsonNode s : stacks) {
            for (JsonNode f : s.get("frames")) {
                all.add(f.asText());
            }
        }
        return all;
    }
}
