package dev.mutexlab.locks.internal;

import dev.mutexlab.locks.Mutex;
import java.util.Optional;

/**
 * The guard in front of JDK Flight Recorder. The module {@code requires static jdk.jfr}: a runtime
 * built from {@code java.base} alone (a {@code jlink} image, common in containers) has no
 * {@code jdk.jfr}, and on the module path a runtime that has it resolves it only when something
 * asks for it. {@link #AVAILABLE} says whether this library can use it; every JFR type is named
 * only inside {@link Events}, a holder class that is initialised (and so linked against
 * {@code jdk.jfr}) only behind a check of {@link #AVAILABLE}. A lock therefore never throws from
 * {@code lock()} for want of JFR: without it, events are simply not recorded.
 *
 * <p>Class path: the unnamed module reads every module of the boot layer, so JFR is available
 * whenever the runtime has it. Module path: available when {@code jdk.jfr} was resolved into the
 * boot layer, e.g. with {@code --add-modules jdk.jfr} or when the application or
 * {@code -XX:StartFlightRecording} brings it in (this module then reads it, adding the read edge
 * itself if resolution did not).
 *
 * <p>Boot class path (where the {@code mutexlab} agent puts the library, so that {@code java.base}'s
 * own classes can use its locks): never available. JFR rewrites an event class's {@code commit()}
 * to call into {@code jdk.jfr.internal.event}, which is not exported to the boot loader's unnamed
 * module, so the first commit of an enabled event would throw {@code IllegalAccessError} inside
 * {@code lock()} or {@code unlock()} and leave the lock broken.
 */
public final class Jfr {
    /** Whether the running image has {@code jdk.jfr} and this module reads it. */
    public static final boolean AVAILABLE = available();

    private Jfr() {
    }

    private static boolean available() {
        if (Jfr.class.getClassLoader() == null) {
            return false; // on the boot class path: see the class comment
        }
        Optional<Module> jfr = ModuleLayer.boot().findModule("jdk.jfr");
        if (jfr.isEmpty()) {
            return false;
        }
        Module self = Jfr.class.getModule();
        if (!self.canRead(jfr.get())) {
            self.addReads(jfr.get()); // resolved without our static edge (e.g. in another layer): read it now
        }
        try {
            Class.forName("jdk.jfr.Event", false, Jfr.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** Includes {@code lock} (which records statistics) in {@code dev.mutexlab.MutexStatistics}; a no-op without JFR. */
    public static void track(Mutex lock) {
        if (AVAILABLE) {
            Events.track(lock);
        }
    }

    /**
     * Records that {@code lock} switched its waiting policy ({@code dev.mutexlab.LineupPolicySwitch},
     * when a recording enables it); a no-op without JFR.
     */
    public static void policySwitched(Mutex lock, String from, String to, double runRatePerSecond, double trialRatePerSecond) {
        if (AVAILABLE) {
            Events.policySwitched(lock, from, to, runRatePerSecond, trialRatePerSecond);
        }
    }

    /** Every use of a {@code jdk.jfr} type; loaded only when {@link #AVAILABLE}. */
    static final class Events {
        private Events() {
        }

        static Object contentionStart(Mutex lock) {
            return JfrMutexContended.start(lock);
        }

        static void contended(Object event, Mutex lock, Won how) {
            ((JfrMutexContended) event).won(lock, how);
        }

        static void track(Mutex lock) {
            MutexStatisticsEvent.track(lock);
        }

        static void policySwitched(Mutex lock, String from, String to, double runRatePerSecond, double trialRatePerSecond) {
            JfrPolicySwitch.commit(lock, from, to, runRatePerSecond, trialRatePerSecond);
        }
    }
}
