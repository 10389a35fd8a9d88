package dev.mutexlab.agent.it;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Launches a test program in a child JVM with the packaged agent, and collects what it printed. */
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

    static String testClassPath() {
        String cp = System.getProperty("surefire.test.class.path");
        return cp != null && !cp.isBlank() ? cp : System.getProperty("java.class.path");
    }

    /** Runs {@code mainClass} with {@code -javaagent:JAR=agentOptions} (none when null). */
    static Outcome run(String agentOptions, List<String> jvmArgs, Class<?> mainClass, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (agentOptions != null) {
            command.add("-javaagent:" + agentJar().toAbsolutePath() + (agentOptions.isEmpty() ? "" : "=" + agentOptions));
        }
        command.addAll(jvmArgs);
        command.add("-cp");
        command.add(testClassPath());
        command.add(mainClass.getName());
        command.addAll(List.of(args));
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
