package dev.mutexlab.agent.runtime;

import java.util.concurrent.locks.ReentrantLock;

/**
 * What a rewritten {@code new ReentrantLock()} / {@code new ReentrantLock(fair)} calls instead: the
 * transformer replaces {@code NEW ReentrantLock; DUP; [fair]; INVOKESPECIAL <init>} with
 * {@code [fair]; ldc site; INVOKESTATIC create}. The result has the declared type, so the
 * surrounding code and its stack maps see what they saw.
 *
 * <p>Which lock: an {@link AgentReentrantLock}, which decides from the fairness passed and the
 * settings whether the library's lock or the JDK's own serves it, and whether it is timed. Where
 * the answer is the JDK's fair lock, untimed (a fair lock kept under a swap, any lock under
 * {@code lock=jdk-fair}), it is the JDK's plain {@code ReentrantLock}, counted at its site. The fairness is decided here, when the
 * constructor runs, and never read from the bytecode: code such as
 * {@code ArrayBlockingQueue(capacity, fair)} passes it from a variable.
 */
public final class LockFactory {

    private LockFactory() {
    }

    /** Replaces {@code new ReentrantLock()} at {@code site}. */
    public static ReentrantLock create(int site) {
        return create(false, site);
    }

    /** Replaces {@code new ReentrantLock(fair)} at {@code site}. */
    public static ReentrantLock create(boolean fair, int site) {
        Settings settings = Settings.current();
        if (!settings.profile() && settings.spec() == null) {
            Sites.constructed(site, 0, ReentrantLock.class, false, false);   // the agent stopped: the program's own
            return new ReentrantLock(fair);
        }
        if (!settings.profile() && (settings.fairJdk() || fair && !settings.swapFair())) {
            Sites.constructed(site, 0, ReentrantLock.class, !fair && settings.fairJdk(), fair && settings.swaps());
            return new ReentrantLock(true);
        }
        return new AgentReentrantLock(fair, site);
    }
}
