package dev.mutexlab.agent.runtime;

import dev.mutexlab.agent.runtime.jfr.LockEvents;

/**
 * What a sampled acquisition adds to the numbers: stacks ({@link StackSampler}) and JFR events
 * ({@code dev.mutexlab.LockWait}, {@code dev.mutexlab.LockHold}). {@link LockProbe} calls it at
 * three points of a sampled acquisition: the arrival at a held lock, having the lock, and after
 * the outermost release.
 *
 * <pre>{@code
 * arrived(t0):     if the site's waiter gate opens at t0: walk now (before waiting), t0 = now
 *                  if LockWait is enabled: begin a wait event
 *                  keep both in the thread's in-flight slot for the site, keyed by (lock, t0)
 * acquired(t0,t1): if the slot holds this wait: record the walked stack with t1 - t0; end the event
 *                  if LockHold is enabled: begin a hold event in the slot
 * released(t2):    (the lock is free) commit the slot's wait and hold events
 *                  if the hold kept sampled waiters waiting and the site's holder gate opens at t2:
 *                  walk, record that stack with the wait caused
 * }</pre>
 *
 * <p>Rules: nothing here runs while the caller holds the lock except two plain field writes and,
 * once per interval per site, the recording of a walk made before the wait (one short monitor);
 * JFR's commits (and its stack traces) come after the release. With stacks off and no recording
 * enabling the events, a call costs a volatile read and two answers of {@link LockEvents} (see
 * there). An in-flight slot is the thread's own, per site ({@link SiteStats#inFlight}), written
 * and read only by that thread; a second lock of the same site taken inside the first takes the
 * slot over, and the outer one's events are not recorded. A JFR failure (an image or a JDK that
 * refuses the events) turns the events off for good and never reaches the program.
 */
final class SampledEvents {

    /** Whether JFR events may be used: the image has {@code jdk.jfr}, and no use of it failed. */
    private static volatile boolean jfr = ModuleLayer.boot().findModule("jdk.jfr").isPresent();

    private SampledEvents() {
    }

    /** One thread's sampled acquisition of a site in flight: its wait's stack and events, its hold's event. */
    static final class InFlight {
        LockProbe probe;
        long waitStartNanos;
        String[] waiterStack;
        Object waitEvent;
        Object endedWaitEvent;
        Object holdEvent;

        InFlight claim(LockProbe p) {
            if (probe != p) {
                probe = p;
                waiterStack = null;
                waitEvent = null;
                endedWaitEvent = null;
                holdEvent = null;
            }
            return this;
        }
    }

    /** A sampled acquisition found {@code p} held at {@code startNanos}; returns when its wait begins. */
    static long arrived(LockProbe p, SiteStats s, long startNanos) {
        StackSampler sampler = StackSampler.current();
        boolean walk = sampler != null && sampler.mayWalk(StackSampler.Role.WAITER, startNanos);
        String[] stack = walk ? sampler.walk() : null;
        // the wait and its event begin after the walk: the walk's time is the walker's, not the lock's
        Object event = jfr ? jfrCall(Call.BEGIN_WAIT, null) : null;
        if (!walk && event == null) {
            return startNanos;
        }
        InFlight f = slot(s).claim(p);
        f.waiterStack = stack;
        f.waitEvent = event;
        f.waitStartNanos = walk ? System.nanoTime() : startNanos;
        return f.waitStartNanos;
    }

    /** A sampled acquisition of {@code p} has it at {@code nowNanos}; it waited from {@code startNanos} unless that is {@link LockProbe#NOT_TIMED}. */
    static void acquired(LockProbe p, SiteStats s, long startNanos, long nowNanos) {
        InFlight f = s.inFlight;
        if (startNanos != LockProbe.NOT_TIMED && f != null && f.probe == p && f.waitStartNanos == startNanos) {
            if (f.waiterStack != null) {
                StackSampler sampler = StackSampler.current();
                if (sampler != null) {
                    sampler.record(p.site, StackSampler.Role.WAITER, f.waiterStack, nowNanos - startNanos);
                }
                f.waiterStack = null;
            }
            if (f.waitEvent != null) {
                jfrCall(Call.END_WAIT, f.waitEvent);
                f.endedWaitEvent = f.waitEvent;
                f.waitEvent = null;
            }
        }
        if (jfr) {
            Object hold = jfrCall(Call.BEGIN_HOLD, null);
            if (hold != null) {
                slot(s).claim(p).holdEvent = hold;
            }
        }
    }

    /**
     * The timed hold of {@code p} that ended at {@code endNanos} was released (the lock is free
     * now); it kept the sampled waiters present at its release waiting {@code causedNanos}.
     */
    static void released(LockProbe p, SiteStats s, long endNanos, long causedNanos) {
        InFlight f = s.inFlight;
        if (f != null && f.probe == p && (f.endedWaitEvent != null || f.holdEvent != null)) {
            Object wait = f.endedWaitEvent;
            Object hold = f.holdEvent;
            f.endedWaitEvent = null;
            f.holdEvent = null;
            commit(Sites.get(p.site), wait, hold, causedNanos);
        }
        if (causedNanos > 0) {
            StackSampler sampler = StackSampler.current();
            if (sampler != null && sampler.mayWalk(StackSampler.Role.HOLDER, endNanos)) {
                sampler.record(p.site, StackSampler.Role.HOLDER, sampler.walk(), causedNanos);
            }
        }
    }

    private static InFlight slot(SiteStats s) {
        InFlight f = s.inFlight;
        if (f == null) {
            f = new InFlight();
            s.inFlight = f;
        }
        return f;
    }

    private enum Call { BEGIN_WAIT, END_WAIT, BEGIN_HOLD }

    /** One call of {@link LockEvents}; null where the event is not enabled or JFR failed (then off for good). */
    private static Object jfrCall(Call call, Object event) {
        try {
            switch (call) {
                case BEGIN_WAIT:
                    return LockEvents.waitEnabled() ? LockEvents.beginWait() : null;
                case END_WAIT:
                    LockEvents.endWait(event);
                    return event;
                default:
                    return LockEvents.holdEnabled() ? LockEvents.beginHold() : null;
            }
        } catch (Throwable t) {
            jfr = false;
            return null;
        }
    }

    /** Commits an ended wait event and ends and commits a hold event (either may be null). */
    private static void commit(Site site, Object wait, Object hold, long causedNanos) {
        try {
            if (wait != null) {
                LockEvents.commitWait(wait, site.label(), site.lockClass().get());
            }
            if (hold != null) {
                LockEvents.commitHold(hold, site.label(), site.lockClass().get(), causedNanos);
            }
        } catch (Throwable t) {
            jfr = false;
        }
    }
}
