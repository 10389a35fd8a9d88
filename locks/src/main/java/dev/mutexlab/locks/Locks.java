package dev.mutexlab.locks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiFunction;

/**
 * Creates locks from {@link LockSpec specifications}, so that one string names a configuration
 * everywhere: {@code Locks.create("go:threshold=0")} returns a new {@link GoMutex} that hands off
 * whenever anyone waits. {@link #specs()} lists every lock with a one-line description.
 *
 * <p>Every lock accepts the flag {@code stats} where it records statistics
 * ({@code go:threshold=0:stats}); {@link #create(String, boolean)} turns them on without it.
 * Every {@link Mutex} accepts the option {@code name} ({@code go:name=cache}), the lock's
 * {@link Mutex#named(String) name} in {@code toString} and in the JFR events.
 *
 * <pre>{@code
 * Mutex cacheLock = Locks.mutex("go:carrieraware:name=cache");
 * Lock any = Locks.create("jdk");   // a ReentrantLock: Locks.mutex("jdk") throws
 * }</pre>
 *
 * @since 1.0
 */
public final class Locks {

    /**
     * One lock that specs can name: what {@code mutexlab locks} and {@code docs/spec-reference.md}
     * list, and what {@link #create(String)} checks a spec's options against.
     *
     * @param name        the spec name
     * @param description one line: what the lock is
     * @param options     every option the lock takes (besides {@code name}), each with a one-line
     *                    description that starts with its syntax
     * @param examples    specs worth listing, each with a one-line description
     */
    public record Entry(String name, String description, Map<String, String> options, Map<String, String> examples) {
    }

    /** A registered lock: its entry and the factory that builds it from a checked spec. */
    private record Registered(Entry entry, BiFunction<LockSpec, Boolean, Lock> factory) {
    }

    private static final Map<String, Registered> REGISTRY = new LinkedHashMap<>();

    private static final String STATS = "stats: record statistics (Mutex.stats(), the dev.mutexlab.MutexStatistics JFR event)";

