package dev.mutexlab.agent.it;

import java.nio.file.Path;
import java.time.Duration;
import jdk.jfr.Recording;

/**
 * Child program: takes {@link StacksProgram}'s contended lock once before any recording (the
 * agent's event classes are loaded, JFR is not initialized), then starts a recording of the
 * agent's events in process, forces three waits, and dumps the recording to {@code args[0]}.
 */
public final class LateRecordingProgram {

    public static void main(String[] args) throws Exception {
        StacksProgram.Ledger ledger = new StacksProgram.Ledger();
        StacksProgram.forcedWait(ledger);
        try (Recording recording = new Recording()) {
            recording.enable("dev.mutexlab.LockWait").withThreshold(Duration.ZERO);
            recording.enable("dev.mutexlab.LockHold");
            recording.start();
            for (int i = 0; i < 3; i++) {
                StacksProgram.forcedWait(ledger);
            }
            recording.stop();
            recording.dump(Path.of(args[0]));
        }
        System.out.println("DONE");
    }
}
