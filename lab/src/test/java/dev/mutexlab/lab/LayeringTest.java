package dev.mutexlab.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The lab's layers, bottom up, and the rule that each package uses only packages of lower layers.
 * This list is the one place the order lives; {@code docs/design.md} describes it and the
 * package-info files say where each package stands. Packages within one layer do not use each
 * other. A new package goes into a layer here, or this test fails.
 *
 * <p>"Uses" means any mention of {@code dev.mutexlab.lab.<package>} in a source file under
 * {@code lab/src/main/java}: an import, a qualified name, or a {@code {@link}} in a comment (a link
 * up is a dependency a reader follows). A class of the top package {@code dev.mutexlab.lab} (such
 * as {@code Main}) counts as the top layer.
 */
class LayeringTest {
    private static final String TOP = "(top)";

    /** Bottom first. */
    static final List<List<String>> LAYERS = List.of(
            List.of("stats", "goruntime"),
            List.of("results"),
            List.of("config"),
            List.of("workload"),
            List.of("runner"),
            List.of("compare"),
            List.of("report"),
            List.of("sweep", "gobench", "fairness", "torture", "gotoolchain", "jmh", "apps", "real"),
            List.of("reproduce"),
            List.of("cli"),
            List.of(TOP));

    private static final Path SOURCES = Path.of("src/main/java/dev/mutexlab/lab");
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package dev\\.mutexlab\\.lab(?:\\.(\\w+))?;");
    private static final Pattern MENTION = Pattern.compile("\\bdev\\.mutexlab\\.lab\\.(\\w+)");

    @Test
    void everyPackageUsesOnlyLowerLayers() throws IOException {
        Map<String, String> sources = new TreeMap<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            files.filter(p -> p.toString().endsWith(".java")).forEach(p -> sources.put(p.toString(), read(p)));
        }
        assertThat(sources).as("lab sources under %s", SOURCES.toAbsolutePath()).isNotEmpty();
        assertThat(violations(sources)).isEmpty();
    }

    @Test
    void aMentionOfAHigherPackageIsAViolation() {
        Map<String, String> sources = Map.of(
                "results/Bad.java", "package dev.mutexlab.lab.results;\n\nimport dev.mutexlab.lab.cli.ExitCode;\n",
                "stats/Worse.java", "package dev.mutexlab.lab.stats;\n/** See {@link dev.mutexlab.lab.Main}. */\n",
                "sweep/Sibling.java", "package dev.mutexlab.lab.sweep;\nimport dev.mutexlab.lab.fairness.X;\n",
                "runner/Fine.java", "package dev.mutexlab.lab.runner;\nimport dev.mutexlab.lab.results.RunResult;\n",
                "newpkg/New.java", "package dev.mutexlab.lab.newpkg;\n");
        assertThat(violations(sources)).containsExactlyInAnyOrder(
                "results/Bad.java: results (layer 1) uses cli (layer 9)",
                "stats/Worse.java: stats (layer 0) uses (top) (layer 10)",
                "sweep/Sibling.java: sweep (layer 7) uses fairness (layer 7)",
                "newpkg/New.java: package newpkg is in no layer of LayeringTest.LAYERS");
    }

    @Test
    void everyPackageOfTheLabHasALayer() {
        TreeSet<String> packages = new TreeSet<>();
        try (Stream<Path> dirs = Files.list(SOURCES)) {
            dirs.filter(Files::isDirectory).forEach(d -> packages.add(d.getFileName().toString()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> layered = LAYERS.stream().flatMap(List::stream).filter(p -> !p.equals(TOP)).sorted().toList();
        assertThat(packages).containsExactlyElementsOf(layered);
    }

    /** One line per mention of a package that is not in a lower layer than the file's own. */
    static List<String> violations(Map<String, String> sources) {
        List<String> out = new ArrayList<>();
        sources.forEach((file, text) -> {
            Matcher pm = PACKAGE.matcher(text);
            if (!pm.find()) {
                out.add(file + ": no package dev.mutexlab.lab... declaration");
                return;
            }
            String own = pm.group(1) == null ? TOP : pm.group(1);
            int ownLayer = layerOf(own);
            if (ownLayer < 0) {
                out.add(file + ": package " + own + " is in no layer of LayeringTest.LAYERS");
                return;
            }
            TreeSet<String> used = new TreeSet<>();
            Matcher m = MENTION.matcher(text);
            while (m.find()) {
                String name = m.group(1);
                used.add(Character.isUpperCase(name.charAt(0)) ? TOP : name);
            }
            used.remove(own);
            for (String u : used) {
                int layer = layerOf(u);
                if (layer >= ownLayer || layer < 0) {
                    out.add(file + ": " + own + " (layer " + ownLayer + ") uses " + u + " (layer " + layer + ")");
                }
            }
        });
        return out;
    }

    private static int layerOf(String pkg) {
        for (int i = 0; i < LAYERS.size(); i++) {
            if (LAYERS.get(i).contains(pkg)) {
                return i;
            }
        }
        return -1;
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
