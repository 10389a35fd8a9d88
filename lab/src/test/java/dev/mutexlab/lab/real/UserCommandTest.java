package dev.mutexlab.lab.real;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mutexlab.lab.Cli;
import dev.mutexlab.lab.cli.ExitCode;
import dev.mutexlab.lab.results.UsageException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code mutexlab profile -- CMD} runs CMD on the user's own {@code java}: the caller's PATH, JAVA_HOME
 * and MAVEN_OPTS that {@code scripts/jdk.sh} saved are put back, the program is found on that PATH,
 * and a {@code java} too old for the agent is one line that names it. The fake {@code java}s here are
 * shell scripts that print a version for {@code -version} and otherwise write down what they were run with.
 */
class UserCommandTest {
    @TempDir
    Path dir;

    /** The lab's environment as {@code ./mutexlab} leaves it for a caller with {@code userPath} and no JAVA_HOME. */
    private static Map<String, String> labEnvironment(Path labJdk, String userPath) {
        Map<String, String> env = new HashMap<>();
        env.put("PATH", labJdk.resolve("bin") + ":" + userPath);
        env.put("JAVA_HOME", labJdk.toString());
        env.put("MAVEN_OPTS", " --sun-misc-unsafe-memory-access=allow");
        env.put("HOME", "/home/someone");
        env.put(UserCommand.SAVED_NAMES, "PATH JAVA_HOME MAVEN_OPTS");
        env.put(UserCommand.SAVED_PREFIX + "PATH", userPath);
        env.put(UserCommand.SAVED_PREFIX + "MAVEN_OPTS", "-Xmx1g");
        return env;
    }

    /**
     * A fake {@code java} in {@code home/bin}: {@code -version} prints {@code versionLine} to standard
     * error; anything else writes its path, arguments, PATH and JAVA_HOME to {@code home/ran.txt}.
     */
    private static Path fakeJava(Path home, String versionLine) throws IOException {
        Path java = Files.createDirectories(home.resolve("bin")).resolve("java");
        Files.writeString(java, """
                #!/bin/sh
                if [ "$1" = -version ]; then echo '%s' >&2; exit 0; fi
                printf '%%s\\n' "$0 $*" "PATH=$PATH" "JAVA_HOME=${JAVA_HOME-unset}" "MAVEN_OPTS=${MAVEN_OPTS-unset}" \
                    "SAVED=${MUTEXLAB_USER_ENV-unset}" > '%s'
                """.formatted(versionLine, home.resolve("ran.txt")));
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return java;
    }

    @Test
    void theChildGetsTheCallersPathJavaHomeAndMavenOptsBack() {
        Map<String, String> child = UserCommand.environment(labEnvironment(Path.of("/opt/jdk-25"), "/home/someone/bin:/usr/bin"));

        assertThat(child).containsEntry("PATH", "/home/someone/bin:/usr/bin").containsEntry("MAVEN_OPTS", "-Xmx1g")
                .containsEntry("HOME", "/home/someone").doesNotContainKey("JAVA_HOME");
        assertThat(child.keySet()).noneMatch(name -> name.startsWith(UserCommand.SAVED_PREFIX));
    }

