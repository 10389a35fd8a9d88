package dev.mutexlab.locks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/spec-reference.md} is generated from the registry ({@link Locks#specs()}), so it
 * cannot drift from what {@link Locks#create(String)} accepts: this test fails when the committed
 * file differs from {@link #render()}, and rewrites it when run with
 * {@code -Dmutexlab.specReference.write=true}:
 *
 * <pre>
 * mvn -pl locks test -Dtest=SpecReferenceTest -Dmutexlab.specReference.write=true
 * </pre>
 */
class SpecReferenceTest {
    private static final Path FILE = Path.of("../docs/spec-reference.md"); // tests run in locks/

    @Test
    void theCommittedReferenceMatchesTheRegistry() throws IOException {
        String expected = render();
        if (Boolean.getBoolean("mutexlab.specReference.write")) {
            Files.writeString(FILE, expected, StandardCharsets.UTF_8);
        }
        assertThat(Files.readString(FILE, StandardCharsets.UTF_8))
                .as("docs/spec-reference.md is stale; regenerate it (see SpecReferenceTest)").isEqualTo(expected);
    }

    @Test
    void everyListedOptionIsAcceptedAndEveryExampleBuilds() {
        for (Locks.Entry e : Locks.specs()) {
            for (String example : e.examples().keySet()) {
                assertThat(Locks.create(example)).as(example).isNotNull();
            }
            for (String option : e.options().keySet()) {
                String syntax = e.options().get(option).split(":", 2)[0];
                assertThat(syntax).as("option %s of %s starts with its syntax", option, e.name()).startsWith(option);
            }
        }
    }

    /** The reference, as Markdown. */
    static String render() {
        StringBuilder md = new StringBuilder();
        md.append("# Lock spec reference\n\n");
        md.append("Generated from the registry (`Locks.specs()`) by `SpecReferenceTest`, which fails when this file\n");
        md.append("differs from it; regenerate with\n");
        md.append("`mvn -pl locks test -Dtest=SpecReferenceTest -Dmutexlab.specReference.write=true`.\n\n");
        md.append("A spec is `name[:option]...`, an option `key=value` or a bare `flag`: `Locks.create(spec)` (any\n");
        md.append("lock), `Locks.mutex(spec)` (all but `jdk` and `jdk-fair`), the lab's `--locks`. Durations are\n");
        md.append("written as a number and a unit, `ns`, `us`, `ms` or `s` (`250us`, `1.5ms`). Every lock but\n");
        md.append("`jdk` and `jdk-fair` also takes `name=NAME`: the lock's name in `toString` and in the JFR events.\n");
        md.append("Options marked *experiment* are not API (`docs/compatibility.md`).\n\n");
        md.append("| lock | what it is |\n|---|---|\n");
        for (Locks.Entry e : Locks.specs()) {
            md.append("| [`").append(e.name()).append("`](#").append(e.name()).append(") | ")
                    .append(cell(e.description())).append(" |\n");
        }
        for (Locks.Entry e : Locks.specs()) {
            md.append("\n## ").append(e.name()).append("\n\n").append(e.description()).append(".\n\n");
            if (e.options().isEmpty()) {
                md.append("Options: none.\n");
            } else {
                md.append("| option | meaning |\n|---|---|\n");
                for (Map.Entry<String, String> o : e.options().entrySet()) {
                    String[] syntaxAndMeaning = o.getValue().split(": ", 2);
                    md.append("| `").append(cell(syntaxAndMeaning[0])).append("` | ")
                            .append(cell(syntaxAndMeaning.length > 1 ? syntaxAndMeaning[1] : "")).append(" |\n");
                }
            }
            md.append("\n| example | |\n|---|---|\n");
            for (Map.Entry<String, String> x : e.examples().entrySet()) {
                md.append("| `").append(x.getKey()).append("` | ").append(cell(x.getValue())).append(" |\n");
            }
        }
        return md.toString();
    }

    private static String cell(String text) {
        return text.replace("|", "\\|");
    }
}
