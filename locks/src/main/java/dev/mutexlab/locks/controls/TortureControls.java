package dev.mutexlab.locks.controls;

import dev.mutexlab.locks.LockSpec;
import dev.mutexlab.locks.Locks;
import dev.mutexlab.locks.internal.ControlLocks;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.Lock;

/**
 * The deliberately broken locks that prove {@code mutexlab torture}'s detectors fire, like Linux
 * locktorture's {@code lock_busted}: {@code busted} (no mutual exclusion, {@code BustedMutex}) and
 * {@code busted:lostwakeup} (excludes, but loses a wakeup now and then, {@code LostWakeupMutex}).
 *
 * <p>Not part of the library: this package is not exported by the module, and
 * {@link dev.mutexlab.locks.Locks} does not know these specs, so no user can create a broken lock
 * by naming it. The lab's torture command and the tests reach them here.
 */
public final class TortureControls {
    /** The spec name of the controls. */
    public static final String NAME = "busted";

    private TortureControls() {
    }

    /** The control specs, each with a one-line description. */
    public static Map<String, String> examples() {
        Map<String, String> map = new LinkedHashMap<>();
        map.put("busted", "no mutual exclusion at all (BustedMutex)");
        map.put("busted:lostwakeup", "excludes, but loses a wakeup now and then (LostWakeupMutex)");
        return map;
    }

    /** Whether {@code spec} names a control (its options are checked by {@link #create}). */
    public static boolean isControl(String spec) {
        try {
            return LockSpec.parse(spec).name().equals(NAME);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * A new control lock for {@code spec}.
     *
     * @throws IllegalArgumentException with a one-line message when the spec is not a valid control
     */
    public static Lock create(String spec, boolean recordStats) {
        LockSpec parsed = LockSpec.parse(spec);
        if (!parsed.name().equals(NAME)) {
            throw new IllegalArgumentException("not a torture control: '" + spec + "'");
        }
        parsed.requireOnly(Set.of("lostwakeup", "stats"));
        boolean stats = recordStats || parsed.flag("stats");
        Locks.specs(); // loading Locks registers the controls' constructor (see ControlLocks)
        return ControlLocks.create(parsed.flag("lostwakeup"), stats);
    }
}