    @Test
    void withNothingSavedTheChildInheritsTheLabsEnvironment() {
        Map<String, String> lab = Map.of("PATH", "/opt/jdk-25/bin:/usr/bin", "JAVA_HOME", "/opt/jdk-25");

        assertThat(UserCommand.environment(lab)).isEqualTo(lab);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void theUsersJavaRunsWithTheUsersPathNotTheLabs() throws Exception {
        Path labJdk = dir.resolve("lab-jdk");
        Path userJdk = dir.resolve("user-jdk");
        fakeJava(labJdk, "openjdk version \"25.0.3\" 2026-04-21");
        Path userJava = fakeJava(userJdk, "openjdk version \"21.0.1\" 2023-10-17");
        String userPath = userJdk.resolve("bin") + ":/usr/bin:/bin";
        Map<String, String> lab = labEnvironment(labJdk, userPath);
        lab.put(UserCommand.SAVED_PREFIX + "JAVA_HOME", userJdk.toString());

        UserCommand program = UserCommand.of(List.of("java", "-cp", "app", "Main"), lab);
        program.requireJava(17);
        Process p = program.processBuilder(List.of("-javaagent:agent.jar=profile"), program.environment()).start();

        assertThat(p.waitFor(30, TimeUnit.SECONDS)).as("the fake java ended").isTrue();
        assertThat(program.java()).map(UserCommand.Java::feature).contains(21);
        assertThat(labJdk.resolve("ran.txt")).as("the lab's java never ran the program").doesNotExist();
        assertThat(Files.readAllLines(userJdk.resolve("ran.txt"))).containsExactly(
                userJava + " -javaagent:agent.jar=profile -cp app Main", "PATH=" + userPath, "JAVA_HOME=" + userJdk,
                "MAVEN_OPTS=-Xmx1g", "SAVED=unset");
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aJavaTooOldForTheAgentIsOneLineNamingItAndExit2() throws Exception {
        Path java = fakeJava(dir.resolve("jdk-11"), "java version \"11.0.2\" 2019-01-15 LTS");
        Path agent = agentJar(dir.resolve("agent.jar"), 61);
        AgentJarProperty.with(agent, () -> {
            Cli r = Cli.run("profile", "--out", dir.resolve("p.json").toString(), "--", java.toString(), "-cp", "app", "Main");

            assertThat(r.exit()).isEqualTo(ExitCode.USAGE);
            assertThat(r.err().strip().lines()).hasSize(1);
            assertThat(r.err()).contains(java + " (Java 11.0.2) is too old").contains("needs Java 17 or newer")
                    .doesNotContain("Exception");
            assertThat(dir.resolve("jdk-11/ran.txt")).as("the program never ran").doesNotExist();
        });
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aScriptsJavaIsJavaHomesWhenSetElseTheFirstOnPath() throws Exception {
        Path onPath = fakeJava(dir.resolve("jdk-11"), "java version \"11.0.2\" 2019-01-15 LTS");
        Path home = dir.resolve("jdk-21");
        fakeJava(home, "openjdk version \"21.0.1\" 2023-10-17");
        Map<String, String> lab = labEnvironment(dir.resolve("lab-jdk"), onPath.getParent() + ":/usr/bin:/bin");

        assertThat(UserCommand.of(List.of("/bin/sh", "run.sh"), lab).scriptJava())
                .contains(new UserCommand.Java(onPath.toString(), "11.0.2", 11));
        lab.put(UserCommand.SAVED_PREFIX + "JAVA_HOME", home.toString());
        assertThat(UserCommand.of(List.of("/bin/sh", "run.sh"), lab).scriptJava()).map(UserCommand.Java::feature).contains(21);
    }

    @Test
    void aProgramOnNoDirectoryOfThePathIsOneLine() {
        Map<String, String> lab = labEnvironment(dir.resolve("lab-jdk"), dir.resolve("empty").toString());

        assertThatThrownBy(() -> UserCommand.of(List.of("no-such-program", "x"), lab)).isInstanceOf(UsageException.class)
                .hasMessageContaining("cannot run 'no-such-program': not found on PATH");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "openjdk version \"17.0.9\" 2023-10-17|17.0.9|17",
            "java version \"1.8.0_292\"|1.8.0_292|8",
            "java version \"11.0.2\" 2019-01-15 LTS|11.0.2|11",
            "openjdk version \"25-ea\" 2025-09-16|25-ea|25",
            "Picked up JAVA_TOOL_OPTIONS: -Xss1m\\nopenjdk version \"25\" 2025-09-16|25|25"})
    void theVersionIsReadAsJavaPrintsIt(String output, String version, int feature) {
        assertThat(UserCommand.parse("/usr/bin/java", output.replace("\\n", "\n")))
                .contains(new UserCommand.Java("/usr/bin/java", version, feature));
    }

    @Test
    void outputWithoutAVersionSaysNothing() {
        assertThat(UserCommand.parse("/usr/bin/java", "Error: could not open `/x/lib/jvm.cfg'")).isEmpty();
    }

    @Test
    void theAgentsOldestJavaIsItsPremainClassVersion() throws Exception {
        assertThat(Jars.agentJavaFeature(agentJar(dir.resolve("a25.jar"), 69))).isEqualTo(25);
        assertThat(Jars.agentJavaFeature(agentJar(dir.resolve("a17.jar"), 61))).isEqualTo(17);
        Path notAJar = Files.writeString(dir.resolve("broken.jar"), "not a jar");
        assertThat(Jars.agentJavaFeature(notAJar)).isEqualTo(Jars.AGENT_JAVA_FLOOR);
    }

    /** A jar whose manifest names {@code a.Agent} as its Premain-Class, of class file version {@code major}. */
    private static Path agentJar(Path jar, int major) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Premain-Class", "a.Agent");
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest)) {
            out.putNextEntry(new JarEntry("a/Agent.class"));
            out.write(new byte[] {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE, 0, 0, 0, (byte) major});
            out.closeEntry();
        }
        return jar;
    }
}
