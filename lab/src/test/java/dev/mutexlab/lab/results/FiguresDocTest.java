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
 * Every measured figure an adopter reads in the README's tables and in {@code docs/choosing.md}
 * is tied to a result file: the blocks between {@code <!-- figures: checked -->} and
 * {@code <!-- /figures -->} may hold a number only where {@code docs/figures.md} says where it
 * comes from (a result file under {@code docs/results/} or a reproduce page's directory, and the
 * values it is derived from) or that it is a parameter of the measurement, and each derivation must
 * give the figure as written. The block between {@code <!-- figures: generated lineup-table -->}
 * and {@code <!-- /figures -->} must be exactly the table {@link #lineupTable} builds from its file.
 */
class FiguresDocTest {
    private static final Path ROOT = Files.isRegularFile(Path.of("docs/figures.md")) ? Path.of(".") : Path.of("..");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern BLOCK = Pattern.compile(
            "<!-- figures: (checked|generated [\\w-]+ [\\w./-]+) -->\\n(.*?)<!-- /figures -->", Pattern.DOTALL);
    /** A number as a figure: not part of a name ({@code Mutex-2}, {@code §12.1}, {@code P2}), possibly a range. */
    private static final Pattern NUMBER = Pattern.compile(
            "(?<![\\w.§\\-–])\\d+(?:[.,]\\d+)*(?:\\s?[–-]\\s?\\d+(?:\\.\\d+)?)?(?![\\w.]*\\d)");
    private static final Pattern FIGURE = Pattern.compile("(\\d+(?:\\.\\d+)?)(?:\\s?[–-]\\s?(\\d+(?:\\.\\d+)?))?");

    /** One row of docs/figures.md. */
    record Row(String doc, String text, String derivation) {
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
            assertThat(cells).as("docs/figures.md row: %s", line).hasSize(3);
            rows.add(new Row(cells[0].trim(), cells[1].trim(), unquote(cells[2].trim())));
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
                Matcher number = NUMBER.matcher(masked);
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
    void theReadmesLineupTableIsTheOneItsResultFileGives() {
        Matcher block = BLOCK.matcher(read("README.md"));
        boolean found = false;
        while (block.find()) {
            if (block.group(1).startsWith("generated lineup-table ")) {
                found = true;
                String file = block.group(1).substring("generated lineup-table ".length());
                assertThat(block.group(2).strip()).as("README's table from %s (regenerate it: the expected text is below)", file)
                        .isEqualTo(lineupTable(json(file)));
            }
        }
        assertThat(found).as("README.md has the generated lineup table").isTrue();
    }

    @Test
    void aFigureTheSourceDoesNotGiveFails() {
        Row right = new Row("README.md", "1.05–1.07", "results/run-scaling-2cpu.json /groups/threads=platform/shapes/workers>=4/locks/spec=spinbit/cpuPerWall/median");
        assertThat(verify(right)).isNull();
        assertThat(verify(new Row("README.md", "1.05–1.08", right.derivation()))).contains("gives 1.05–1.07");
        assertThat(verify(new Row("README.md", "1.06", right.derivation()))).isNotNull();
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

    // ---- derivations

    /** Null when the derivation gives the row's figure, else what it gives, or why it gives nothing. */
    static String verify(Row row) {
        try {
            return check(row);
        } catch (AssertionError | RuntimeException e) {
            return "the derivation fails: " + e.getMessage().replace('\n', ' ');
        }
    }

    private static String check(Row row) {
        String derivation = row.derivation();
        double scale = 1;
        int divide = derivation.lastIndexOf(" ÷ ");
        if (divide >= 0) {
            scale = Double.parseDouble(derivation.substring(divide + 3).trim());
            derivation = derivation.substring(0, divide);
        }
        List<Double> values = new ArrayList<>();
        for (String part : topLevel(derivation)) {
            values.addAll(evaluate(part.trim()));
        }
        if (values.isEmpty()) {
            return "the derivation gives no value";
        }
        Matcher f = FIGURE.matcher(row.text());
        if (!f.find()) {
            return "no number in the figure";
        }
        double min = Double.MAX_VALUE;
        double max = -Double.MAX_VALUE;
        for (double v : values) {
            min = Math.min(min, v / scale);
            max = Math.max(max, v / scale);
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
                    return List.of(Double.parseDouble(m.group(1).replace(",", "")));
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

    // ---- the README's lineup table, generated

    /**
     * The README's table of lineup against the best of the others, from a {@code mutexlab run} file;
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