    static {
        register(new Entry("go", "Go's sync.Mutex: barging and spinning, starvation mode (handoff) after a waiter waited 1 ms",
                examples(
                        "threshold", "threshold=DURATION|never: a waiter that waited this long switches the lock to starvation mode (handoff); default 1ms",
                        "carrieraware", "carrieraware: on virtual threads, no spinning while a woken waiter waits for a carrier, no WOKEN claim",
                        "stats", STATS),
                examples(
                        "go", "Go's sync.Mutex with the default 1 ms starvation threshold",
                        "go:threshold=0", "starvation mode whenever a woken waiter loses: always hand off",
                        "go:threshold=never", "never enter starvation mode: normal (barging) mode only",
                        "go:threshold=250us", "any threshold, in ns, us, ms or s",
                        "go:carrieraware", "on virtual threads: no spinning while a woken waiter waits for a carrier, no WOKEN claim")),
                Locks::go);
        register(new Entry("lineup", "mutexlab's lineup lock: barging with a bound on waiting (handoff to a waiter past it, 1 ms); how arrivals wait is chosen per lock by trying (policy=auto): a short spin, one look as ReentrantLock, or one thread running alone",
                examples(
                        "bound", "bound=DURATION: a waiter that waited this long gets the lock handed over; default 1ms",
                        "policy", "policy=auto|barge|line|solo: how arrivals wait: chosen per lock by trying each while the lock is saturated (auto, the default), a short spin as a monitor's, one look then sleep as ReentrantLock's, or one thread running the lock alone; all keep the bound",
                        "stats", STATS),
                examples(
                        "lineup", "runs barging, the line or solo, whichever ran it fastest in its trials; waits bounded at about 1 ms",
                        "lineup:bound=250us", "any bound on waiting, in ns, us, ms or s",
                        "lineup:policy=line", "arrivals look once and sleep in line, as ReentrantLock's; only the sleeper an unlock woke spins",
                        "lineup:policy=barge", "arrivals spin briefly (about 3 us) and barge, then sleep in line",
                        "lineup:policy=solo", "one thread runs the lock alone, the others asleep until due (their bound): a sleeper may sleep that long on a free lock")),
                Locks::lineup);
        register(new Entry("spinbit", "Go 1.24's runtime mutex: one spinner at a time, LIFO stack of sleepers in the word, unlock skips the wake while someone spins",
                examples(
                        "lowlatency", "lowlatency: as Go's sched.lock, every waiter spins and every unlock with sleepers wakes one",
                        "stats", STATS),
                examples(
                        "spinbit", "Go 1.24 lock2/unlock2: spinning bit, sleeper stack, 1-in-16 wake of the oldest sleeper",
                        "spinbit:lowlatency", "as Go's sched.lock: every waiter spins, every unlock with sleepers wakes one")),
                Locks::spinbit);
        register(new Entry("futex", "Go's runtime mutex on Linux before 1.24: the 2011 tristate lock (spin 4x30, yield, sleep), or the blocking lock it replaced",
                examples(
                        "blocking", "blocking: the lock before 2011, a locked bit and a waiter count, sleeping at once without spinning",
                        "stats", STATS),
                examples(
                        "futex", "2011-1.23 tristate lock: unlocked / locked / sleeping; wakes a sleeper on every unlock that saw sleeping",
                        "futex:blocking", "before 2011: locked bit + waiter count, sleeps at once (no spinning), every unlock with a count wakes one")),
                Locks::futex);
        register(new Entry("semaphore", "Linux semaphores as a mutex: the 1999 sleepers-count semaphore, or the 2008 FIFO semaphore with direct handoff",
                examples(
                        "wake2", "wake2: the 1999 semaphore as written, down also wakes the next waiter",
                        "handoff", "handoff: the 2008 FIFO semaphore, up hands the count to the first waiter (fair); not with wake2",
                        "stats", STATS),
                examples(
                        "semaphore", "1999 sleepers semaphore, with the down path's second wakeup replaced by bookkeeping",
                        "semaphore:wake2", "1999 sleepers semaphore as written: down also wakes the next waiter",
                        "semaphore:handoff", "2008 semaphore: FIFO under one lock, up hands the count to the first waiter")),
                Locks::semaphore);
        register(new Entry("kernel", "Linux's struct mutex: owner word with WAITERS/HANDOFF/PICKUP, OSQ-queued bounded spinning, FIFO sleepers, handoff on demand",
                examples("stats", STATS),
                examples("kernel", "stealing allowed until the first waiter, woken and beaten once, asks for a handoff")),
                Locks::kernel);
        register(new Entry("jdk", "java.util.concurrent.locks.ReentrantLock, nonfair (barging)",
                Map.of(), examples("jdk", "ReentrantLock(false)")), (spec, stats) -> new ReentrantLock(false));
        register(new Entry("jdk-fair", "java.util.concurrent.locks.ReentrantLock, fair (FIFO)",
                Map.of(), examples("jdk-fair", "ReentrantLock(true)")), (spec, stats) -> new ReentrantLock(true));
    }

    private Locks() {
    }

    /**
     * A new lock for {@code spec}. The specs {@code jdk} and {@code jdk-fair} give a
     * {@link ReentrantLock}; every other spec gives a {@link Mutex} (see {@link #mutex(String)}).
     *
     * @throws IllegalArgumentException with a one-line message when the spec is not valid
     */
    public static Lock create(String spec) {
        return create(spec, false);
    }

