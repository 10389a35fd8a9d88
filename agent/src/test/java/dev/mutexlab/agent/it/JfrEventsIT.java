package dev.mutexlab.agent.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The profile's JFR events: a program run with the agent and a recording from the start records
 * {@code dev.mutexlab.LockWait} and {@code dev.mutexlab.LockHold} with the lock's site, although
 * the event classes load on the boot class path with the agent; {@code jfr print} shows them.
 */
class JfrEventsIT {

    private static final String LEDGER_SITE = StacksProgram.class.getName() + "$Ledger.<init>(StacksProgram.java:";

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aRecordingHasTheWaitAndHoldEventsOfTheProfiledLockWithItsSite() throws Exception {
        Path recording = dir.resolve("rec.jfr");
        // LockWait's default threshold (20 ms) would keep none of the forced waits; LockHold is off by default
        Path settings = settings("on.jfc", "<setting name=\"enabled\">true</setting><setting name=\"threshold\">0 ms</setting>");
        ChildJvm.Outcome run = ChildJvm.run("profile,sample=1,frames=1,report=none",
                List.of("-XX:StartFlightRecording=dumponexit=true,settings=" + settings + ",filename=" + recording),
                StacksProgram.class);
        assertThat(run.exitCode()).as("exit code; stderr:%n%s", run.stderr()).isZero();
        assertThat(run.stdout()).contains("DONE");

        List<RecordedEvent> events = RecordingFile.readAllEvents(recording);
        // the program's lock; the JDK's own classes that JFR loads have profiled locks too
        List<RecordedEvent> waits = ofLedger(named(events, "dev.mutexlab.LockWait"));
        List<RecordedEvent> holds = ofLedger(named(events, "dev.mutexlab.LockHold"));
        assertThat(waits).as("LockWait events: the program's forced waits at least").hasSizeGreaterThanOrEqualTo(3);
        assertThat(holds).as("LockHold events: every timed hold (sample=1)").hasSizeGreaterThanOrEqualTo(3);
        for (RecordedEvent e : waits) {
            assertThat(e.getString("lockClass")).isEqualTo("java.util.concurrent.locks.ReentrantLock");
            assertThat(e.getThread()).isNotNull();
            assertThat(e.getDuration()).isGreaterThan(Duration.ZERO);
        }
        assertThat(holds).as("the forced rounds' holds kept a waiter waiting")
                .anySatisfy(e -> assertThat(e.getLong("waitCausedNanos")).isPositive());

        // the tool of the JDK the child ran on
        Path jfr = Path.of(ChildJvm.java()).getParent().resolve("jfr");
        Process print = new ProcessBuilder(jfr.toString(), "print", "--events", "dev.mutexlab.LockWait", recording.toString())
                .redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        String text = new String(print.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(print.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(print.exitValue()).as(text).isZero();
        assertThat(text).contains("dev.mutexlab.LockWait").contains("site = \"" + LEDGER_SITE);
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aRecordingThatDisablesTheEventsHasNone() throws Exception {
        Path recording = dir.resolve("off.jfr");
        Path settings = settings("off.jfc", "<setting name=\"enabled\">false</setting>");
        ChildJvm.Outcome run = ChildJvm.run("profile,sample=1,monitors=false,report=none",
                List.of("-XX:StartFlightRecording=dumponexit=true,settings=" + settings + ",filename=" + recording),
                StacksProgram.class);
        assertThat(run.exitCode()).as("exit code; stderr:%n%s", run.stderr()).isZero();
        List<RecordedEvent> events = RecordingFile.readAllEvents(recording);
        assertThat(named(events, "dev.mutexlab.LockWait")).isEmpty();
        assertThat(named(events, "dev.mutexlab.LockHold")).isEmpty();
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aRecordingStartedAfterTheLocksWereTakenHasTheEvents() throws Exception {
        Path recording = dir.resolve("late.jfr");
        ChildJvm.Outcome run = ChildJvm.run("profile,sample=1,monitors=false,report=none", List.of(),
                LateRecordingProgram.class, recording.toString());
        assertThat(run.exitCode()).as("exit code; stderr:%n%s", run.stderr()).isZero();
        assertThat(run.stdout()).contains("DONE");
        List<RecordedEvent> waits = named(RecordingFile.readAllEvents(recording), "dev.mutexlab.LockWait");
        assertThat(waits).filteredOn(e -> e.getString("site").startsWith(StacksProgram.class.getName() + "$AutoLock.<init>("))
                .as("the three waits forced while it recorded").hasSizeGreaterThanOrEqualTo(3);
    }

    /** A {@code .jfc} that gives both events {@code settingsXml}. */
    private Path settings(String name, String settingsXml) throws Exception {
        Path file = dir.resolve(name);
        Files.writeString(file, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<configuration version=\"2.0\">\n"
                + "  <event name=\"dev.mutexlab.LockWait\">" + settingsXml + "</event>\n"
                + "  <event name=\"dev.mutexlab.LockHold\">" + settingsXml + "</event>\n</configuration>\n");
        return file;
    }

    private static List<RecordedEvent> ofLedger(List<RecordedEvent> events) {
        return events.stream().filter(e -> e.getString("site").startsWith(LEDGER_SITE)).toList();
    }

    private static List<RecordedEvent> named(List<RecordedEvent> events, String name) {
        return events.stream().filter(e -> e.getEventType().getName().equals(name)).toList();
    }
}
