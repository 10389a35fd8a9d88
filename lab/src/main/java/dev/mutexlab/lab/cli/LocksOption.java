package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.config.LabLock;
import dev.mutexlab.lab.results.UsageException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Option;

/** {@code --locks SPEC,...}: the locks a command measures, each checked by {@link LabLock#parse}. */
final class LocksOption {
    @Option(names = "--locks", split = ",", paramLabel = "SPEC", converter = Converters.LabLockConverter.class,
            description = "Lock specs, comma-separated, the first is the base (see 'mutexlab locks'). Default: ${DEFAULT-VALUE}")
    List<LabLock> locks;

    /** The locks as given, each once; none with {@code +profile}, which only real takes. */
    List<LabLock> labLocks() {
        List<LabLock> all = given();
        for (LabLock l : all) {
            if (l.profiled()) {
                throw new UsageException("'" + l.spec() + "': +profile is for real (a lock with the agent's profile on)");
            }
        }
        return all;
    }

    /** The locks as library specs, for commands that build the locks themselves (no synchronized, no +yield). */
    List<String> librarySpecs() {
        return specs(labLocks());
    }

    /** The locks as library specs, each with or without {@code +profile} (for real, whose agent profiles). */
    List<String> realSpecs() {
        return specs(given());
    }

    private List<LabLock> given() {
        Set<String> seen = new HashSet<>();
        for (LabLock l : locks) {
            if (!seen.add(l.spec())) {
                throw new UsageException("lock '" + l.spec() + "' given twice");
            }
        }
        return List.copyOf(locks);
    }

    private static List<String> specs(List<LabLock> all) {
        for (LabLock l : all) {
            if (l.isMonitor() || l.yieldAfterUnlock()) {
                throw new UsageException("'" + l.spec() + "' is not a library lock spec (synchronized and +yield are for run and sweep)");
            }
        }
        return all.stream().map(LabLock::spec).toList();
    }
}
