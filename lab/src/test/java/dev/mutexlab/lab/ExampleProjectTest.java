package dev.mutexlab.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's example project ({@code examples/hello-locks}) compiles against the library alone, on
 * the library's Java release, and runs correctly. (scripts/check-library builds it with Maven from the
 * installed artifact, as a user would.)
 */
class ExampleProjectTest {
    @TempDir
    Path classes;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void theExampleCompilesAgainstTheLibraryAndCounts() throws Exception {
        Path source = Path.of("..", "examples", "hello-locks", "src", "main", "java", "example", "HelloLocks.java");
        Path library = Path.of(dev.mutexlab.locks.Locks.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        int compiled = ToolProvider.getSystemJavaCompiler().run(null, null, null, "--release", "21", "-Xlint:all", "-Werror",
                "-cp", library.toString(), "-d", classes.toString(), source.toString());
        assertThat(compiled).as("javac exit status").isZero();

        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                classes + File.pathSeparator + library, "example.HelloLocks").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(p.exitValue()).as(out).isZero();
        List<String> lines = out.lines().toList();
        assertThat(lines).hasSize(3).allSatisfy(line -> assertThat(line).endsWith(": count = 400000"));
        assertThat(lines.get(0)).startsWith("SpinbitMutex");
        assertThat(Files.exists(source)).isTrue();
    }
}
