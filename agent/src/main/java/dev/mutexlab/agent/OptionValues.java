package dev.mutexlab.agent;

import java.nio.file.Path;

/**
 * The values of the agent's options, parsed once for every option group ({@link AgentOptions},
 * {@link StackOptions}): each method returns the value or throws a {@link BadOptionException} whose
 * message is the one line that stops the JVM.
 */
final class OptionValues {
    private OptionValues() {
    }

    /** The value of an option that needs one. */
    static String required(String key, String value) throws BadOptionException {
        if (value == null || value.isEmpty()) {
            throw new BadOptionException("option '" + key + "' needs a value (" + key + "=...)");
        }
        return value;
    }

    /** A flag: {@code key} alone or {@code key=true} is true, {@code key=false} false. */
    static boolean flag(String key, String value) throws BadOptionException {
        return value == null || bool(key, value);
    }

    /** {@code true} or {@code false}, nothing else. */
    static boolean bool(String key, String value) throws BadOptionException {
        return switch (value) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new BadOptionException("option '" + key + "': '" + value + "' is not true or false");
        };
    }

    /** A whole number from {@code min} to {@code max}. */
    static int number(String key, String value, int min, int max) throws BadOptionException {
        String text = required(key, value);
        int n;
        try {
            n = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new BadOptionException("option '" + key + "': '" + text + "' is not a whole number");
        }
        if (n < min || n > max) {
            throw new BadOptionException("option '" + key + "': " + n + " is outside " + min + ".." + max);
        }
        return n;
    }

    /** A file's path; {@code {pid}} in it becomes the process id. */
    static Path file(String key, String value) throws BadOptionException {
        return Path.of(required(key, value).replace("{pid}", Long.toString(ProcessHandle.current().pid())));
    }
}
