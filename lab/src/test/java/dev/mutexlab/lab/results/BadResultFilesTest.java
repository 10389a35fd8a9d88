package dev.mutexlab.lab.results;

import dev.mutexlab.lab.Cli;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** report and compare name the file and the problem in one line, exit 2, for every kind of bad file. */
class BadResultFilesTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
            "another schema   | {\"schema\":\"mutexlab.run/9\",\"groups\":[]}                 | unsupported schema 'mutexlab.run/9'",
            "torture report   | {\"schema\":\"mutexlab.torture/1\",\"locks\":[]}             | a torture report",
            "truncated        | {\"schema\":\"mutexlab.run/1\",\"groups\":[{\"threads\":\"pla | corrupt or truncated JSON",
            "not JSON         | <html>oops</html>                                              | corrupt or truncated JSON",
            "no schema        | {\"groups\":[]}                                                | no \"schema\" field",
            "array            | [1,2,3]                                                        | not a JSON object",
            "no groups        | {\"schema\":\"mutexlab.sweep/1\",\"config\":null}              | incomplete mutexlab.sweep/1 file",
            "wrong types      | {\"schema\":\"mutexlab.run/1\",\"groups\":\"many\"}            | fields of the wrong type"})
    void badFilesGetOneLineNamingTheFileAndExitTwo(String what, String content, String problem) throws Exception {
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, content);
        for (String[] args : new String[][] {{"report", bad.toString(), "-o", dir.resolve("r.html").toString()},
                {"compare", bad.toString(), bad.toString()}}) {
            Cli r = Cli.run(args);
            assertThat(r.exit()).as(what + ": " + r.err()).isEqualTo(2);
            assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
            assertThat(r.err()).startsWith("mutexlab: " + bad).contains(problem).doesNotContain("Exception");
        }
        assertThat(dir.resolve("r.html")).doesNotExist();
    }

    @ParameterizedTest
    @CsvSource({"empty", "missing"})
    void emptyOrMissingFilesToo(String what) throws Exception {
        Path bad = dir.resolve(what + ".json");
        if (what.equals("empty")) {
            Files.writeString(bad, "");
        }
        Cli r = Cli.run("compare", bad.toString(), bad.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).startsWith("mutexlab: " + bad).contains(what.equals("empty") ? "empty" : "no such file");
    }
}
