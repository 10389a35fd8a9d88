package dev.mutexlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.Cli;
import dev.mutexlab.lab.apps.AppsTable;
import dev.mutexlab.lab.compare.Columns;
import dev.mutexlab.lab.compare.RunTable;
import dev.mutexlab.lab.results.ResultFiles;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The tables of run, apps and real: within 100 columns by default, every column with --wide, the same figures. */
class TableColumnsTest {
    static Stream<Arguments> tables() throws Exception {
        return Stream.of(
                table("run-small.json", (r, c) -> RunTable.print(r.run(), c.columns, c.out)),
                table("run-instruments.json", (r, c) -> RunTable.print(r.run(), c.columns, c.out)),
                table("apps-small.json", (r, c) -> AppsTable.print(r.apps(), c.columns, c.out)),
                table("real-small.json", (r, c) -> RealCommand.print(r.real(), c.columns, c.out)));
    }

    private record Target(Columns columns, PrintWriter out) {
    }

    private static Arguments table(String file, BiConsumer<ResultFiles.Loaded, Target> print) throws Exception {
        ResultFiles.Loaded result = ResultFiles.load(EverySchemaTest.resource(file));
        return Arguments.of(file, (java.util.function.Function<Columns, String>) columns -> {
            StringWriter text = new StringWriter();
            print.accept(result, new Target(columns, new PrintWriter(text, true)));
            return text.toString();
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tables")
    void theDefaultTableFits100Columns(String file, java.util.function.Function<Columns, String> table) {
        assertThat(table.apply(Columns.DEFAULT).lines())
                .allSatisfy(line -> assertThat(line.length()).as(line).isLessThanOrEqualTo(Columns.WIDTH));
        assertThat(table.apply(Columns.WIDE).lines()).as("the wide table is wider")
                .anySatisfy(line -> assertThat(line.length()).isGreaterThan(Columns.WIDTH));
    }

    /** The default shows a subset of the wide table's figures, formatted alike: every word of it is in the wide one. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("tables")
    void theDefaultTableShowsTheWideTablesFigures(String file, java.util.function.Function<Columns, String> table) {
        Set<String> wide = words(table.apply(Columns.WIDE));
        List<String> headers = List.of("hold", "ceiling/s", "lock", "check");

        assertThat(words(table.apply(Columns.DEFAULT))).isNotEmpty()
                .allSatisfy(word -> assertThat(wide.contains(word) || headers.contains(word)).as(word).isTrue());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tables")
    void wideRestoresTheColumnsTheDefaultLeavesOut(String file, java.util.function.Function<Columns, String> table) {
        String narrow = table.apply(Columns.DEFAULT);
        String wide = table.apply(Columns.WIDE);
        List<String> left = file.startsWith("run") ? List.of("wait to acquire p99 / max", "J=")
                : List.of("(min-max)", "p50 us", "p99.9 us", "max us", "CPU ns/op", "Jain");

        assertThat(wide).contains(left);
        assertThat(left).allSatisfy(column -> assertThat(narrow).doesNotContain(column));
        assertThat(narrow).contains(file.startsWith("run") ? List.of("k/s", "ceil", "wait p99")
                : List.of("ops/s", "ratio [interval] verdict", "p99 us", "check"));
    }

    @Test
    void wideIsAnOptionOfRunAppsAndReal() {
        for (String command : List.of("run", "apps", "real")) {
            assertThat(Cli.run(command, "--help").out()).as(command).contains("--wide");
        }
    }

    private static Set<String> words(String text) {
        return text.lines().flatMap(line -> Arrays.stream(line.split("[\\s|]+"))).filter(w -> !w.isEmpty())
                .collect(Collectors.toSet());
    }
}
