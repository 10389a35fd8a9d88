package dev.mutexlab.agent.wrapped;

/** A caller of {@link AutoLock}: constructs one, and takes it in two methods of its own. */
public final class Ledger {

    public final AutoLock lock;

    public Ledger(int site) {
        lock = new AutoLock(site);
    }

    /** Runs {@code inside} holding the lock. */
    public void transfer(Runnable inside) {
        withLock(inside);
    }

    /** Runs {@code inside} holding the lock. */
    public void audit(Runnable inside) {
        withLock(inside);
    }

    private void withLock(Runnable inside) {
        lock.lock();
        try {
            inside.run();
        } finally {
            lock.unlock();
        }
    }
}
