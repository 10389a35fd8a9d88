package dev.mutexlab.lab.real;

import java.nio.file.Path;

/** Runs a test's body with {@link Jars#AGENT_PROPERTY} pointing at its agent jar, and puts back what was there. */
final class AgentJarProperty {

    /** A test body that may throw. */
    interface Body {
        void run() throws Exception;
    }

    private AgentJarProperty() {
    }

    /** Runs {@code body} with the agent at {@code jar}. */
    static void with(Path jar, Body body) throws Exception {
        String before = System.getProperty(Jars.AGENT_PROPERTY);
        System.setProperty(Jars.AGENT_PROPERTY, jar.toString());
        try {
            body.run();
        } finally {
            if (before == null) {
                System.clearProperty(Jars.AGENT_PROPERTY);
            } else {
                System.setProperty(Jars.AGENT_PROPERTY, before);
            }
        }
    }
}
