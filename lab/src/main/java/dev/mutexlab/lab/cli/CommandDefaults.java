package dev.mutexlab.lab.cli;

import java.util.Map;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Per-command defaults of the shared options. An option is declared once, in a mixin, but its default
 * may differ by command ({@code --locks} of {@code run} and of {@code suite}); a command that
 * implements {@link Defaults} names them, and the help shows them as {@code ${DEFAULT-VALUE}}.
 */
public final class CommandDefaults implements IDefaultValueProvider {
    /** A command's defaults for shared options, by option name ({@code --locks}). */
    interface Defaults {
        Map<String, String> defaults();
    }

    @Override
    public String defaultValue(ArgSpec arg) {
        if (arg instanceof OptionSpec option && arg.command() != null
                && arg.command().userObject() instanceof Defaults command) {
            return command.defaults().get(option.longestName());
        }
        return null;
    }
}
