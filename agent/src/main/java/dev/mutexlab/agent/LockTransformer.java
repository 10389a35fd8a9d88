package dev.mutexlab.agent;

import dev.mutexlab.agent.runtime.LockFactory;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.nio.charset.StandardCharsets;
import java.security.ProtectionDomain;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The agent's {@link ClassFileTransformer}: chooses the classes to rewrite, hands them to
 * {@link LockRewriter}, and turns every failure into "left as it was, reported". It never throws:
 * a class it cannot rewrite loads unchanged and the program runs on.
 *
 * <p>Which classes: those that mention {@code java/util/concurrent/locks/ReentrantLock} (a byte
 * search of the constant pool comes first, so the rest pay nothing), not the agent's, the
 * library's, {@code java.util.concurrent.locks} itself or the machinery the agent runs on (JFR,
 * instrumentation); then {@code include}/{@code exclude} by class-name prefix and {@code jdk}.
 * Classes loaded while another class is being rewritten on the same thread are left alone (a
 * rewrite must not recurse into itself) and reported.
 */
public final class LockTransformer implements ClassFileTransformer {

    /** The agent's own package (its direct classes only) and its runtime package. */
    private static final String AGENT_PACKAGE = "dev/mutexlab/agent/";
    /**
     * The library's package where a program carries its own copy: its {@code jdk} spec allocates a
     * {@code ReentrantLock} that must stay one. Joined at run time because the jar's build relocates
     * every constant that names the library's package into the agent's bundled copy.
     */
    private static final String PROGRAMS_OWN_LIBRARY = String.join("/", "dev", "mutexlab", "locks", "");
    /** Never rewritten (internal names): the agent's runtime, the library, the lock classes themselves, the machinery. */
    private static final String[] NEVER = {"dev/mutexlab/agent/runtime/", "dev/mutexlab/agent/bundled/",
            PROGRAMS_OWN_LIBRARY, "java/util/concurrent/locks/", "jdk/jfr/", "java/lang/instrument/", "sun/instrument/"};
    /** The JDK's own classes, which {@code jdk=false} leaves alone. */
    static final List<String> JDK = List.of("java/", "javax/", "jdk/", "sun/", "com/sun/");

    private static final byte[] NEEDLE = LockRewriter.REENTRANT_LOCK.getBytes(StandardCharsets.UTF_8);

    private final AgentOptions options;
    private final LockRewriter rewriter;
    private final RewriteLog log;
    private final Instrumentation instrumentation;
    private final ThreadLocal<Boolean> rewriting = new ThreadLocal<>();

    public LockTransformer(AgentOptions options, RewriteLog log, Instrumentation instrumentation) {
        this.options = options;
        this.rewriter = new LockRewriter(options);
        this.log = log;
        this.instrumentation = instrumentation;
    }

    @Override
    public byte[] transform(Module module, ClassLoader loader, String className, Class<?> classBeingRedefined,
                            ProtectionDomain protectionDomain, byte[] bytes) {
        if (className == null || bytes == null || never(className) || !mentionsReentrantLock(bytes)) {
            return null;
        }
        String dotted = className.replace('/', '.');
        try {
            if (!chosen(className, dotted)) {
                log.skipped(dotted, "excluded");
                return null;
            }
            if (rewriting.get() != null) {
                log.skipped(dotted, "failed: loaded while the agent was rewriting another class on its thread");
                return null;
            }
            rewriting.set(Boolean.TRUE);
            try {
                // A loaded class keeps its superclass: one loaded before the agent is not re-parented
                // when it is retransformed; one re-parented at load is rewritten as it was then.
                boolean mayReparent = classBeingRedefined == null
                        || classBeingRedefined.getSuperclass() != ReentrantLock.class;
                LockRewriter.Result result = rewriter.rewrite(className, loader, bytes, mayReparent);
                for (String reason : result.skipReasons()) {
                    log.skipped(dotted, reason);
                }
                if (result.bytes() == null) {
                    return null;
                }
                letRead(instrumentation, module);
                result.rewrites().forEach(log::rewrote);
                return result.bytes();
            } finally {
                rewriting.remove();
            }
        } catch (Throwable t) {
            log.skipped(dotted, "failed: " + oneLine(t));
            return null;
        }
    }

    /** A named module (java.base, ...) must read the boot loader's unnamed module to call the runtime. */
    static void letRead(Instrumentation instrumentation, Module module) {
        Module runtime = LockFactory.class.getModule();
        if (module != null && module.isNamed() && !module.canRead(runtime)) {
            instrumentation.redefineModule(module, Set.of(runtime), Map.of(), Map.of(), Set.of(), Map.of());
        }
    }

    /**
     * Whether a class is never rewritten. This and {@link #mentionsReentrantLock} run for every class
     * that loads, including the JDK's own classes the program loads first while the agent runs: they
     * use only strings, arrays and index loops, classes loaded before any agent, because a class this
     * code needs that is itself being loaded is a {@code ClassCircularityError}, and the JVM then
     * refuses that class to the program for good (a list's iterator, for one).
     */
    static boolean never(String internalName) {
        if (internalName.startsWith(AGENT_PACKAGE) && internalName.indexOf('/', AGENT_PACKAGE.length()) < 0) {
            return true;
        }
        for (int i = 0; i < NEVER.length; i++) {
            if (internalName.startsWith(NEVER[i])) {
                return true;
            }
        }
        return false;
    }

    /** Whether include/exclude/jdk choose the class. */
    boolean chosen(String internalName, String dotted) {
        return chosen(options, internalName, dotted);
    }

    /** Whether {@code options}' include/exclude/jdk choose the class. */
    static boolean chosen(AgentOptions options, String internalName, String dotted) {
        if (!options.jdk() && startsWithAny(internalName, JDK)) {
            return false;
        }
        if (!options.include().isEmpty() && !startsWithAny(dotted, options.include())) {
            return false;
        }
        return !startsWithAny(dotted, options.exclude());
    }

    private static boolean startsWithAny(String name, List<String> prefixes) {
        for (String p : prefixes) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the class file's bytes hold the UTF-8 name of ReentrantLock (its constant pool does if it uses it). */
    static boolean mentionsReentrantLock(byte[] bytes) {
        byte first = NEEDLE[0];
        int last = bytes.length - NEEDLE.length;
        outer:
        for (int i = 0; i <= last; i++) {
            if (bytes[i] != first) {
                continue;
            }
            for (int j = 1; j < NEEDLE.length; j++) {
                if (bytes[i + j] != NEEDLE[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    static String oneLine(Throwable t) {
        String message = t.getMessage();
        String text = t.getClass().getSimpleName() + (message == null ? "" : ": " + message);
        return text.replaceAll("\\s+", " ");
    }
}
