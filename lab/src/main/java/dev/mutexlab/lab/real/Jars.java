package dev.mutexlab.lab.real;

import dev.mutexlab.lab.results.UsageException;
import java.io.DataInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarFile;

/**
 * Where the agent jar and the real-programs workloads are, by path: the {@code mutexlab} launcher
 * names both ({@code -Dmutexlab.agent.jar}, {@code -Dmutexlab.real.classpath}) after building them;
 * otherwise the agent is {@code agent/target/mutexlab-agent.jar} and the workloads
 * {@code real/target/mutexlab-real.jar} plus {@code real/target/lib/*}, under the current folder.
 * A missing one is a one-line error that says to build it first.
 *
 * <p>The oldest Java that loads the agent is read from the agent jar itself (the class file version
 * of its {@code Premain-Class}), so that what {@code mutexlab profile} tells a user follows the jar
 * as built, whatever release the agent is compiled for.
 */
public final class Jars {
    public static final String AGENT_PROPERTY = "mutexlab.agent.jar";
    public static final String REAL_CLASSPATH_PROPERTY = "mutexlab.real.classpath";
    static final String AGENT_DEFAULT = "agent/target/mutexlab-agent.jar";
    static final String REAL_DEFAULT = "real/target/mutexlab-real.jar";
    /** The oldest Java the agent is built to load on, when its jar does not say (no readable Premain-Class). */
    public static final int AGENT_JAVA_FLOOR = 17;
    /** A class file's major version less this is the Java feature release that introduced it (61: Java 17). */
    private static final int CLASS_MAJOR_OFFSET = 44;

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

    /**
     * The oldest Java feature release (17, 25, ...) that loads {@code agent}: its {@code Premain-Class}'s
     * class file version; {@value #AGENT_JAVA_FLOOR} when the jar does not name a class it holds.
     */
    public static int agentJavaFeature(Path agent) {
        try (JarFile jar = new JarFile(agent.toFile())) {
            String premain = jar.getManifest() == null ? null : jar.getManifest().getMainAttributes().getValue("Premain-Class");
            var entry = premain == null ? null : jar.getJarEntry(premain.strip().replace('.', '/') + ".class");
            if (entry == null) {
                return AGENT_JAVA_FLOOR;
            }
            try (InputStream in = jar.getInputStream(entry)) {
                DataInputStream data = new DataInputStream(in);
                if (data.readInt() != 0xCAFEBABE) {
                    return AGENT_JAVA_FLOOR;
                }
                data.readUnsignedShort(); // minor version
                return data.readUnsignedShort() - CLASS_MAJOR_OFFSET;
            }
        } catch (IOException | SecurityException e) {
            return AGENT_JAVA_FLOOR; // not a jar the JVM would load either; its own error says why
        }
    }
}
