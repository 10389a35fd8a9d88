package dev.mutexlab.lab.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The tree a user clones is the product, not the lab's notebook: {@code docs/results} holds at most
 * {@link #MAX_RESULTS_BYTES} and every result file the README, {@code docs/} and the tests cite;
 * the rest of the experiments' files are cited as {@code notebook/FOLDER/…} (what
 * {@code scripts/notebook} extracts from git history) and each such folder has a row in
 * {@code docs/NOTEBOOK.md}; every file in {@code scripts/} has a row in {@code scripts/README.md},
 * and every one that runs answers {@code --help} with exit status 0; {@code scripts/notebook}
 * refuses bad input with one line and exit status 2.
 */
class NotebookApartTest {
    /** The most a clone's {@code docs/results} may weigh (issue 48: 25 MB). */
    static final long MAX_RESULTS_BYTES = 25_000_000L;
    private static final Path ROOT = Files.isRegularFile(Path.of("docs/figures.md")) ? Path.of(".") : Path.of("..");
    /** A cited result path: {@code docs/results/…} in prose, commands and code. */
    private static final Pattern CITED = Pattern.compile("(?<![\\w/-])docs/results/([A-Za-z0-9][A-Za-z0-9_.\\-/*{},<>]*)");
    /** A derivation's file in docs/figures.md: {@code results/…} followed by a space. */
    private static final Pattern DERIVED = Pattern.compile("(?<![\\w/-])results/([A-Za-z0-9_.\\-/]+) ");
    private static final Pattern NOTEBOOK = Pattern.compile("(?<![\\w/-])notebook/([A-Za-z0-9_.\\-]+)");

    @Test
    void docsResultsFitsTheClone() throws IOException {
        long bytes;
        try (Stream<Path> files = Files.walk(ROOT.resolve("docs/results"))) {
            bytes = files.filter(Files::isRegularFile).mapToLong(NotebookApartTest::size).sum();
        }
        assertThat(bytes).as("bytes under docs/results (the rest belongs in the notebook, docs/NOTEBOOK.md)")
                .isLessThanOrEqualTo(MAX_RESULTS_BYTES);
    }

    @Test
    void everyCitedResultFileIsInTheTree() throws IOException {
        assertThat(missing(citingTexts())).as("cited result paths that name no file under docs/results"
                + " (cite a notebook file as notebook/FOLDER/FILE)").isEmpty();
    }

    @Test
    void aCitationOfAFolderOrOfAFileNotHereIsMissing() {
        String text = "see `docs/results/run-scaling-2cpu.json`, `docs/results/lineup-now-3/` and"
                + " docs/results/no-such-run.json; results/no-such-derivation.json /x ; docs/results/run-<time>.json";
        assertThat(missing(List.of(new Cite("fixture.md", text))))
                .containsExactly("fixture.md: docs/results/lineup-now-3/", "fixture.md: docs/results/no-such-run.json",
                        "fixture.md: results/no-such-derivation.json");
    }

    @Test
    void everyNotebookFolderCitedHasARowInTheIndex() throws IOException {
        String index = FiguresDocTest.read("docs/NOTEBOOK.md");
        List<String> unindexed = new ArrayList<>();
        for (Cite cite : citingTexts()) {
            Matcher m = NOTEBOOK.matcher(cite.text());
            while (m.find()) {
                if (!index.contains("| `" + m.group(1) + "/` |")) {
                    unindexed.add(cite.file() + ": notebook/" + m.group(1));
                }
            }
        }
        assertThat(unindexed).as("notebook folders cited without a row in docs/NOTEBOOK.md").isEmpty();
    }

