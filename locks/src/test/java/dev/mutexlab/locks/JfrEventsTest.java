package dev.mutexlab.locks;

import static dev.mutexlab.locks.ThreadKind.join;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.locks.internal.MutexStatisticsEvent;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.stream.Stream;
import jdk.jfr.Configuration;
import jdk.jfr.EventType;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The JFR events, recorded in-process and read back with {@link RecordingFile}: a contended
 * acquisition of every library lock produces {@code dev.mutexlab.MutexContended} with the lock's
 * class and identity, how it was won, the queue it saw and the acquiring stack; the threshold keeps
 * short waits out; {@code dev.mutexlab.MutexStatistics} carries the lock's counters.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JfrEventsTest {
    private static final String CONTENDED = "dev.mutexlab.MutexContended";
    private static final String STATISTICS = "dev.mutexlab.MutexStatistics";

    @TempDir
    Path tmp;

    static Stream<String> librarySpecs() {
        return Locks.exampleSpecs().stream().filter(s -> Locks.create(s) instanceof AbstractMutex);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("librarySpecs")
    void contendedAcquisitionsAreRecordedWithTheirFields(String spec) throws Exception {
        Lock lock = Locks.create(spec);
        List<RecordedEvent> events;
        try (Recording r = new Recording()) {
            r.enable(CONTENDED).withThreshold(Duration.ZERO).withStackTrace();
            r.start();
            twoWaitersQueueBehindTheHolder(lock);
            events = stopAndRead(r, CONTENDED, lock);
        }
        assertThat(events).as("one event per waiter").hasSize(2);
        for (RecordedEvent e : events) {
            assertThat(e.getClass("lockClass").getName()).isEqualTo(lock.getClass().getName());
            assertThat(e.getDuration()).as("wait").isPositive();
            assertThat(e.getString("how")).as("both waiters slept").isIn("WOKEN", "HANDOFF");
            if (spec.equals("semaphore:handoff")) {
                assertThat(e.getString("how")).isEqualTo("HANDOFF");
            }
            assertThat(e.getStackTrace()).isNotNull();
            List<RecordedFrame> frames = e.getStackTrace().getFrames();
            assertThat(frames).as("the acquiring call and its caller")
                    .anyMatch(f -> f.getMethod().getType().getName().equals(AbstractMutex.class.getName())
                            && f.getMethod().getName().equals("lock"))
                    .anyMatch(f -> f.getMethod().getType().getName().equals(JfrEventsTest.class.getName()));
        }
        assertThat(events.stream().mapToInt(e -> e.getInt("queueLength")).max().orElse(-1))
                .as("the second waiter saw the first queued").isGreaterThanOrEqualTo(1);
    }

    @Test
    void waitsShorterThanTheThresholdAreLeftOut() throws Exception {
        Lock lock = Locks.create("go");
        try (Recording r = new Recording()) {
            r.enable(CONTENDED).withThreshold(Duration.ofHours(1)); // no wait in this test lasts an hour
            r.start();
            twoWaitersQueueBehindTheHolder(lock);
            assertThat(stopAndRead(r, CONTENDED, lock)).isEmpty();
        }
    }

    @Test
    void statisticsEventCarriesTheLocksCounters() throws Exception {
        Lock lock = Locks.create("go:stats");
        List<RecordedEvent> events;
        LockStats stats;
        try (Recording r = new Recording()) {
            r.enable(STATISTICS).with("period", "endChunk"); // emitted once, when the recording stops
            r.start();
            twoWaitersQueueBehindTheHolder(lock);
            stats = ((Mutex) lock).stats();
            events = stopAndRead(r, STATISTICS, lock);
        }
        assertThat(events).hasSize(1);
        RecordedEvent e = events.get(0);
        assertThat(e.getClass("lockClass").getName()).isEqualTo(GoMutex.class.getName());
        assertThat(stats.count(LockEvent.CONTENDED_ACQUIRE)).isGreaterThanOrEqualTo(2);
        assertThat(stats.count(LockEvent.PARK)).isGreaterThanOrEqualTo(2);
        for (LockEvent event : LockEvent.values()) {
            assertThat(e.getLong(fieldName(event))).as(event.name()).isEqualTo(stats.count(event));
        }
    }

    @Test
    void statisticsEventHasAFieldForEveryLockEvent() {
        EventType type = EventType.getEventType(MutexStatisticsEvent.class);
        for (LockEvent event : LockEvent.values()) {
            assertThat(type.getField(fieldName(event))).as("field for " + event).isNotNull();
        }
        assertThat(type.getField("lockName")).isNotNull();
        assertThat(type.getName()).isEqualTo(STATISTICS);
    }

    @Test
    void contendedEventIsOffByDefaultAndProductionSafeWhenOn() throws Exception {
        try (Recording r = new Recording()) {
            r.start(); // a recording with no settings: every event at its annotated defaults
            twoWaitersQueueBehindTheHolder(Locks.create("go"));
            r.stop();
        }
        EventType type = FlightRecorder.getFlightRecorder().getEventTypes().stream()
                .filter(t -> t.getName().equals(CONTENDED)).findFirst().orElseThrow();
        assertThat(setting(type, "enabled")).isEqualTo("false");
        assertThat(setting(type, "threshold")).isEqualTo("20 ms"); // as jdk.JavaMonitorEnter
        assertThat(setting(type, "stackTrace")).isEqualTo("false");
        assertThat(type.getField("lockName")).isNotNull();
    }

    @Test
    void theLabSettingsFileStillRecordsShortWaitsWithStacks() throws Exception {
        String jfc;
        try (var in = Mutex.class.getResourceAsStream("mutexlab.jfc")) {
            jfc = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        Configuration c = Configuration.create(new java.io.StringReader(jfc));
        assertThat(c.getSettings()).containsEntry(CONTENDED + "#enabled", "true")
                .containsEntry(CONTENDED + "#threshold", "20 us").containsEntry(CONTENDED + "#stackTrace", "true");
    }

    @Test
    void aNamedLocksEventsCarryItsName() throws Exception {
        Lock lock = Locks.create("go:name=cache");
        List<RecordedEvent> events;
        try (Recording r = new Recording()) {
            r.enable(CONTENDED).withThreshold(Duration.ZERO);
            r.start();
            twoWaitersQueueBehindTheHolder(lock);
            events = stopAndRead(r, CONTENDED, lock);
        }
        assertThat(events).isNotEmpty().allMatch(e -> "cache".equals(e.getString("lockName")));
        assertThat(lock.toString()).startsWith("GoMutex 'cache'[");
    }

    private static String setting(EventType type, String name) {
        return type.getSettingDescriptors().stream().filter(d -> d.getName().equals(name))
                .findFirst().orElseThrow().getDefaultValue();
    }

    /** CONTENDED_ACQUIRE -> contendedAcquire. */
    private static String fieldName(LockEvent event) {
        StringBuilder sb = new StringBuilder();
        for (String part : event.name().toLowerCase(java.util.Locale.ROOT).split("_")) {
            sb.append(sb.isEmpty() ? part : Character.toUpperCase(part.charAt(0)) + part.substring(1));
        }
        return sb.toString();
    }

    /**
     * The test thread holds {@code lock} while two platform threads queue behind it, one after the
     * other (each parked before the next starts), then releases it; both acquire and release.
     */
    private static void twoWaitersQueueBehindTheHolder(Lock lock) throws InterruptedException {
        Runnable waiter = () -> {
            lock.lock();
            lock.unlock();
        };
        lock.lock();
        Thread first;
        Thread second;
        try {
            first = ThreadKind.PLATFORM.start(waiter);
            Hammer.awaitParked(first, 20_000);
            second = ThreadKind.PLATFORM.start(waiter);
            Hammer.awaitParked(second, 20_000);
        } finally {
            lock.unlock();
        }
        join(first, 20_000);
        join(second, 20_000);
    }

    private List<RecordedEvent> stopAndRead(Recording r, String name, Lock lock) throws Exception {
        r.stop();
        Path file = tmp.resolve("events.jfr");
        r.dump(file);
        int id = System.identityHashCode(lock);
        return RecordingFile.readAllEvents(file).stream()
                .filter(e -> e.getEventType().getName().equals(name) && e.getInt("lockId") == id)
                .toList();
    }
}
