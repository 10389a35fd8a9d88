package dev.mutexlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.mutexlab.lab.Main;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;

/**
 * Every command's help is wrapped once, by picocli, at {@link Main#USAGE_WIDTH}: each description
 * element is a whole paragraph (or an indented item, such as an example command, that fits on one
 * line), so no sentence is broken by hand and then again by picocli.
 */
class HelpTextTest {
    /** The root command and every subcommand, at any depth, but {@code help}. */
    static Stream<Arguments> commands() {
        List<CommandLine> all = new ArrayList<>();
        collect(Main.commandLine(), all);
        return all.stream().map(c -> Arguments.of(c.getCommandSpec().qualifiedName(), c));
    }

    private static void collect(CommandLine c, List<CommandLine> all) {
        all.add(c);
        c.getSubcommands().forEach((name, sub) -> {
            if (!name.equals("help")) {
                collect(sub, all);
            }
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void everyHelpLineFitsTheWidth(String name, CommandLine command) {
        String help = command.getUsageMessage(CommandLine.Help.Ansi.OFF);

        assertThat(help.lines()).as(command.getCommandSpec().qualifiedName())
                .allSatisfy(line -> assertThat(line.length()).as(line).isLessThanOrEqualTo(Main.USAGE_WIDTH));
    }

    /** The command's description and each option's and parameter's. */
    private static List<String[]> descriptions(CommandLine command) {
        List<String[]> descriptions = new ArrayList<>();
        descriptions.add(command.getCommandSpec().usageMessage().description());
        for (ArgSpec arg : command.getCommandSpec().args()) {
            descriptions.add(arg.description());
        }
        return descriptions;
    }

    /**
     * picocli renders a command's description through String.format: a bare '%' prints a warning
     * and the raw text ({@code ArgSpec.description()} is returned rendered already).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void everyCommandDescriptionIsAFormatPicocliCanRender(String name, CommandLine command) {
        for (String element : command.getCommandSpec().usageMessage().description()) {
            assertThatCode(() -> String.format(element)).as("%s: %s", name, element).doesNotThrowAnyException();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void everyDescriptionElementIsAWholeParagraph(String name, CommandLine command) {
        for (String[] elements : descriptions(command)) {
            for (int i = 0; i < elements.length - 1; i++) {
                String line = elements[i].strip();
                boolean item = elements[i].startsWith(" ") || elements[i + 1].startsWith(" ");
                assertThat(item || line.isEmpty() || endsAClause(line))
                        .as("%s: a sentence broken by hand between \"%s\" and \"%s\"",
                                command.getCommandSpec().qualifiedName(), elements[i], elements[i + 1])
                        .isTrue();
            }
            for (String element : elements) {
                if (element.startsWith(" ")) { // an item picocli would wrap to the margin, under the names
                    assertThat(String.format(element).length()).as("%s: item \"%s\" wider than the help",
                            command.getCommandSpec().qualifiedName(), element).isLessThan(Main.USAGE_WIDTH);
                }
            }
        }
    }

    /**
     * In the printed help, a description line that does not end a sentence was wrapped by picocli:
     * the next line's first word would not have fit on it (picocli fills a line to one character
     * short of the width). Indented lines are items, such as example commands, and end where they end.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void descriptionLinesBreakOnlyWhereTheWidthForcesIt(String name, CommandLine command) {
        String description = new CommandLine.Help(command.getCommandSpec(), CommandLine.Help.defaultColorScheme(
                CommandLine.Help.Ansi.OFF)).description();
        List<String> lines = description.lines().toList();
        for (int i = 0; i < lines.size() - 1; i++) {
            String line = lines.get(i);
            String next = lines.get(i + 1);
            if (line.isBlank() || line.startsWith(" ") || next.isBlank() || next.startsWith(" ")
                    || endsAClause(line.strip())) {
                continue;
            }
            String word = next.strip().split(" ", 2)[0];
            assertThat(line.length() + 1 + word.length()).as("%s: \"%s\" broken before \"%s\"",
                    command.getCommandSpec().qualifiedName(), line, word).isGreaterThanOrEqualTo(Main.USAGE_WIDTH);
        }
    }

    private static boolean endsAClause(String line) {
        return line.matches(".*[.:;!?)]$");
    }
}
