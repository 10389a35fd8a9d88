package dev.mutexlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.mutexlab.lab.results.ResultIO;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A folder measured on another machine and brought back ({@code scripts/reproduce-manycore.sh},
 * then {@code --findings-only} at home): the page names the machine and the Go that measured it,
 * and the plan is the one for that machine's CPUs — not this machine's.
 */
class BroughtBackTest {
    /** The committed full run, from the lab module's folder (where Maven runs the tests). */
    private static final Path COMMITTED = Path.of("..", "docs", "reproduce-2cpu-full");

    /** Copies a committed result file into {@code dir} as if a 16-CPU machine had written it. */
    private static void asIfFromSixteenCpus(String file, Path dir) throws Exception {
        ObjectNode tree = (ObjectNode) ResultIO.json().readTree(COMMITTED.resolve(file).toFile());
        ((ObjectNode) tree.get("machine")).put("cpus", 16).put("cpuModel", "Big Iron");
        ResultIO.json().writeValue(dir.resolve(file).toFile(), tree);
    }

    @Test
    void findingsNameTheMachineAndGoThatMeasuredThem(@TempDir Path dir) throws Exception {
        asIfFromSixteenCpus(Plan.SCALING + ".json", dir);
        asIfFromSixteenCpus(Plan.GO_WAITS + ".json", dir);
        Files.writeString(dir.resolve("notes.json"), "{\"not\": \"a result\"}");

        assertThat(Reproduction.measuredCpus(dir)).hasValue(16);
        assertThat(Reproduction.hasGoResults(dir)).isTrue();
        assertThat(Reproduction.measuredCpus(dir.resolve("missing"))).isEmpty();

        new Reproduction(dir, Plan.of(16, false, Plan.Timing.FULL, true), Optional.empty(), "test",
                new PrintWriter(Writer.nullWriter())).writeFindings();
        String summary = Files.readString(dir.resolve("summary.md"));
        assertThat(summary).contains("Machine: Big Iron, 16 CPUs").contains("Go: go version go1.19.8 linux/amd64");
        assertThat(summary).contains("| wait-bound-64 | goroutines |");
    }

    @Test
    void withoutResultsTheSummaryFallsBackToThisMachine(@TempDir Path dir) {
        new Reproduction(dir, List.of(), Optional.empty(), "test", new PrintWriter(Writer.nullWriter())).writeFindings();
        assertThat(Reproduction.hasGoResults(dir)).isFalse();
        assertThat(dir.resolve("summary.md")).content().contains(Runtime.getRuntime().availableProcessors() + " CPUs")
                .contains("no Go toolchain");
    }
}