    @Test
    void theScriptAndTheIndexNameOneCommit() {
        Matcher script = Pattern.compile("(?m)^NOTEBOOK_COMMIT=([0-9a-f]{40})\\b").matcher(FiguresDocTest.read("scripts/notebook"));
        assertThat(script.find()).as("scripts/notebook names its commit, in full, in NOTEBOOK_COMMIT").isTrue();
        assertThat(FiguresDocTest.read("docs/NOTEBOOK.md")).contains("commit **`" + script.group(1).substring(0, 7) + "`**");
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void everyScriptHasARowAndTheOnesThatRunAnswerHelp() throws Exception {
        String readme = FiguresDocTest.read("scripts/README.md");
        List<String> problems = new ArrayList<>();
        List<Path> scripts;
        try (Stream<Path> files = Files.list(ROOT.resolve("scripts"))) {
            scripts = files.filter(Files::isRegularFile).sorted().toList();
        }
        for (Path script : scripts) {
            String name = script.getFileName().toString();
            if (name.equals("README.md")) {
                continue;
            }
            Matcher row = Pattern.compile("(?m)^\\| `" + Pattern.quote(name) + "` \\| (.*) \\|$").matcher(readme);
            if (!row.find()) {
                problems.add(name + ": no row in scripts/README.md");
                continue;
            }
            if (row.group(1).startsWith("(sourced") || row.group(1).startsWith("(imported")) {
                continue; // a library of the others, never run by itself
            }
            String answer = help(script);
            if (answer != null) {
                problems.add(name + ": " + answer);
            }
        }
        assertThat(problems).isEmpty();
    }

    // ---- citations

    record Cite(String file, String text) {}

    /** The README, every page under docs/ (not the result files themselves) and the lab's tests. */
    static List<Cite> citingTexts() throws IOException {
        List<Cite> out = new ArrayList<>();
        out.add(new Cite("README.md", FiguresDocTest.read("README.md")));
        List<Path> pages;
        try (Stream<Path> files = Files.walk(ROOT.resolve("docs"))) {
            pages = files.filter(p -> p.toString().endsWith(".md") && !ROOT.resolve("docs/results").equals(p.getParent())
                    && !p.startsWith(ROOT.resolve("docs/results"))).sorted().toList();
        }
        for (Path page : pages) {
            out.add(new Cite(ROOT.relativize(page).toString(), Files.readString(page)));
        }
        try (Stream<Path> files = Files.walk(ROOT.resolve("lab/src/test/java"))) {
            for (Path test : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                if (!test.getFileName().toString().equals("NotebookApartTest.java")) {
                    out.add(new Cite(ROOT.relativize(test).toString(), Files.readString(test)));
                }
            }
        }
        return out;
    }

    /** Each citation, as {@code FILE: PATH}, whose path (braces expanded, {@code *} a wildcard) names no file. */
    static List<String> missing(List<Cite> cites) {
        Set<String> out = new LinkedHashSet<>();
        for (Cite cite : cites) {
            Matcher m = CITED.matcher(cite.text());
            while (m.find()) {
                String path = trimmed(m.group(1));
                if (path.contains("<") || path.isEmpty()) {
                    continue; // a command's output named by a placeholder: results/run-<time>.json
                }
                for (String one : expanded(path)) {
                    if (!names(one)) {
                        out.add(cite.file() + ": docs/results/" + path);
                    }
                }
            }
            if (cite.file().endsWith("figures.md") || cite.file().equals("fixture.md")) {
                Matcher d = DERIVED.matcher(cite.text());
                while (d.find()) {
                    if (!names(d.group(1))) {
                        out.add(cite.file() + ": results/" + d.group(1));
                    }
                }
            }
        }
        return new ArrayList<>(out);
    }

    private static String trimmed(String path) {
        String p = path;
        while (!p.isEmpty() && ".,;:".indexOf(p.charAt(p.length() - 1)) >= 0) {
            p = p.substring(0, p.length() - 1);
        }
        return p;
    }

    /** {@code a{b,c}d{e,f}} as its four paths. */
    static List<String> expanded(String path) {
        Matcher m = Pattern.compile("\\{([^{}]*)}").matcher(path);
        if (!m.find()) {
            return List.of(path);
        }
        List<String> out = new ArrayList<>();
        for (String choice : m.group(1).split(",", -1)) {
            out.addAll(expanded(path.substring(0, m.start()) + choice + path.substring(m.end())));
        }
        return out;
    }

    /** Whether {@code path} under docs/results (with {@code *} a wildcard) names at least one regular file. */
    private static boolean names(String path) {
        Path base = ROOT.resolve("docs/results");
        if (!path.contains("*")) {
            return Files.isRegularFile(base.resolve(path));
        }
        PathMatcher glob = FileSystems.getDefault().getPathMatcher("glob:" + path);
        try (Stream<Path> files = Files.walk(base)) {
            return files.filter(Files::isRegularFile).anyMatch(f -> glob.matches(base.relativize(f)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- scripts

    /** Null when {@code script --help} prints something and exits 0, else what it did. */
    private static String help(Path script) throws IOException, InterruptedException {
        String name = script.getFileName().toString();
        List<String> command = new ArrayList<>();
        if (name.endsWith(".py")) {
            command.add("python3");
        } else if (name.endsWith(".java")) {
            command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path")));
        }
        command.add(script.toAbsolutePath().normalize().toString());
        command.add("--help");
        Ran ran = run(command);
        if (ran == null) {
            return "--help did not end within 3 minutes";
        }
        if (ran.exit() != 0) {
            return "--help exited " + ran.exit() + ": " + ran.output().strip().lines().findFirst().orElse("");
        }
        return ran.output().isBlank() ? "--help printed nothing" : null;
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void theNotebookCommandRefusesBadInputWithOneLineAndExitTwo() throws Exception {
        String notebook = ROOT.resolve("scripts/notebook").toAbsolutePath().normalize().toString();
        for (List<String> bad : List.of(List.of(notebook, "a", "b"), List.of(notebook, "--no-such-option"),
                List.of(notebook, ROOT.resolve("docs").toAbsolutePath().normalize().toString()))) {
            Ran ran = run(bad);
            assertThat(ran).as("%s ended", bad).isNotNull();
            assertThat(ran.exit()).as("exit status of %s", bad).isEqualTo(2);
            assertThat(ran.output().strip().lines().count()).as("lines printed by %s: %s", bad, ran.output()).isEqualTo(1);
        }
    }

    /** What a command printed (stdout and stderr together) and its exit status. */
    private record Ran(int exit, String output) {}

    /** {@code command} run in the repository's root, or null when it ran past 3 minutes (then killed). */
    private static Ran run(List<String> command) throws IOException, InterruptedException {
        Path output = Files.createTempFile("script-run", ".txt");
        try {
            Process process = new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true)
                    .redirectOutput(output.toFile()).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .start();
            if (!process.waitFor(3, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                return null;
            }
            return new Ran(process.exitValue(), Files.readString(output));
        } finally {
            Files.deleteIfExists(output);
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
