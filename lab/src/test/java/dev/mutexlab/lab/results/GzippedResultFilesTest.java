package dev.mutexlab.lab.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mutexlab.lab.Cli;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A result file kept gzipped ({@code NAME.json.gz}, as docs/results keeps its larger ones) reads as the file itself. */
class GzippedResultFilesTest {
    private static final Path ROOT = Files.isRegularFile(Path.of("docs/figures.md")) ? Path.of(".") : Path.of("..");
    private static final Path REAL = ROOT.resolve("docs/results/real-2cpu.json");

    @TempDir
    Path dir;

    private Path gzipped(Path file) throws Exception {
        Path gz = dir.resolve(file.getFileName() + ".gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(Files.readAllBytes(file));
        }
        return gz;
    }

    @Test
    void aGzippedResultLoadsAsTheFileItself() throws Exception {
        Path gz = gzipped(REAL);
        RealResult plain = ResultFiles.load(REAL).real();
        RealResult read = ResultFiles.load(gz).real();
        assertThat(ResultIO.json().writeValueAsString(read)).isEqualTo(ResultIO.json().writeValueAsString(plain));
        assertThat(ResultIO.read(gz, RealResult.class).groups()).hasSameSizeAs(plain.groups());
    }

    @Test
    void censusReadsAGzippedRun() throws Exception {
        Cli r = Cli.run("census", gzipped(REAL).toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("LiTL table").contains("The question");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"schema\":\"mutexlab.real/1\"}", "x"})   // not gzip at all; one byte, cut short
    void aCorruptGzipIsOneLineNamingTheFile(String content) throws Exception {
        Path bad = dir.resolve("bad.json.gz");
        Files.writeString(bad, content);
        assertThatThrownBy(() -> ResultFiles.load(bad)).isInstanceOf(UsageException.class)
                .hasMessageStartingWith(bad.toString()).hasMessageNotContaining("\n");
        Cli r = Cli.run("census", bad.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err().strip().lines()).singleElement().asString().startsWith("mutexlab: " + bad)
                .doesNotContain("null");
    }
}
