package dev.mutexlab.lab.real;

import dev.mutexlab.lab.results.UsageException;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A user's command as {@code mutexlab profile -- CMD} runs it: as the user would have run it, on the
 * user's own {@code java}, not on the JDK the lab itself runs on.
 *
 * <p>The environment. {@code ./mutexlab} sources {@code scripts/jdk.sh}, which puts a JDK 25 first on
 * {@code PATH}, points {@code JAVA_HOME} at it and adds to {@code MAVEN_OPTS}, all for the lab's own
 * build and JVM. Before it changes them it saves the caller's: {@value #SAVED_NAMES} lists the names
 * saved, and {@value #SAVED_PREFIX}{@code NAME} holds each one the caller had set (absent: the
 * caller had none). The child gets the caller's back, and none of the saved copies. Without
 * {@value #SAVED_NAMES} (the lab started some other way, as tests start it) the child inherits the
 * lab's environment as it is.
 *
 * <p>The program. A name without a {@code /} is looked up here, on the child's {@code PATH}:
 * {@link ProcessBuilder} would look it up on the lab's own, whose first {@code java} is the lab's.
 *
 * <p>The JVM. When the program is {@code java}, {@link #java()} asks it its version ({@code java
 * -version}) before the agent goes near it, so that a JVM too old to load the agent is one line that
 * names it ({@link #requireJava}), not the JVM's class-version stack trace. Any other program (a
 * script, {@code mvn}) starts JVMs of its own choosing, which cannot be known before it runs; when
 * one leaves no profile, {@link #scriptJava()} names the {@code java} it most likely started.
 */
public final class UserCommand {
    /** The variable that lists the names {@code scripts/jdk.sh} saved, separated by spaces. */
    public static final String SAVED_NAMES = "MUTEXLAB_USER_ENV";
    /** The saved value of {@code NAME} is in {@code MUTEXLAB_USER_NAME}. */
    public static final String SAVED_PREFIX = "MUTEXLAB_USER_";
    /** How long {@code java -version} may take before the probe gives up (and the command runs unchecked). */
    static final long PROBE_LIMIT_SECONDS = 30;
    /** The version as {@code java -version} prints it: {@code openjdk version "17.0.9" 2023-10-17}. */
    private static final Pattern VERSION_LINE = Pattern.compile("version \"([^\"]+)\"");
    /** A version's feature release: {@code 17} of {@code 17.0.9}, {@code 8} of {@code 1.8.0_292}, {@code 25} of {@code 25-ea}. */
    private static final Pattern FEATURE = Pattern.compile("^(?:1\\.(?=\\d))?(\\d+)");

    private final List<String> command;
    private final Map<String, String> environment;

    private UserCommand(List<String> command, Map<String, String> environment) {
        this.command = command;
        this.environment = environment;
    }

    /**
     * {@code words} to run in the environment restored from {@code labEnvironment} (the lab's own,
     * {@link System#getenv()}), its program looked up on the restored {@code PATH}.
     *
     * @throws UsageException when a program name without a {@code /} is on no directory of that PATH
     */
    public static UserCommand of(List<String> words, Map<String, String> labEnvironment) {
        Map<String, String> env = environment(labEnvironment);
        List<String> resolved = new ArrayList<>(words);
        String program = words.getFirst();
        if (!program.contains("/")) {
            resolved.set(0, onPath(program, env.get("PATH"))
                    .orElseThrow(() -> new UsageException("cannot run '" + program + "': not found on PATH ("
                            + env.getOrDefault("PATH", "unset") + ")"))
                    .toString());
        }
        return new UserCommand(List.copyOf(resolved), env);
    }

    /** The child's environment: {@code lab} with the caller's saved values put back, as the class comment says. */
    static Map<String, String> environment(Map<String, String> lab) {
        Map<String, String> env = new HashMap<>(lab);
        String saved = lab.get(SAVED_NAMES);
        if (saved == null || saved.isBlank()) {
            return env;
        }
        for (String name : saved.strip().split("\\s+")) {
            String value = lab.get(SAVED_PREFIX + name);
            if (value == null) {
                env.remove(name);
            } else {
                env.put(name, value);
            }
        }
        env.keySet().removeIf(name -> name.startsWith(SAVED_PREFIX));
        return env;
    }

    /** The first executable {@code program} on {@code path} (an empty entry is the current folder), as a shell finds it. */
    static Optional<Path> onPath(String program, String path) {
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(Pattern.quote(File.pathSeparator), -1)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, program);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** The command as it runs: the program as found on the PATH, then the user's words. */
    public List<String> command() {
        return command;
    }

    /** The environment it runs in (a copy to change: {@link #processBuilder} takes it as it is). */
    public Map<String, String> environment() {
        return new HashMap<>(environment);
    }

    /** Whether the program is a {@code java} launcher, which takes JVM options before the rest. */
    public boolean isJava() {
        return isJava(command.getFirst());
    }

    /** Whether {@code program}, as a command's first word, names a {@code java} launcher. */
    public static boolean isJava(String program) {
        String name = Path.of(program).getFileName().toString();
        return name.equals("java") || name.equals("java.exe");
    }

    /**
     * A process of this command with {@code jvmOptions} right after the program (empty for a program
     * that is not {@code java}), in {@code env} ({@link #environment()}, perhaps changed).
     */
    public ProcessBuilder processBuilder(List<String> jvmOptions, Map<String, String> env) {
        List<String> words = new ArrayList<>(command);
        words.addAll(1, jvmOptions);
        ProcessBuilder pb = new ProcessBuilder(words);
        pb.environment().clear();
        pb.environment().putAll(env);
        return pb;
    }

    /** A {@code java}: where it is, its version as it prints it, and that version's feature release. */
    public record Java(String executable, String version, int feature) {
        /** {@code /usr/bin/java (Java 17.0.9)}. */
        public String describe() {
            return executable + " (Java " + version + ")";
        }
    }

    /**
     * For a {@code java} command, what {@code java -version} says in this command's environment; empty for
     * any other program, or when the program prints no version within {@value #PROBE_LIMIT_SECONDS} s.
     */
    public Optional<Java> java() throws InterruptedException {
        return isJava() ? probe(command.getFirst()) : Optional.empty();
    }

    /**
     * The {@code java} a launcher script in this command's environment would start, as {@code mvn},
     * Gradle and most scripts choose it ({@code $JAVA_HOME/bin/java} when JAVA_HOME is set, else the first
     * on PATH), and its version; empty when there is none or it prints no version.
     */
    public Optional<Java> scriptJava() throws InterruptedException {
        String home = environment.get("JAVA_HOME");
        Optional<Path> java = home != null && !home.isBlank() ? Optional.of(Path.of(home, "bin", "java"))
                .filter(Files::isExecutable) : onPath("java", environment.get("PATH"));
        return java.isPresent() ? probe(java.get().toString()) : Optional.empty();
    }

    /** What {@code executable -version} says in this command's environment; empty when it says no version in time. */
    private Optional<Java> probe(String executable) throws InterruptedException {
        Path output = null;
        Process p = null;
        try {
            // to a file, not a pipe: a java that hangs, or leaves a child holding its output open, cannot hang the lab
            output = Files.createTempFile("mutexlab-java-version", ".txt");
            ProcessBuilder pb = new ProcessBuilder(executable, "-version").redirectErrorStream(true)
                    .redirectOutput(output.toFile());
            pb.environment().clear();
            pb.environment().putAll(environment);
            p = pb.start();
            p.getOutputStream().close();
            if (!p.waitFor(PROBE_LIMIT_SECONDS, TimeUnit.SECONDS)) {
                return Optional.empty();
            }
            return parse(executable, Files.readString(output, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return Optional.empty(); // the launch itself says why, with the command as given
        } finally {
            if (p != null) {
                p.destroyForcibly();
            }
            if (output != null) {
                try {
                    Files.deleteIfExists(output);
                } catch (IOException e) {
                    // a leftover temporary file is no reason to fail the run
                }
            }
        }
    }

    /** The version in {@code java -version}'s output; empty when it has none. */
    static Optional<Java> parse(String executable, String versionOutput) {
        Matcher line = VERSION_LINE.matcher(versionOutput);
        if (!line.find()) {
            return Optional.empty();
        }
        Matcher feature = FEATURE.matcher(line.group(1));
        return feature.find() ? Optional.of(new Java(executable, line.group(1), Integer.parseInt(feature.group(1))))
                : Optional.empty();
    }

    /**
     * Checks that this command's {@code java}, if it is one, is Java {@code feature} or newer.
     *
     * @throws UsageException one line naming the {@code java} found and its version, when it is older
     */
    public void requireJava(int feature) throws InterruptedException {
        Optional<Java> found = java();
        if (found.isPresent() && found.get().feature() < feature) {
            throw new UsageException(tooOld(found.get(), feature));
        }
    }

    /** The line that says {@code java} is older than the agent needs, and what to do. */
    public static String tooOld(Java java, int feature) {
        return java.describe() + " is too old: the mutexlab agent needs Java " + feature
                + " or newer. Put a newer JDK's bin first on PATH, or name its java: -- /path/to/jdk/bin/java ...";
    }
}
