package dev.mutexlab.lab.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every measured figure an adopter reads in the README's table and in {@code docs/choosing.md}
 * is tied to a result file: the blocks between {@code <!-- figures: checked -->} and
 * {@code <!-- /figures -->} may hold a number (or a count spelled out, "one of nine") only where
 * {@code docs/figures.md} says where it comes from (a result file under {@code docs/results/} or a
 * reproduce page's directory, and the values it is derived from) or that it is a parameter of the
 * measurement; each derivation must give the figure as written, and the configuration the row
 * claims must be the one its files record ({@link FigureConfig}). The block between
 * {@code <!-- figures: generated lineup-table -->} and {@code <!-- /figures -->} in
 * {@code docs/choosing.md} must be exactly the table {@link #lineupTable} builds from its file.
 */
class FiguresDocTest {
    private static final Path ROOT = Files.isRegularFile(Path.of("docs/figures.md")) ? Path.of(".") : Path.of("..");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern BLOCK = Pattern.compile(
            "<!-- figures: (checked|generated [\\w-]+ [\\w./-]+) -->\\n(.*?)<!-- /figures -->", Pattern.DOTALL);
    /** A number as a figure: not part of a name ({@code Mutex-2}, {@code §12.1}, {@code P2}), possibly a range. */
    private static final Pattern NUMBER = Pattern.compile(
            "(?<![\\w.§\\-–])\\d+(?:[.,]\\d+)*(?:\\s?[–-]\\s?\\d+(?:\\.\\d+)?)?(?![\\w.]*\\d)");
    /** A count spelled out, as "one of nine" or "one cell of twelve": a figure too. */
    static final Pattern SPELLED_COUNT = Pattern.compile(
            "\\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?: \\w+)? of (?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\\d+)\\b");
    /** A median with its interval: {@code 0.49× [0.40–0.59]}. */
    private static final Pattern INTERVAL = Pattern.compile("(\\d+(?:\\.\\d+)?)×? \\[(\\d+(?:\\.\\d+)?)–(\\d+(?:\\.\\d+)?)]");
    private static final Pattern FIGURE = Pattern.compile("(\\d+(?:\\.\\d+)?)(?:\\s?[–-]\\s?(\\d+(?:\\.\\d+)?))?");

    /** One row of docs/figures.md: where the figure is, its text, the configuration it claims, its source. */
    record Row(String doc, String text, String config, String derivation) {
        boolean isParameter() {
            return derivation.equals("parameter");
        }
    }

    static List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        for (String line : read("docs/figures.md").split("\n")) {
            if (!line.startsWith("| ") || line.startsWith("| doc ") || line.startsWith("|---")) {
                continue;
            }
            String[] cells = line.substring(2, line.length() - 2).split(" \\| ", -1);
            assertThat(cells).as("docs/figures.md row (doc | figure | config | derivation): %s", line).hasSize(4);
            rows.add(new Row(cells[0].trim(), cells[1].trim(), cells[2].trim(), unquote(cells[3].trim())));
        }
        return rows;
    }

    @Test
    void everyFigureInACheckedBlockHasASourceAndEverySourceGivesItsFigure() {
        List<Row> rows = rows();
        List<String> problems = new ArrayList<>();
        for (String doc : List.of("README.md", "docs/choosing.md")) {
            String text = read(doc);
            List<Row> docRows = rows.stream().filter(r -> r.doc().equals(doc) || r.doc().equals("*")).toList();
            Matcher block = BLOCK.matcher(text);
            boolean any = false;
            while (block.find()) {
                if (!block.group(1).equals("checked")) {
                    continue;
                }
                any = true;
                String body = block.group(2);
                String masked = masked(body);
                boolean[] covered = new boolean[body.length()];
                for (Row row : docRows) {
                    for (int at = body.indexOf(row.text()); at >= 0; at = body.indexOf(row.text(), at + 1)) {
                        for (int i = at; i < at + row.text().length(); i++) {
                            covered[i] = true;
                        }
                    }
                }
                for (Matcher number : List.of(NUMBER.matcher(masked), SPELLED_COUNT.matcher(masked))) {
                    while (number.find()) {
                        boolean all = true;
                        for (int i = number.start(); i < number.end(); i++) {
                            all &= covered[i];
                        }
                        if (!all) {
                            int from = Math.max(0, number.start() - 40);
                            problems.add(doc + ": no row in docs/figures.md for '" + number.group() + "' in \"…"
                                    + body.substring(from, Math.min(body.length(), number.end() + 20)).replace('\n', ' ') + "…\"");
                        }
                    }
                }
            }
            assertThat(any).as("%s has a checked block", doc).isTrue();
            String checked = checkedText(text);
            for (Row row : rows.stream().filter(r -> r.doc().equals(doc)).toList()) {
                if (!checked.contains(row.text())) {
                    problems.add(doc + ": docs/figures.md names '" + row.text() + "', which no checked block has any more");
                } else if (!row.isParameter()) {
                    String wrong = verify(row);
                    if (wrong != null) {
                        problems.add(doc + ": '" + row.text() + "': " + wrong);
                    }
                }
            }
        }
        String both = checkedText(read("README.md")) + checkedText(read("docs/choosing.md"));
        for (Row row : rows.stream().filter(r -> r.doc().equals("*")).toList()) {
            if (!both.contains(row.text())) {
                problems.add("*: docs/figures.md names '" + row.text() + "', which no checked block has any more");
            } else if (!row.isParameter()) {
                String wrong = verify(row);
                if (wrong != null) {
                    problems.add("*: '" + row.text() + "': " + wrong);
                }
            }
        }
        assertThat(problems).as("figures without a source, or that their source does not give").isEmpty();
    }

    @Test
    void theLineupTableIsTheOneItsResultFileGives() {
        Matcher block = BLOCK.matcher(read("docs/choosing.md"));
        boolean found = false;
        while (block.find()) {
            if (block.group(1).startsWith("generated lineup-table ")) {
                found = true;
                String file = block.group(1).substring("generated lineup-table ".length());
                assertThat(block.group(2).strip()).as("docs/choosing.md's table from %s (regenerate it: the expected text is below)", file)
                        .isEqualTo(lineupTable(json(file)));
            }
        }
        assertThat(found).as("docs/choosing.md has the generated lineup table").isTrue();
    }

    @Test
    void aFigureTheSourceDoesNotGiveFails() {
        Row right = new Row("README.md", "1.05–1.07", SCALING_CONFIG, SCALING);
        assertThat(verify(right)).isNull();
        assertThat(verify(new Row("README.md", "1.05–1.08", SCALING_CONFIG, SCALING))).contains("gives 1.05–1.07");
        assertThat(verify(new Row("README.md", "1.06", SCALING_CONFIG, SCALING))).isNotNull();
        String covered = "<!-- figures: checked -->\n| 1.05–1.07 and 3 |\n<!-- /figures -->";
        Matcher m = BLOCK.matcher(covered);
        assertThat(m.find()).isTrue();
        Matcher n = NUMBER.matcher(masked(m.group(2)));
        List<String> numbers = new ArrayList<>();
        while (n.find()) {
            numbers.add(n.group());
        }
        assertThat(numbers).containsExactly("1.05–1.07", "3");
        String masked = masked("`go:threshold=0` Mutex-2 §12.1–12.4 8");
        assertThat(masked).hasSize("`go:threshold=0` Mutex-2 §12.1–12.4 8".length());
        Matcher left = NUMBER.matcher(masked);
        assertThat(left.find()).isTrue();
        assertThat(left.group()).isEqualTo("8");
        assertThat(left.find()).isFalse();
    }

    private static final String SCALING = "results/run-scaling-2cpu.json /groups/threads=platform/shapes/workers>=4/locks/spec=spinbit/cpuPerWall/median";
    private static final String SCALING_CONFIG = "threads=platform; P=2; workers=4–32; hold=0.05 µs; outside=0; batches=3; runs=1; locks=spinbit";

    @Test
    void aConfigurationTheFilesDoNotRecordFails() {
        assertThat(verify(new Row("README.md", "1.05–1.07", SCALING_CONFIG.replace("workers=4–32", "workers=4"), SCALING)))
                .contains("config says workers=4, the files 4–32");
        assertThat(verify(new Row("README.md", "1.05–1.07", SCALING_CONFIG.replace("threads=platform", "threads=virtual"), SCALING)))
                .contains("config says threads=virtual, the files platform");
        assertThat(verify(new Row("README.md", "1.05–1.07", SCALING_CONFIG.replace("; batches=3", ""), SCALING)))
                .contains("config does not state batches");
    }

    // ---- the nine claims issue 48's audit found unsupported, each as it was written: each fails for its reason

    private static final String JMH = "results/jmh-uncontended.json /benchmark=dev.mutexlab.bench.Uncontended.lockUnlock/params.spec=";
    private static final String SEED_3 = "results/lineup-now-3/run-seed-2cpu.json";
    private static final String SEED_4 = "results/lineup-now-4/run-seed-2cpu.json";

    private static String jmhRatio(String spec) {
        return "ratio(" + JMH + spec + "/primaryMetric/score, " + JMH + "jdk/primaryMetric/score)";
    }

    @Test
    void claim1EveryLockCostsWhatReentrantLockCostsLeavesOutSemaphoreHandoff() {
        String derivation = String.join(" & ", java.util.stream.Stream.of("lineup", "go", "spinbit", "futex", "kernel",
                "semaphore", "jdk-fair").map(FiguresDocTest::jmhRatio).toList());
        Row row = new Row("README.md", "0.99–1.05×", "runs=1; locks=lineup,jdk,go,spinbit,futex,kernel,semaphore,jdk-fair; every=locks", derivation);
        assertThat(verify(row)).contains("every=locks, but the derivation leaves out semaphore:handoff");
    }

    @Test
    void claim2WaitsNotMeasuredOnVirtualThreadsAreInTheFile() {
        Row row = new Row("README.md", "0.96–1.12×", "threads=virtual; P=2; workers=4; hold=1–100 µs; outside=hold; batches=3; runs=1;"
                + " locks=spinbit,futex,kernel; unmeasured=waits",
                "results/run-all-locks-2cpu.json /groups/threads=virtual/shapes/holdNanos>=1000/locks/spec=spinbit/ratio/median"
                        + " & results/run-all-locks-2cpu.json /groups/threads=virtual/shapes/holdNanos>=1000/locks/spec=futex/ratio/median"
                        + " & results/run-all-locks-2cpu.json /groups/threads=virtual/shapes/holdNanos>=1000/locks/spec=kernel/ratio/median");
        assertThat(verify(row)).contains("unmeasured=waits, but results/run-all-locks-2cpu.json records waits for futex, kernel, spinbit");
    }

    @Test
    void claim3AFourThreadStallFloorIsNoFloorForOtherWorkerCounts() {
        StringBuilder derivation = new StringBuilder();
        for (int loop : new int[] {4, 5}) {
            derivation.append(derivation.isEmpty() ? "" : " & ").append("results/lineup-draws-28089af/loop-").append(loop)
                    .append(".json /groups/threads=platform/shapes/*/locks/spec=lineup/waits/maxNanos");
        }
        Row row = new Row("docs/choosing.md", "59.4–118.0 ms", "threads=platform; P=2; workers=16–32; hold=12–41 µs;"
                + " outside=hold; batches=5; runs=2; locks=lineup; against=floor of 4", derivation + " ÷ 1e6");
        assertThat(verify(row)).contains("compared with the stall floor of 4 busy threads, but the shapes have 16–32 workers");
    }

    @Test
    void claim4WaitsNoShorterThanTheStallsAreShorter() {
        Row row = new Row("README.md", "4.0–44.9 ms", "threads=virtual; P=2; workers=4; hold=0.1–100 µs; outside=hold; batches=5;"
                + " runs=2; locks=lineup; each>=12",
                SEED_3 + " /groups/threads=virtual/shapes/*/locks/spec=lineup/waits/maxNanos & " + SEED_4
                        + " /groups/threads=virtual/shapes/*/locks/spec=lineup/waits/maxNanos ÷ 1e6");
        assertThat(verify(row)).contains("each>=12, but 8 of 12 values are below it");
    }

    @Test
    void claim5AnIntervalFromTheDrawingBeforeTheRedrawFails() {
        Row row = new Row("README.md", "0.49× [0.44–0.55]", "runs=1",
                "reproduce-2cpu-full/summary.md re:^\\| handoff-headline \\| platform \\| P=2 W=4 hold 10 µs.*?\\| ([\\d.]+) \\[([\\d.]+)–([\\d.]+)\\]");
        assertThat(verify(row)).contains("gives 0.49 [0.40–0.59]");
        assertThat(verify(new Row("README.md", "0.49× [0.40–0.59]", "runs=1", row.derivation()))).isNull();
    }

    @Test
    void claim6ARangeOverTwoSectionsReadFromOneFileFails() {
        assertFails("0.25–1.03×", "threads=platform; P=2; workers=4; hold=1–100 µs; outside=hold; batches=3; runs=2; locks=go:threshold=0",
                "results/run-default-2cpu.json /groups/threads=platform/shapes/*/locks/spec=go:threshold=0/ratio/median",
                "config says runs=2, the files 1");
    }

    @Test
    void claim7ThePoolOfAnOlderRealFileRanWithItsOwnLock() {
        String config = "threads=both; P=2; workers=4; outside=1 µs; batches=3; runs=2; workloads=logback-file,logback-rolling,executor,queue,caffeine";
        assertFails("3", config + ",pool", REAL_WINNERS, "ran the pool with its own lock");
        assertThat(verify(new Row("README.md", "3", config, REAL_WINNERS.replace(")", ", without=pool)")))).isNull();
    }

    private static final String REAL_WINNERS = "sameWinners(results/real-2cpu.json, results/real-2cpu-rerun.json)";

    /** A README row with this figure, configuration and derivation fails, saying {@code why}. */
    private static void assertFails(String figure, String config, String derivation, String why) {
        assertThat(verify(new Row("README.md", figure, config, derivation))).contains(why);
    }

    @Test
    void claim8WinnersPickedWithinEachBatchAgreeInThreeCellsNotOne() {
        assertThat(verify(new Row("README.md", "one cell of twelve", "–", REAL_WINNERS))).startsWith("gives 3");
    }

    @Test
    void claim9ACountSpelledOutNeedsARowToo() {
        Matcher m = SPELLED_COUNT.matcher(masked("the loop named the winner in one of nine; two runs named the same winner in one cell of twelve"));
        List<String> found = new ArrayList<>();
        while (m.find()) {
            found.add(m.group());
        }
        assertThat(found).containsExactly("one of nine", "one cell of twelve");
    }

    // ---- derivations

    /** Null when the derivation gives the row's figure, else what it gives, or why it gives nothing. */
    static String verify(Row row) {
        try {
            String wrong = check(row);
            return wrong != null ? wrong : FigureConfig.check(row.config(), row.derivation(), values(row));
        } catch (AssertionError | RuntimeException e) {
            return "the derivation fails: " + e.getMessage().replace('\n', ' ');
        }
    }

    /** The values a row's derivation gives, divided as it says. */
    static List<Double> values(Row row) {
        String derivation = row.derivation();
        double scale = 1;
        int divide = derivation.lastIndexOf(" ÷ ");
        if (divide >= 0) {
            scale = Double.parseDouble(derivation.substring(divide + 3).trim());
            derivation = derivation.substring(0, divide);
        }
        List<Double> values = new ArrayList<>();
        for (String part : topLevel(derivation)) {
            for (double v : evaluate(part.trim())) {
                values.add(v / scale);
            }
        }
        return values;
    }

    private static String check(Row row) {
        List<Double> values = values(row);
        if (values.isEmpty()) {
            return "the derivation gives no value";
        }
        Matcher interval = INTERVAL.matcher(row.text());
        if (interval.find()) {
            if (values.size() != 3) {
                return "a figure with an interval needs three values (point, low, high); the derivation gives " + values.size();
            }
            for (int i = 0; i < 3; i++) {
                if (!matches(values.get(i), interval.group(i + 1))) {
                    return String.format(Locale.ROOT, "gives %s [%s–%s]", format(values.get(0), interval.group(1)),
                            format(values.get(1), interval.group(2)), format(values.get(2), interval.group(3)));
                }
            }
            return null;
        }
        Matcher f = FIGURE.matcher(digits(row.text()));
        if (!f.find()) {
            return "no number in the figure";
        }
        double min = Double.MAX_VALUE;
        double max = -Double.MAX_VALUE;
        for (double v : values) {
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        String low = f.group(1);
        String high = f.group(2) == null ? f.group(1) : f.group(2);
        if (f.group(2) == null && values.size() > 1 && !matches(min, low)) {
            return "gives " + format(min, low) + "–" + format(max, low) + " (" + values.size() + " values), not one figure";
        }
        if (matches(min, low) && matches(max, high)) {
            return null;
        }
        return "gives " + format(min, low) + (f.group(2) == null ? "" : "–" + format(max, high));
    }

    private static final List<String> WORDS = List.of("zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
            "nine", "ten", "eleven", "twelve");

    /** {@code text} with its counts spelled out ("one cell of twelve") as digits ("1 cell of 12"). */
    static String digits(String text) {
        StringBuilder out = new StringBuilder();
        Matcher m = Pattern.compile("\\b(" + String.join("|", WORDS) + ")\\b").matcher(text);
        while (m.find()) {
            m.appendReplacement(out, Integer.toString(WORDS.indexOf(m.group(1))));
        }
        return m.appendTail(out).toString();
    }

    private static boolean matches(double value, String figure) {
        int decimals = figure.contains(".") ? figure.length() - figure.indexOf('.') - 1 : 0;
        return Math.abs(value - Double.parseDouble(figure)) <= 0.5 * Math.pow(10, -decimals) + 1e-9;
    }

    private static String format(double value, String like) {
        int decimals = like.contains(".") ? like.length() - like.indexOf('.') - 1 : 0;
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    /** One part: {@code FN(FILE PATH)}, {@code ratio(A, B)}, {@code FILE /json/path} or {@code FILE re:REGEX}. */
    static List<Double> evaluate(String part) {
        if (part.startsWith("ratio(") && part.endsWith(")")) {
            String[] ab = part.substring(6, part.length() - 1).split(", ", 2);
            List<Double> a = evaluate(ab[0]);
            List<Double> b = evaluate(ab[1]);
            assertThat(b.size() == 1 || b.size() == a.size()).as("ratio's sides in %s: %s values over %s", part, a.size(), b.size()).isTrue();
            List<Double> out = new ArrayList<>();
            for (int i = 0; i < a.size(); i++) {
                out.add(a.get(i) / b.get(b.size() == 1 ? 0 : i));
            }
            return out;
        }
        for (String fn : List.of("min", "max")) {
            if (part.startsWith(fn + "(") && part.endsWith(")")) {
                List<Double> values = new ArrayList<>();
                for (String inner : topLevel(part.substring(fn.length() + 1, part.length() - 1))) {
                    values.addAll(evaluate(inner.trim()));
                }
                return List.of(fn.equals("min") ? values.stream().mapToDouble(Double::doubleValue).min().orElseThrow()
                        : values.stream().mapToDouble(Double::doubleValue).max().orElseThrow());
            }
        }
        if (part.startsWith("sameWinners(") && part.endsWith(")")) {
            List<String> files = new ArrayList<>();
            for (String arg : part.substring("sameWinners(".length(), part.length() - 1).split(", ")) {
                if (!arg.startsWith("without=")) {
                    files.add(arg.trim());
                }
            }
            assertThat(files).as("sameWinners takes two files: %s", part).hasSize(2);
            Map<String, String> a = winners(json(files.get(0)), FigureConfig.without(part));
            Map<String, String> b = winners(json(files.get(1)), FigureConfig.without(part));
            return List.of((double) a.keySet().stream().filter(cell -> a.get(cell).equals(b.get(cell))).count());
        }
        for (String fn : List.of("vsBest", "vsBestMin", "vsBestMax", "vsRivals")) {
            if (part.startsWith(fn + "(") && part.endsWith(")")) {
                String inner = part.substring(fn.length() + 1, part.length() - 1);
                int space = inner.indexOf(' ');
                List<Double> out = new ArrayList<>();
                for (JsonNode shape : select(json(inner.substring(0, space)), inner.substring(space + 1).trim())) {
                    double[] perBatch = fn.equals("vsRivals") ? versusBest(shape, FiguresDocTest::isRival) : versusBest(shape);
                    out.add(fn.equals("vsBestMin") ? min(perBatch) : fn.equals("vsBestMax") ? max(perBatch) : median(perBatch));
                }
                return out;
            }
        }
        int space = part.indexOf(' ');
        String file = part.substring(0, space);
        String path = part.substring(space + 1).trim();
        if (path.startsWith("re:")) {
            Pattern re = Pattern.compile(path.substring(3));
            for (String line : read("docs/" + file).split("\n")) {
                Matcher m = re.matcher(line);
                if (m.find()) {
                    List<Double> groups = new ArrayList<>();
                    for (int g = 1; g <= m.groupCount(); g++) {
                        groups.add(Double.parseDouble(m.group(g).replace(",", "")));
                    }
                    return groups;
                }
            }
            throw new AssertionError("no line of docs/" + file + " matches " + re);
        }
        List<Double> out = new ArrayList<>();
        for (JsonNode n : select(json(file), path)) {
            assertThat(n.isNumber()).as("%s %s is a number", file, path).isTrue();
            out.add(n.asDouble());
        }
        return out;
    }

    /**
     * The nodes {@code path} reaches: {@code /name} a field, {@code /*} every element of an array,
     * {@code /key=value}, {@code /key!=value}, {@code /key>=value}, {@code /key<=value} the elements
     * of an array (or the node itself, when it is no array) whose field ({@code a.b} for a nested
     * one) passes.
     */
    static List<JsonNode> select(JsonNode root, String path) {
        List<JsonNode> nodes = List.of(root);
        for (String segment : path.substring(1).split("/")) {
            List<JsonNode> next = new ArrayList<>();
            Matcher filter = Pattern.compile("([\\w.]+)(>=|<=|!=|=)(.+)").matcher(segment);
            for (JsonNode n : nodes) {
                if (segment.equals("*")) {
                    n.forEach(next::add);
                } else if (filter.matches()) {
                    for (JsonNode e : n.isArray() ? n : List.of(n)) {
                        JsonNode field = e;
                        for (String name : filter.group(1).split("\\.")) {
                            field = field == null ? null : field.get(name);
                        }
                        if (field != null && passes(field, filter.group(2), filter.group(3))) {
                            next.add(e);
                        }
                    }
                } else if (n.has(segment)) {
                    next.add(n.get(segment));
                }
            }
            nodes = next;
        }
        return nodes;
    }

    private static boolean passes(JsonNode field, String op, String value) {
        if (!field.isNumber()) {
            return op.equals("=") ? field.asText().equals(value) : op.equals("!=") && !field.asText().equals(value);
        }
        double a = field.asDouble();
        double b = Double.parseDouble(value);
        return switch (op) {
            case "=" -> a == b;
            case "!=" -> a != b;
            case ">=" -> a >= b;
            default -> a <= b;
        };
    }

    /** The first lock's throughput over the best of the others', batch by batch (as the lab's VersusBest). */
    static double[] versusBest(JsonNode shape) {
        return versusBest(shape, spec -> true);
    }

    /** The first lock's throughput over the best of the others that {@code rival} accepts, batch by batch. */
    static double[] versusBest(JsonNode shape, java.util.function.Predicate<String> rival) {
        JsonNode locks = shape.get("locks");
        Map<Integer, Double> best = new HashMap<>();
        for (int i = 1; i < locks.size(); i++) {
            if (!rival.test(locks.get(i).get("spec").asText())) {
                continue;
            }
            for (JsonNode run : locks.get(i).get("runs")) {
                best.merge(run.get("run").asInt(), run.get("throughputPerSec").asDouble(), Math::max);
            }
        }
        List<Double> ratios = new ArrayList<>();
        for (JsonNode run : locks.get(0).get("runs")) {
            ratios.add(run.get("throughputPerSec").asDouble() / best.get(run.get("run").asInt()));
        }
        return ratios.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /**
     * Per cell (thread kind, workload) of a {@code mutexlab real} file, the lock with the highest
     * median over batches of its throughput over the profiled lock's within the same batch, as
     * RESULTS §15's columns rank them (a raw median across batches would mix the machine's states).
     */
    static Map<String, String> winners(JsonNode real, java.util.Set<String> without) {
        String reference = real.get("config").get("profileLock").asText();
        Map<String, String> out = new java.util.TreeMap<>();
        for (JsonNode group : real.get("groups")) {
            Map<String, Map<Integer, Double>> ops = new HashMap<>();
            for (JsonNode s : group.get("samples")) {
                ops.computeIfAbsent(s.get("workload").asText() + "/" + s.get("lock").asText(), k -> new HashMap<>())
                        .put(s.get("run").asInt(), s.get("opsPerSec").asDouble());
            }
            for (JsonNode w : real.get("config").get("workloads")) {
                if (without.contains(w.asText())) {
                    continue;
                }
                Map<Integer, Double> ref = ops.get(w.asText() + "/" + reference);
                String best = null;
                double bestRatio = -1;
                for (JsonNode l : real.get("config").get("locks")) {
                    Map<Integer, Double> mine = ops.get(w.asText() + "/" + l.asText());
                    double[] ratios = mine.entrySet().stream().filter(e -> ref.containsKey(e.getKey()))
                            .mapToDouble(e -> e.getValue() / ref.get(e.getKey())).toArray();
                    double ratio = median(ratios);
                    if (ratio > bestRatio) {
                        bestRatio = ratio;
                        best = l.asText();
                    }
                }
                out.put(group.get("threads").asText() + "/" + w.asText(), best);
            }
        }
        return out;
    }

    // ---- the lineup table of docs/choosing.md, generated

    /**
     * The table of lineup against the best of the others, from a {@code mutexlab run} file;
     * lineup's own variants (its fixed policies, an A/A copy) measured beside it are not "others".
     */
    static String lineupTable(JsonNode run) {
        StringBuilder out = new StringBuilder();
        out.append("| hold | `lineup` platform | best other | lineup ÷ best | `lineup` virtual | best other | lineup ÷ best | longest wait (platform / virtual) |\n");
        out.append("|---|---|---|---|---|---|---|---|\n");
        List<JsonNode> platform = select(run, "/groups/threads=platform/shapes/*");
        List<JsonNode> virtual = select(run, "/groups/threads=virtual/shapes/*");
        for (int i = 0; i < platform.size(); i++) {
            JsonNode p = platform.get(i);
            JsonNode v = virtual.get(i);
            out.append("| ").append(hold(p.get("holdNanos").asLong()))
                    .append(" | ").append(cells(p)).append(" | ").append(cells(v))
                    .append(" | ").append(ms(p.get("locks").get(0))).append(" / ").append(ms(v.get("locks").get(0)))
                    .append(" |\n");
        }
        return out.toString().strip();
    }

    private static String cells(JsonNode shape) {
        JsonNode lineup = shape.get("locks").get(0);
        JsonNode best = null;
        for (int i = 1; i < shape.get("locks").size(); i++) {
            JsonNode l = shape.get("locks").get(i);
            if (!isRival(l.get("spec").asText())) {
                continue;
            }
            if (best == null || l.get("throughput").get("median").asDouble() > best.get("throughput").get("median").asDouble()) {
                best = l;
            }
        }
        double[] ratios = versusBest(shape, FiguresDocTest::isRival);
        return String.format(Locale.ROOT, "%s (%.0f%%) | `%s` %.0f%% | %.2f (%.2f–%.2f)",
                rate(lineup.get("throughput").get("median").asDouble()), 100 * lineup.get("utilization").get("median").asDouble(),
                best.get("spec").asText(), 100 * best.get("utilization").get("median").asDouble(),
                median(ratios), min(ratios), max(ratios));
    }

    /** Whether a lock measured beside lineup is another lock, not lineup with another policy or name. */
    private static boolean isRival(String spec) {
        return !spec.equals("lineup") && !spec.startsWith("lineup:");
    }

    private static String rate(double perSec) {
        if (perSec >= 1e6) {
            return String.format(Locale.ROOT, "%.2fM", perSec / 1e6);
        }
        return perSec >= 1e5 ? String.format(Locale.ROOT, "%.0fk", perSec / 1e3) : String.format(Locale.ROOT, "%.1fk", perSec / 1e3);
    }

    private static String ms(JsonNode lock) {
        return String.format(Locale.ROOT, "%.1f ms", lock.get("waits").get("maxNanos").asDouble() / 1e6);
    }

    private static String hold(long nanos) {
        return nanos < 1000 ? String.format(Locale.ROOT, "%.1f µs", nanos / 1000.0) : (nanos / 1000) + " µs";
    }

    // ---- helpers

    /** {@code text} split at each " & " outside parentheses. */
    static List<String> topLevel(String text) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int from = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                i++; // an escaped character of a regular expression
                continue;
            }
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            if (depth == 0 && text.startsWith(" & ", i)) {
                parts.add(text.substring(from, i));
                from = i + 3;
            }
        }
        parts.add(text.substring(from));
        return parts;
    }

    private static double median(double[] values) {
        double[] v = values.clone();
        java.util.Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static double min(double[] values) {
        return java.util.Arrays.stream(values).min().orElseThrow();
    }

    private static double max(double[] values) {
        return java.util.Arrays.stream(values).max().orElseThrow();
    }

    /**
     * {@code text} with code spans ({@code go:threshold=0}, {@code Mutex-2}: names) and section
     * references ({@code §12.1–12.4}) blanked out, character for character: their digits are no figures.
     */
    static String masked(String text) {
        StringBuilder out = new StringBuilder(text);
        Matcher m = Pattern.compile("`[^`\\n]*`|§\\d+(?:\\.\\d+)?(?:[–-]\\d+(?:\\.\\d+)?)?").matcher(text);
        while (m.find()) {
            for (int i = m.start(); i < m.end(); i++) {
                out.setCharAt(i, '_');
            }
        }
        return out.toString();
    }

    private static String checkedText(String text) {
        StringBuilder out = new StringBuilder();
        Matcher block = BLOCK.matcher(text);
        while (block.find()) {
            if (block.group(1).equals("checked")) {
                out.append(block.group(2));
            }
        }
        return out.toString();
    }

    private static String unquote(String cell) {
        return cell.startsWith("`") && cell.endsWith("`") && cell.length() > 1 ? cell.substring(1, cell.length() - 1) : cell;
    }

    private static final Map<String, JsonNode> PARSED = new HashMap<>();

    static JsonNode json(String file) {
        return PARSED.computeIfAbsent(file, f -> {
            try {
                return JSON.readTree(ROOT.resolve("docs").resolve(f).toFile());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    static String read(String file) {
        try {
            return Files.readString(ROOT.resolve(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
