package dev.mutexlab.agent;

import java.io.File;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Method;
import java.util.jar.JarFile;

/**
 * The agent's entry: {@code java -javaagent:mutexlab-agent.jar=OPTIONS ...} or a late attach. Puts
 * its own jar on the boot class path, then hands over to {@link AgentStart} there.
 *
 * <p>The boot class path: {@code java.base}'s rewritten classes ({@code ArrayBlockingQueue}, ...)
 * call the runtime, so the runtime must load where they can see it. The manifest's
 * {@code Boot-Class-Path} names the jar's own file name, and the JVM puts it there before anything
 * loads; then this class too comes from the boot loader. A renamed jar makes that entry name
 * nothing, and this class loads from the application class path: it then appends the jar by the
 * location it was loaded from (the JVM prints one warning, that class-data sharing now covers the
 * boot loader's classes only). So that no class of the agent is loaded twice, this class names no
 * other (the verifier could load one through the application loader before the append) and
 * reaches {@link AgentStart} by reflection through the boot loader.
 *
 * <p>A bad option at start-up stops the JVM before {@code main} with one line and exit status 2: a
 * run the user asked for would measure the wrong thing. Under a late attach the program is already
 * running and is never stopped: the line goes to its stderr and the agent changes nothing.
 */
public final class MutexlabAgent {

    private MutexlabAgent() {
    }

    public static void premain(String args, Instrumentation instrumentation) {
        String refused = start("start", args, instrumentation);
        if (refused != null) {
            System.err.println("mutexlab-agent: " + refused);
            System.err.flush();
            Runtime.getRuntime().halt(2);
        }
    }

    public static void agentmain(String args, Instrumentation instrumentation) {
        String refused = start("attach", args, instrumentation);
        if (refused != null) {
            System.err.println("mutexlab-agent: " + refused + " (attach refused; the program runs on unchanged)");
            System.err.flush();
        }
    }

    /**
     * Starts the agent from the boot class path through {@code AgentStart.<entry>} ({@code start} at
     * the JVM's start, {@code attach} in a running JVM); null, or the one line that says why it did not.
     */
    private static String start(String entry, String args, Instrumentation instrumentation) {
        try {
            if (MutexlabAgent.class.getClassLoader() != null) {   // else a Boot-Class-Path put it there
                File jar = new File(MutexlabAgent.class.getProtectionDomain().getCodeSource().getLocation().toURI());
                instrumentation.appendToBootstrapClassLoaderSearch(new JarFile(jar));
            }
            Class<?> start = Class.forName("dev.mutexlab.agent.AgentStart", true, null);
            Method method = start.getMethod(entry, String.class, Instrumentation.class);
            return (String) method.invoke(null, args, instrumentation);
        } catch (Exception | LinkageError e) {
            Throwable cause = e instanceof java.lang.reflect.InvocationTargetException ? e.getCause() : e;
            return "cannot start (" + cause.getClass().getSimpleName() + ": " + cause.getMessage() + ")";
        }
    }
}