    /**
     * A new lock for {@code spec}, recording statistics when {@code recordStats}. The specs
     * {@code jdk} and {@code jdk-fair} ({@code ReentrantLock}s) record none, and refuse
     * {@code recordStats}; {@link #recordsStatistics(String)} says which specs can.
     *
     * @throws IllegalArgumentException with a one-line message when the spec is not valid, or when
     *         {@code recordStats} is asked of a lock that records no statistics
     */
    public static Lock create(String spec, boolean recordStats) {
        LockSpec parsed = LockSpec.parse(spec);
        Registered registered = registered(parsed.name());
        String name = parsed.options().containsKey(NAME_OPTION) ? parsed.value(NAME_OPTION, null) : null;
        LockSpec options = name == null ? parsed : withoutName(parsed);
        options.requireOnly(registered.entry().options().keySet());
        if (recordStats && !registered.entry().options().containsKey(STATS_FLAG)) {
            throw new IllegalArgumentException("lock '" + parsed.name() + "' records no statistics: create it with recordStats false");
        }
        Lock lock = registered.factory().apply(options, recordStats);
        if (name != null) {
            if (!(lock instanceof Mutex m)) {
                throw new IllegalArgumentException("lock '" + parsed.name() + "' is a "
                        + lock.getClass().getName() + ", which carries no name: drop option '" + NAME_OPTION + "'");
            }
            m.named(name);
        }
        return lock;
    }

    /**
     * A new {@link ReentrantLock} for {@code spec}, for code that types its locks as
     * {@code ReentrantLock}: {@code jdk} and {@code jdk-fair} give the JDK's own lock, every other
     * spec a {@link MutexReentrantLock} backed by {@link #mutex(String) mutex(spec)} (whose four
     * final inspection methods differ, as that class says).
     *
     * @throws IllegalArgumentException with a one-line message when the spec is not valid
     * @since 1.0
     */
    public static ReentrantLock reentrant(String spec) {
        return reentrant(spec, false);
    }

    /**
     * As {@link #reentrant(String)}, recording statistics when {@code recordStats} (refused, as by
     * {@link #create(String, boolean)}, for {@code jdk} and {@code jdk-fair}).
     *
     * @throws IllegalArgumentException as {@link #create(String, boolean)}
     * @since 1.0
     */
    public static ReentrantLock reentrant(String spec, boolean recordStats) {
        Lock lock = create(spec, recordStats);
        return lock instanceof Mutex m ? new MutexReentrantLock(m) : (ReentrantLock) lock;
    }

    /**
     * A new {@link Mutex} for {@code spec}: the same as {@link #create(String)} for every spec
     * whose lock is one of this library's (all but {@code jdk} and {@code jdk-fair}).
     *
     * @throws IllegalArgumentException when the spec is not valid, or names a lock that is not a
     *         {@link Mutex} ({@code jdk}, {@code jdk-fair}: use {@link #create(String)})
     */
    public static Mutex mutex(String spec) {
        return mutex(spec, false);
    }

    /**
     * As {@link #mutex(String)}, recording statistics when {@code recordStats}.
     *
     * @throws IllegalArgumentException as {@link #mutex(String)}
     */
    public static Mutex mutex(String spec, boolean recordStats) {
        Lock lock = create(spec, recordStats);
        if (lock instanceof Mutex m) {
            return m;
        }
        throw new IllegalArgumentException("'" + spec + "' is a " + lock.getClass().getName()
                + ", not a dev.mutexlab.locks.Mutex: use Locks.create for it");
    }

    /**
     * Whether the lock {@code spec} names records statistics when asked ({@code :stats},
     * {@link #create(String, boolean)}): every lock of this library does, {@code jdk} and
     * {@code jdk-fair} do not.
     *
     * @throws IllegalArgumentException when {@code spec} names no known lock
     */
    public static boolean recordsStatistics(String spec) {
        return registered(LockSpec.parse(spec).name()).entry().options().containsKey(STATS_FLAG);
    }

    private static Registered registered(String name) {
        Registered registered = REGISTRY.get(name);
        if (registered == null) {
            throw new IllegalArgumentException("unknown lock '" + name + "' (known: "
                    + String.join(", ", registeredNames()) + ")");
        }
        return registered;
    }

    /** The flag of every lock that records statistics. */
    private static final String STATS_FLAG = "stats";

    /** The option every lock of this library takes: a name for toString and the JFR events. */
    private static final String NAME_OPTION = "name";

