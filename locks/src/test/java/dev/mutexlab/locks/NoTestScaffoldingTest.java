package dev.mutexlab.locks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A shipped class carries no test scaffolding: no name in {@code locks/src/main/java} ends in
 * {@code ForTest}. A test that needs to stop or observe a lock passes a subclass of the lock's
 * package-private {@code ...Hooks} class, whose methods are empty, or reads a package-private field.
 */
class NoTestScaffoldingTest {
    private static final Path SOURCES = Path.of("src/main/java");
    private static final Pattern FOR_TEST = Pattern.compile("\\b\\w+ForTest\\b");

    @Test
    void noShippedClassNamesAnythingForTest() throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(SOURCES)) {
            files = walk.filter(p -> p.toString().endsWith(".java")).toList();
        }
        assertThat(files).as("library sources under %s", SOURCES.toAbsolutePath()).isNotEmpty();
        List<String> found = new ArrayList<>();
        for (Path f : files) {
            {
                found.addAll(scaffolding(f.toString(), read(f)));
            }
        }
        assertThat(found).isEmpty();
    }

    @Test
    void aForTestNameIsFound() {
        assertThat(scaffolding("X.java", "class X {\n    volatile int stateForTest;\n    int plain;\n}\n"))
                .containsExactly("X.java:2: stateForTest");
    }

    /** One line per ForTest name: file, line number and the name. */
    static List<String> scaffolding(String file, String text) {
        List<String> out = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Matcher m = FOR_TEST.matcher(lines[i]);
            while (m.find()) {
                out.add(file + ":" + (i + 1) + ": " + m.group());
            }
        }
        return out;
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
