package dev.mutexlab.lab.real;

import dev.mutexlab.lab.results.UsageException;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the agent jar and the real-programs workloads are, by path: the {@code mutexlab} launcher
 * names both ({@code -Dmutexlab.agent.jar}, {@code -Dmutexlab.real.classpath}) after building them;
 * otherwise the agent is {@code agent/target/mutexlab-agent.jar} and the workloads
 * {@code real/target/mutexlab-real.jar} plus {@code real/target/lib/*}, under the current folder.
 * A missing one is a one-line error that says to build it first.
 */
public final class Jars {
    public static final String AGENT_PROPERTY = "mutexlab.agent.jar";
    public static final String REAL_CLASSPATH_PROPERTY = "mutexlab.real.classpath";
    static final String AGENT_DEFAULT = "agent/target/mutexlab-agent.jar";
    static final String REAL_DEFAULT = "real/target/mutexlab-real.jar";

    private Jars() {
    }

    /** The agent jar; {@link UsageException} "build the agent first" when it is not there. */
    public static Path agent() {
        Path jar = Path.of(System.getProperty(AGENT_PROPERTY, AGENT_DEFAULT)).toAbsolutePath();
        if (!Files.isRegularFile(jar)) {
            throw new UsageException("the agent jar " + jar + " is missing: build the agent first"
                    + " (./mutexlab builds it, or mvn -B -q -pl agent -am -DskipTests package)");
        }
        return jar;
    }

    /** The class path of the workloads' child JVMs; {@link UsageException} when they are not built. */
    public static String realClassPath() {
        String named = System.getProperty(REAL_CLASSPATH_PROPERTY);
        if (named != null && !named.isBlank()) {
            return named;
        }
        Path jar = Path.of(REAL_DEFAULT).toAbsolutePath();
        if (!Files.isRegularFile(jar)) {
            throw new UsageException("the real-programs workloads " + jar + " are missing: build them first"
                    + " (./mutexlab builds them, or mvn -B -q -pl real -am -DskipTests package)");
        }
        return jar + File.pathSeparator + jar.resolveSibling("lib") + File.separator + "*";
    }
}
