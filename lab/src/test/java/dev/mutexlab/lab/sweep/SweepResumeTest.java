package dev.mutexlab.lab.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mutexlab.lab.config.LabLock;
import dev.mutexlab.lab.config.Outside;
import dev.mutexlab.lab.config.RunConfig;
import dev.mutexlab.lab.config.Shape;
import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.results.ResultFiles;
import dev.mutexlab.lab.results.ShapeResult;
import dev.mutexlab.lab.results.SweepResult;
import dev.mutexlab.lab.results.UsageException;
import dev.mutexlab.lab.runner.Progress;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A sweep stopped midway resumes from its journal and measures every shape exactly once. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SweepResumeTest {
    @TempDir
    Path dir;

    private static final RunConfig CONFIG = new RunConfig(List.of(LabLock.parse("go"), LabLock.parse("jdk")),
            List.of(ThreadKind.PLATFORM), List.of(1), List.of(2), List.of(1_000L, 5_000L),
            List.of(Outside.parse("0"), Outside.parse("1x")), 15_000_000, 5_000_000, 1, true).validate(1);

    private static Progress quiet(long total) {
        return new Progress(new PrintWriter(Writer.nullWriter()), total, false);
    }

    @Test
    void stoppedSweepResumesWithoutMeasuringAFinishedShapeTwice() throws Exception {
        Path out = dir.resolve("sweep.json");
        Sweep first = Sweep.open(CONFIG, "", "mutexlab sweep (test)", out).stopAfterShapes(2);
        assertThat(first.run(SweepResumeTest::quiet)).isEmpty();
        assertThat(out).doesNotExist();
        assertThat(first.journalFile()).exists();
        List<Shape> firstShapes = first.measuredThisSession();
        assertThat(firstShapes).hasSize(2);
        List<ShapeResult> journaled = new ArrayList<>();
        for (String line : Files.readAllLines(first.journalFile()).subList(1, 3)) {
            journaled.add(dev.mutexlab.lab.results.ResultIO.json().readValue(line, SweepJournal.Entry.class).shape());
        }

        Sweep second = Sweep.open(CONFIG, "", "mutexlab sweep (test)", out);
        assertThat(second.shapesDone()).isEqualTo(2);
        assertThat(second.measurementsLeft()).isEqualTo(2 * 2 * 1);
        Optional<SweepResult> result = second.run(SweepResumeTest::quiet);

        assertThat(result).isPresent();
        assertThat(second.measuredThisSession()).hasSize(2).doesNotContainAnyElementsOf(firstShapes);
        List<Shape> all = new ArrayList<>(firstShapes);
        all.addAll(second.measuredThisSession());
        assertThat(new HashSet<>(all)).isEqualTo(new HashSet<>(CONFIG.shapes(ThreadKind.PLATFORM, 1)));
        SweepResult r = ResultFiles.load(out).sweep();
        assertThat(r.schema()).isEqualTo(SweepResult.SCHEMA);
        assertThat(r.sessions()).isEqualTo(2);
        List<ShapeResult> shapes = r.groups().getFirst().shapes();
        assertThat(shapes.stream().map(Shape::of).toList()).isEqualTo(CONFIG.shapes(ThreadKind.PLATFORM, 1));
        assertThat(shapes).as("the first session's shapes are kept as measured").containsAll(journaled);
        assertThat(r.summary()).hasSize(2 * 2).allSatisfy(row -> assertThat(row.shapes()).isEqualTo(1));
        assertThat(second.journalFile()).doesNotExist();
    }

    @Test
    void aBudgetGivesEveryUndecidedShapeTheBatchesAVerdictNeeds() throws Exception {
        Path out = dir.resolve("budget.json");
        // one planned batch decides nothing; a budget far above what four shapes need adds at least four each
        Optional<SweepResult> result = Sweep.open(CONFIG, "", "test", out, TimeUnit.SECONDS.toNanos(40))
                .run(SweepResumeTest::quiet);
        assertThat(result).isPresent();
        for (ShapeResult shape : ResultFiles.load(out).sweep().groups().getFirst().shapes()) {
            int batches = shape.locks().getFirst().runs().size();
            assertThat(batches).as(Shape.of(shape).toString()).isGreaterThanOrEqualTo(5);
            assertThat(shape.locks()).allSatisfy(l -> assertThat(l.runs()).hasSize(batches));
        }
    }

    @Test
    void aTornLastJournalLineIsCutOff() throws Exception {
        Path out = dir.resolve("torn.json");
        Sweep first = Sweep.open(CONFIG, "", "test", out).stopAfterShapes(1);
        first.run(SweepResumeTest::quiet);
        Files.writeString(first.journalFile(), "{\"session\":1,\"group\":{\"thre", StandardOpenOption.APPEND);
        Sweep second = Sweep.open(CONFIG, "", "test", out);
        assertThat(second.shapesDone()).isEqualTo(1);
        assertThat(Files.readString(second.journalFile())).endsWith("\n");
    }

    @Test
    void aJournalOfOtherOptionsIsNotResumed() throws Exception {
        Path out = dir.resolve("other.json");
        Sweep.open(CONFIG, "", "test", out);
        RunConfig other = new RunConfig(CONFIG.locks(), CONFIG.threads(), CONFIG.procs(), List.of(3), CONFIG.holdNanos(),
                CONFIG.outside(), CONFIG.durationNanos(), CONFIG.warmupNanos(), CONFIG.runs(), true);
        assertThatThrownBy(() -> Sweep.open(other, "", "test", out)).isInstanceOf(UsageException.class)
                .hasMessageContaining("other.json.journal").hasMessageContaining("other options");
    }
}
