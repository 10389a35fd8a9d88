package dev.mutexlab.agent;

/** An agent option that cannot be used; its message is the one line the JVM prints before it exits 2. */
public final class BadOptionException extends Exception {

    private static final long serialVersionUID = 1L;

    public BadOptionException(String message) {
        super(message, null, false, false);
    }
}
