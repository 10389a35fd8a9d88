package dev.mutexlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReproduceCommandTest {
    @Test
    void planListsTheExperimentsAndTheEstimateWithoutMeasuring(@TempDir Path dir) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.execute(new String[] {"reproduce", "--quick", "--no-go", "--plan", "--out", dir.toString()},
                new PrintWriter(out, true), new PrintWriter(err, true));
        assertThat(status).isZero();
        assertThat(out.toString()).contains(Plan.SWEEP, Plan.TABLE, Plan.WAITS, Plan.SCALING, Plan.HYBRID, Plan.LINEUP)
                .doesNotContain(Plan.GO_SWEEP);
        assertThat(err.toString()).contains("--no-go: the Go columns are left out").contains("experiments left, about");
        assertThat(dir).isEmptyDirectory();
    }

    @Test
    void findingsOnlyOnAnEmptyFolderCannotTellAnything(@TempDir Path dir) {
        StringWriter out = new StringWriter();
        int status = Main.execute(new String[] {"reproduce", "--no-go", "--findings-only", "--out", dir.toString()},
                new PrintWriter(out, true), new PrintWriter(new StringWriter(), true));
        assertThat(status).isZero();
        assertThat(out.toString()).contains("cannot tell here").doesNotContain(" holds ").doesNotContain("SourceFigure[")
                .contains("source 1.11–2.04×");
        assertThat(dir.resolve("summary.md")).isRegularFile();
        assertThat(dir.resolve("index.html")).isRegularFile();
    }

    @Test
    void outUnderAMissingFolderIsOneLineAndExitTwoAndCreatesNothing(@TempDir Path dir) {
        StringWriter err = new StringWriter();
        Path out = dir.resolve("missing").resolve("page");
        int status = Main.execute(new String[] {"reproduce", "--quick", "--no-go", "--out", out.toString()},
                new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
        assertThat(status).isEqualTo(2);
        assertThat(err.toString().strip()).doesNotContain("\n").contains("does not exist").doesNotContain("Exception");
        assertThat(dir.resolve("missing")).doesNotExist();
    }

    @Test
    void outThatIsAFileIsOneLineAndExitTwoAndLeavesTheFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("page");
        java.nio.file.Files.writeString(file, "mine");
        StringWriter err = new StringWriter();
        int status = Main.execute(new String[] {"reproduce", "--findings-only", "--no-go", "--out", file.toString()},
                new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
        assertThat(status).isEqualTo(2);
        assertThat(err.toString().strip()).doesNotContain("\n").contains("not a folder").doesNotContain("Exception");
        assertThat(file).hasContent("mine");
    }
}
