package dev.mutexlab.lab.results;

/**
 * Bad input from the user: an unknown lock, an unparsable duration, an unwritable path. The CLI
 * prints the message as one line and exits with status 2; it is never shown as a stack trace.
 */
public final class UsageException extends RuntimeException {
    public UsageException(String message) {
        super(message, null, false, false);
    }
}
