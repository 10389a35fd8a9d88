package dev.mutexlab.agent.runtime;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * Every site, by id. The transformer adds a rewritten site before the class that holds it is
 * defined; framed sites ({@code frames=N}) are added when a lock is first constructed under a new
 * caller. Ids are dense from 0, so a thread's buffers index an array by them.
 *
 * <p>Adding takes this class's monitor (rare: once per site); reading is one volatile read of a
 * copy-on-write array.
 */
public final class Sites {

    private static final StackWalker WALKER = StackWalker.getInstance();
    private static final String RUNTIME_PACKAGE = Sites.class.getPackageName() + ".";
    // Framed sites by "<parent id> <frame>"; a ConcurrentHashMap locks with monitors, never with a
    // ReentrantLock, and is read without locking.
    private static final ConcurrentHashMap<String, Integer> FRAMED = new ConcurrentHashMap<>();

    private static volatile Site[] sites = new Site[0];

    private Sites() {
    }

    /** Adds a site and returns its id. */
    public static synchronized int add(String className, String method, int line, String kind, int parent,
                                       String fileName) {
        Site[] old = sites;
        Site[] grown = Arrays.copyOf(old, old.length + 1);
        grown[old.length] = new Site(old.length, className, method, line, kind, parent, fileName,
                new LongAdder(), new LongAdder(), new LongAdder(), new AtomicReference<>());
        sites = grown;
        return old.length;
    }

    /** The site with id {@code id}. */
    public static Site get(int id) {
        return sites[id];
    }

    /** Every site, in id order. */
    public static List<Site> all() {
        return List.of(sites);
    }

    /**
     * Counts a lock constructed at rewritten site {@code site}, served by {@code lockClass}
     * ({@code swapped}: by what {@code lock=SPEC} asked for, the library's lock or, under
     * {@code jdk-fair}, the JDK's fair lock in place of a nonfair one; {@code keptFair}: by the JDK's
     * own, because the program asked for a fair one), and returns the site its profile goes to: {@code site} itself, or with
     * {@code frames=N} the framed site N frames above it.
     */
    static int constructed(int site, int frames, Class<?> lockClass, boolean swapped, boolean keptFair) {
        count(sites[site], lockClass, swapped, keptFair);
        if (frames == 0) {
            return site;
        }
        StackWalker.StackFrame frame = WALKER.walk(s -> s
                .dropWhile(f -> f.getClassName().startsWith(RUNTIME_PACKAGE))
                .skip(frames)
                .findFirst()
                .orElse(null));
        if (frame == null) {
            return site;
        }
        String key = site + " " + frame;
        Integer framed = FRAMED.get(key);
        if (framed == null) {
            framed = FRAMED.computeIfAbsent(key, k -> add(frame.getClassName(), frame.getMethodName(),
                    frame.getLineNumber(), sites[site].kind(), site, frame.getFileName()));
        }
        count(sites[framed], lockClass, swapped, keptFair);
        return framed;
    }

    private static void count(Site s, Class<?> lockClass, boolean swapped, boolean keptFair) {
        s.instances().increment();
        if (swapped) {
            s.swapped().increment();
        }
        if (keptFair) {
            s.keptFair().increment();
        }
        s.lockClass().lazySet(lockClass.getName());
    }
}
