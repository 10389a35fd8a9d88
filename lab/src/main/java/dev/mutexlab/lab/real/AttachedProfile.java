package dev.mutexlab.lab.real;

import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import dev.mutexlab.lab.results.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Profiles a running JVM: attaches to it, loads the agent with {@code stopAfter=D} and
 * {@code out=FILE}, detaches, and waits for the file, which the agent writes when D is up and then
 * stops timing and undoes its rewrites (docs/agent.md, "Attach to a running JVM"). The target runs
 * on throughout; what it measures is the locks the program constructs while the agent is in (at
 * their allocation sites) and the JDK {@code ReentrantLock}s it made before (at their acquisition
 * points, through probes in the JDK's lock that the agent takes out again when it stops).
 */
public final class AttachedProfile {

    /** How long past D the agent may take to write the file before this gives up. */
    static final Duration GRACE = Duration.ofSeconds(60);

    private AttachedProfile() {
    }

    /**
     * Attaches to {@code pid}, starts the agent there with {@code agentOptions} (the profile's own,
     * without {@code stopAfter} and {@code out}), and returns once {@code file} is written; a
     * {@link UsageException} with one line when the JVM cannot be reached or refuses the agent.
     */
    public static void run(long pid, Path agent, String agentOptions, Duration duration, Path file)
            throws InterruptedException {
        String options = agentOptions + ",report=none,stopAfter=" + Math.max(1, duration.toMillis()) + "ms,out=" + file;
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UsageException("cannot replace " + file + ": " + e.getMessage());
        }
        VirtualMachine vm;
        try {
            vm = VirtualMachine.attach(Long.toString(pid));
        } catch (AttachNotSupportedException | IOException | SecurityException e) {
            throw new UsageException("cannot attach to process " + pid + " (" + oneLine(e)
                    + "); it must be a JVM of this user, started without -XX:+DisableAttachMechanism");
        }
        try {
            vm.loadAgent(agent.toString(), options);
        } catch (AgentLoadException e) {
            throw new UsageException("process " + pid + " could not load the agent (" + oneLine(e)
                    + "); its java must be 17 or newer");
        } catch (com.sun.tools.attach.AgentInitializationException | IOException e) {
            throw new UsageException("the agent did not start in process " + pid + " (" + oneLine(e) + ")");
        } finally {
            try {
                vm.detach();
            } catch (IOException e) {
                // the agent is in or it is not; detaching a gone JVM is nothing to report
            }
        }
        long deadlineNanos = System.nanoTime() + duration.plus(GRACE).toNanos();
        while (!Files.isRegularFile(file)) {
            if (System.nanoTime() - deadlineNanos > 0) {
                throw new UsageException("process " + pid + " wrote no profile to " + file + " within "
                        + duration.plus(GRACE).toSeconds() + " s (did it exit? a bad option is on its stderr)");
            }
            if (ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true)) {
                throw new UsageException("process " + pid + " exited before the profile was written");
            }
            Thread.sleep(100);
        }
    }

    private static String oneLine(Throwable t) {
        String m = t.getMessage();
        return (t.getClass().getSimpleName() + (m == null ? "" : ": " + m)).replaceAll("\\s+", " ");
    }
}