    private static LockSpec withoutName(LockSpec spec) {
        Map<String, String> options = new LinkedHashMap<>(spec.options());
        options.remove(NAME_OPTION);
        return new LockSpec(spec.text(), spec.name(), options);
    }

    /** Whether {@code spec} names a lock (any options are checked when it is created). */
    public static boolean isKnown(String spec) {
        try {
            return REGISTRY.containsKey(LockSpec.parse(spec).name());
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** Every lock, in listing order. */
    public static List<Entry> specs() {
        List<Entry> list = new ArrayList<>();
        for (Registered r : REGISTRY.values()) {
            list.add(r.entry());
        }
        return List.copyOf(list);
    }

    /** The example specs of every lock, in listing order. */
    public static List<String> exampleSpecs() {
        List<String> list = new ArrayList<>();
        for (Entry e : specs()) {
            list.addAll(e.examples().keySet());
        }
        return list;
    }

    /** Adds a lock to the registry; for this library's own locks. */
    private static void register(Entry entry, BiFunction<LockSpec, Boolean, Lock> factory) {
        if (REGISTRY.putIfAbsent(entry.name(), new Registered(entry, factory)) != null) {
            throw new IllegalStateException("lock name registered twice: " + entry.name());
        }
    }

    private static List<String> registeredNames() {
        List<String> names = new ArrayList<>();
        for (Entry e : specs()) {
            names.add(e.name());
        }
        return names;
    }

    /** Pairs of spec and description, in order. */
    static Map<String, String> examples(String... specAndDescription) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < specAndDescription.length; i += 2) {
            map.put(specAndDescription[i], specAndDescription[i + 1]);
        }
        return Collections.unmodifiableMap(map);
    }

    private static Lock go(LockSpec spec, boolean recordStats) {
        String t = spec.value("threshold", null);
        Duration threshold = t == null ? GoMutex.DEFAULT_STARVATION_THRESHOLD
                : t.equals("never") ? GoMutex.NEVER : LockSpec.parseDuration(t);
        return new GoMutex(threshold, spec.flag("carrieraware"), recordStats || spec.flag("stats"));
    }

    private static Lock lineup(LockSpec spec, boolean recordStats) {
        String b = spec.value("bound", null);
        Duration bound = b == null ? LineupMutex.DEFAULT_BOUND : LockSpec.parseDuration(b);
        String p = spec.value("policy", LineupPolicy.AUTO_SPEC_NAME);
        LineupPolicy policy = p.equals(LineupPolicy.AUTO_SPEC_NAME) ? null : LineupPolicy.forSpecName(p); // null: chosen
        return new LineupMutex(bound, recordStats || spec.flag("stats"), policy);
    }

    private static Lock spinbit(LockSpec spec, boolean recordStats) {
        return new SpinbitMutex(spec.flag("lowlatency"), recordStats || spec.flag("stats"));
    }

    private static Lock futex(LockSpec spec, boolean recordStats) {
        boolean stats = recordStats || spec.flag("stats");
        return spec.flag("blocking") ? new BlockingFutexMutex(stats) : new FutexMutex(stats);
    }

    private static Lock semaphore(LockSpec spec, boolean recordStats) {
        boolean wake2 = spec.flag("wake2");
        boolean handoff = spec.flag("handoff");
        if (wake2 && handoff) {
            throw new IllegalArgumentException("semaphore: 'wake2' and 'handoff' are different designs; pick one");
        }
        SemaphoreMutex.Design design = handoff ? SemaphoreMutex.Design.HANDOFF
                : wake2 ? SemaphoreMutex.Design.SLEEPERS_WAKE2 : SemaphoreMutex.Design.SLEEPERS;
        return new SemaphoreMutex(design, recordStats || spec.flag("stats"));
    }

    private static Lock kernel(LockSpec spec, boolean recordStats) {
        return new KernelMutex(recordStats || spec.flag("stats"));
    }
}
