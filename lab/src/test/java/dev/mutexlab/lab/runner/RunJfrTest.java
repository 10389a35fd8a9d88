package dev.mutexlab.lab.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.Cli;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code mutexlab run --jfr}: the measuring JVMs' recordings, joined into one file that JFR reads. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RunJfrTest {
    @TempDir
    Path dir;

    @Test
    void runRecordsContendedAcquisitionsOfEveryMeasuringJvm() throws Exception {
        Path jfr = dir.resolve("x.jfr");
        // 3 platform workers on 1 CPU that are always inside the lock (no work outside): whenever the
        // scheduler switches workers, which it must within a few ms, it preempts the holder, and the
        // worker that runs next waits for milliseconds, far above the 20 us threshold.
        Cli o = Cli.run("run", "--locks", "go,jdk", "--workers", "3", "--procs", "1", "--hold", "200us",
                "--outside", "0", "--duration", "100ms", "--warmup", "20ms", "--runs", "1", "--budget", "0s", "--threads", "platform,virtual",
                "--out", dir.resolve("r.json").toString(), "--jfr", jfr.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.out()).contains("JFR: " + jfr).as("one recording per thread kind, joined").contains("(2 JVMs");
        List<RecordedEvent> events = RecordingFile.readAllEvents(jfr);
        List<RecordedEvent> contended = events.stream()
                .filter(e -> e.getEventType().getName().equals("dev.mutexlab.MutexContended")).toList();
        assertThat(contended).isNotEmpty();
        for (RecordedEvent e : contended) {
            assertThat(e.getClass("lockClass").getName()).isEqualTo("dev.mutexlab.locks.GoMutex");
            assertThat(e.getDuration().toNanos()).isGreaterThanOrEqualTo(20_000L);
            assertThat(e.getString("how")).isIn("BARGING", "SPINNING", "WOKEN", "HANDOFF");
        }
        assertThat(contended).as("a platform thread waited (virtual threads on one carrier are never preempted)")
                .anyMatch(e -> e.getThread() != null && !e.getThread().isVirtual());
        assertThat(dir.toFile().list()).containsExactlyInAnyOrder("r.json", "x.jfr");
    }
}
