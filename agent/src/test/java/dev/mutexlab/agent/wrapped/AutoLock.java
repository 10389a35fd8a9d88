package dev.mutexlab.agent.wrapped;

import dev.mutexlab.agent.runtime.AgentReentrantLock;

/**
 * A wrapper around one lock, used by many callers, as Jetty's {@code AutoLock} is: its
 * constructor is the lock's allocation site. It constructs what the agent's rewrite makes of
 * {@code new ReentrantLock()} at {@code site}.
 */
public final class AutoLock {

    private final AgentReentrantLock lock;

    public AutoLock(int site) {
        lock = new AgentReentrantLock(false, site);
    }

    public void lock() {
        lock.lock();
    }

    public void unlock() {
        lock.unlock();
    }

    /** The lock inside. */
    public AgentReentrantLock inner() {
        return lock;
    }
}
