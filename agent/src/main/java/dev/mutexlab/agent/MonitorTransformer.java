package dev.mutexlab.agent;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;

/**
 * The transformer of {@code synchronized} blocks and methods ({@code profile} with
 * {@code monitors}, the default): hands the classes that may hold a monitor to
 * {@link MonitorRewriter}, after {@link LockTransformer} has rewritten their locks (it is added
 * after it). Like that one it never throws: a class it cannot rewrite loads as it was, reported.
 *
 * <p>Which classes: the program's and its libraries', never the JDK's (by name: {@code java.},
 * {@code javax.}, {@code jdk.}, {@code sun.}, {@code com.sun.}; and whatever the boot and platform
 * loaders define, {@code org.w3c.dom} and the like: their monitors are the runtime's own machinery,
 * which the agent itself runs on), the agent's or the program's copy of the library;
 * {@code include}/{@code exclude} apply. A class loaded while another is being rewritten
 * on the same thread is left alone.
 */
final class MonitorTransformer implements ClassFileTransformer {

    /** {@link LockTransformer#JDK} as an array: see {@link #jdk}. */
    private static final String[] JDK = LockTransformer.JDK.toArray(new String[0]);

    /** Defines the JDK's modules outside the boot loader ({@code java.sql}, ...): never probed either. */
    private static final ClassLoader PLATFORM = ClassLoader.getPlatformClassLoader();

    private final AgentOptions options;
    private final MonitorRewriter rewriter = new MonitorRewriter();
    private final RewriteLog log;
    private final Instrumentation instrumentation;
    private final ThreadLocal<Boolean> rewriting = new ThreadLocal<>();

    MonitorTransformer(AgentOptions options, RewriteLog log, Instrumentation instrumentation) {
        this.options = options;
        this.log = log;
        this.instrumentation = instrumentation;
    }

    /**
     * Whether a class is the JDK's. Runs for every class that loads, so, like
     * {@link LockTransformer#never}, it uses only strings, arrays and an index loop (no iterator,
     * whose class could be the one being loaded).
     */
    private static boolean jdk(String internalName) {
        for (int i = 0; i < JDK.length; i++) {
            if (internalName.startsWith(JDK[i])) {
                return true;
            }
        }
        return false;
    }

    @Override
    public byte[] transform(Module module, ClassLoader loader, String className, Class<?> classBeingRedefined,
                            ProtectionDomain protectionDomain, byte[] bytes) {
        if (className == null || bytes == null || loader == null || loader == PLATFORM
                || LockTransformer.never(className) || jdk(className) || rewriting.get() != null) {
            return null;
        }
        String dotted = className.replace('/', '.');
        try {
            if (!MonitorRewriter.mayHaveMonitors(bytes) || !LockTransformer.chosen(options, className, dotted)) {
                return null;
            }
            rewriting.set(Boolean.TRUE);
            try {
                MonitorRewriter.Result result = rewriter.rewrite(className, loader, bytes);
                if (result.bytes() == null) {
                    return null;
                }
                LockTransformer.letRead(instrumentation, module);
                log.rewroteMonitors(dotted);
                return result.bytes();
            } finally {
                rewriting.remove();
            }
        } catch (Throwable t) {
            log.skipped(dotted, "monitors failed: " + LockTransformer.oneLine(t));
            return null;
        }
    }
}
