package dev.mutexlab.agent.runtime;

/**
 * What the rewritten locks do, set once by the agent's {@code premain} before any class is
 * rewritten and read when a lock is constructed (never on an acquisition).
 *
 * @param spec        the library spec every swapped lock is built from; {@code null} for no swap;
 *                    {@link #JDK_FAIR} to make every nonfair allocation the JDK's fair lock
 * @param swapFair    whether fair locks are swapped too ({@code fair=swap})
 * @param profile     whether locks time their acquisitions and holds per site
 * @param sampleEvery time one acquisition in this many, per thread and site ({@code sample=N})
 * @param frames      attribute a site this many frames above the allocating method ({@code frames=N})
 */
public record Settings(String spec, boolean swapFair, boolean profile, int sampleEvery, int frames) {

    /** The spec that turns nonfair allocations into {@code new ReentrantLock(true)}. */
    public static final String JDK_FAIR = "jdk-fair";

    /** No swap, no profile: what the runtime does before the agent configured it. */
    public static final Settings NONE = new Settings(null, false, false, 1, 0);

    // Written once by premain, read by constructors on any thread; volatile so a thread that
    // started before premain finished sees the settings and not NONE.
    private static volatile Settings current = NONE;

    public Settings {
        if (sampleEvery < 1) {
            throw new IllegalArgumentException("sampleEvery must be at least 1: " + sampleEvery);
        }
        if (frames < 0) {
            throw new IllegalArgumentException("frames must be at least 0: " + frames);
        }
    }

    /** The settings in force. */
    public static Settings current() {
        return current;
    }

    /** Puts {@code settings} in force; premain calls it before it installs the transformer. */
    public static void install(Settings settings) {
        current = settings;
    }

    /** Whether nonfair locks become the library's lock of {@link #spec()}. */
    public boolean swaps() {
        return spec != null && !fairJdk();
    }

    /** Whether nonfair allocations become the JDK's fair lock ({@code lock=jdk-fair}). */
    public boolean fairJdk() {
        return JDK_FAIR.equals(spec);
    }
}
