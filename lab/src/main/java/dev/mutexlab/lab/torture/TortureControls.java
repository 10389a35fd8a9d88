package dev.mutexlab.lab.torture;

import dev.mutexlab.locks.LockSpec;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.locks.Lock;

/**
 * The deliberately broken locks that prove {@code mutexlab torture}'s detectors fire, like Linux
 * locktorture's {@code lock_busted}: {@code busted} (no mutual exclusion, {@link BustedLock}) and
 * {@code busted:lostwakeup} (excludes, but loses a wakeup now and then, {@link LostWakeupLock}).
 *
 * <p>They live in the lab, not in the library jar, and {@link dev.mutexlab.locks.Locks} does not
 * know these specs, so no user of the library can create a broken lock.
 */
public final class TortureControls {
    /** The spec name of the controls. */
    public static final String NAME = "busted";

    private TortureControls() {
    }

    /** The control specs, each with a one-line description. */
    public static Map<String, String> examples() {
        Map<String, String> map = new LinkedHashMap<>();
        map.put("busted", "no mutual exclusion at all (BustedLock)");
        map.put("busted:lostwakeup", "excludes, but loses a wakeup now and then (LostWakeupLock)");
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
    public static Lock create(String spec) {
        LockSpec parsed = LockSpec.parse(spec);
        if (!parsed.name().equals(NAME)) {
            throw new IllegalArgumentException("not a torture control: '" + spec + "'");
        }
        for (Map.Entry<String, String> o : parsed.options().entrySet()) {
            if (!o.getKey().equals("lostwakeup") || !o.getValue().isEmpty()) {
                throw new IllegalArgumentException("torture control '" + NAME + "' has no option '" + o.getKey()
                        + (o.getValue().isEmpty() ? "" : "=" + o.getValue()) + "' (options: lostwakeup)");
            }
        }
        return parsed.options().containsKey("lostwakeup") ? new LostWakeupLock() : new BustedLock();
    }
}
