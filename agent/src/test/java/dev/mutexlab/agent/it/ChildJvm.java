package dev.mutexlab.agent.it;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Launches a test program in a child JVM with the packaged agent, and collects what it printed. The
 * child runs on {@code mutexlab.child.java} when set (the build runs every integration test once on
 * the JDK the build runs on and once on another, such as the machine's Java 17), else on the JDK
 * the test runs on.
 */
final class ChildJvm {

    /** What the child did. */
    record Outcome(int exitCode, String stdout, String stderr) {
    }

    static Path agentJar() {
        String jar = System.getProperty("mutexlab.agent.jar", "target/mutexlab-agent.jar");
        Path path = Path.of(jar);
        if (!Files.isRegularFile(path)) {
            throw new IllegalStateException("the agent jar " + path + " is not built (run mvn verify)");
        }
        return path;
    }

    /**
     * The test class path without the agent's own classes ({@code target/classes}): a program under
     * the agent has the jar, not the agent's classes, on its class path.
     */
    static String testClassPath() {
        String cp = System.getProperty("surefire.test.class.path");
        cp = cp != null && !cp.isBlank() ? cp : System.getProperty("java.class.path");
        Path agentClasses = Path.of("target", "classes").toAbsolutePath().normalize();
        List<String> kept = new ArrayList<>();
        for (String entry : cp.split(File.pathSeparator)) {
            if (!entry.isEmpty() && !Path.of(entry).toAbsolutePath().normalize().equals(agentClasses)) {
                kept.add(entry);
            }
        }
        return String.join(File.pathSeparator, kept);
    }

    /** The {@code java} the children run on. */
    static String java() {
        String java = System.getProperty("mutexlab.child.java", "");
        return java.isBlank() ? Path.of(System.getProperty("java.home"), "bin", "java").toString() : java;
    }

    /** The feature version of {@link #java()}, e.g. 17 or 25. */
    static int javaFeature() throws IOException, InterruptedException {
        Process p = new ProcessBuilder(java(), "-XshowSettings:properties", "-version").redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(60, TimeUnit.SECONDS);
        for (String line : text.split("\\R")) {
            String t = line.trim();
            if (t.startsWith("java.specification.version = ")) {
                String v = t.substring("java.specification.version = ".length());
                return Integer.parseInt(v.startsWith("1.") ? v.substring(2) : v);
            }
        }
        throw new IllegalStateException("no java.specification.version from " + java() + ":\n" + text);
    }

    /** The command line of a child: {@code -javaagent:agentJar=agentOptions} (none when options are null). */
    static List<String> command(Path agentJar, String agentOptions, List<String> jvmArgs, Class<?> mainClass,
                                String... args) {
        List<String> command = new ArrayList<>();
        command.add(java());
        if (agentOptions != null) {
            command.add("-javaagent:" + agentJar.toAbsolutePath() + (agentOptions.isEmpty() ? "" : "=" + agentOptions));
        }
        command.addAll(jvmArgs);
        command.add("-cp");
        command.add(testClassPath());
        command.add(mainClass.getName());
        command.addAll(List.of(args));
        return command;
    }

    /** Runs {@code mainClass} with {@code -javaagent:JAR=agentOptions} (none when null). */
    static Outcome run(String agentOptions, List<String> jvmArgs, Class<?> mainClass, String... args)
            throws IOException, InterruptedException {
        return run(agentOptions == null ? null : agentJar(), agentOptions, jvmArgs, mainClass, args);
    }

    /** As {@link #run(String, List, Class, String...)}, with the agent jar at {@code agentJar}. */
    static Outcome run(Path agentJar, String agentOptions, List<String> jvmArgs, Class<?> mainClass, String... args)
            throws IOException, InterruptedException {
        List<String> command = command(agentJar, agentOptions, jvmArgs, mainClass, args);
        Path out = Files.createTempFile("child", ".out");
        Path err = Files.createTempFile("child", ".err");
        try {
            Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("child " + mainClass.getSimpleName() + " did not finish in 120 s; stderr:\n"
                        + Files.readString(err, StandardCharsets.UTF_8));
            }
            return new Outcome(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
