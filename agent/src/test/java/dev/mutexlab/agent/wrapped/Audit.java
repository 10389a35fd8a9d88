package dev.mutexlab.agent.wrapped;

/** Another caller of {@link AutoLock}: constructs its own. */
public final class Audit {

    public final AutoLock lock;

    public Audit(int site) {
        lock = new AutoLock(site);
    }
}
