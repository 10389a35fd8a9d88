package dev.mutexlab.locks.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The two questions about a thread whose answers came after Java 17, asked of whatever JDK runs the
 * library: whether a thread is virtual ({@code Thread.isVirtual()}, Java 21) and its identifier
 * ({@code Thread.threadId()}, Java 19, which a subclass cannot override as it can {@code getId()}).
 *
 * <p>The library is compiled for Java 17 so that it loads on every JDK a team runs; these methods
 * are found once, when this class initializes, and held in {@code static final} handles, which the
 * JIT compiles as direct calls. On Java 17 and 18 there are no virtual threads, so
 * {@link #isVirtual(Thread)} answers {@code false}, and the identifier is {@code getId()}.
 */
public final class Threads {

    private static final MethodHandle IS_VIRTUAL = find("isVirtual", boolean.class);
    private static final MethodHandle THREAD_ID = find("threadId", long.class);

    private Threads() {
    }

    /** Whether {@code t} is a virtual thread; {@code false} on a JDK without them. */
    public static boolean isVirtual(Thread t) {
        if (IS_VIRTUAL == null) {
            return false;
        }
        try {
            return (boolean) IS_VIRTUAL.invokeExact(t);
        } catch (Throwable e) {
            throw new AssertionError(e); // Thread.isVirtual() throws nothing
        }
    }

    /** Whether the calling thread is virtual. */
    public static boolean currentIsVirtual() {
        return isVirtual(Thread.currentThread());
    }

    /** {@code t}'s identifier: {@code threadId()} where the JDK has it, else {@code getId()}. */
    @SuppressWarnings("deprecation") // getId() is the identifier on Java 17 and 18
    public static long id(Thread t) {
        if (THREAD_ID == null) {
            return t.getId();
        }
        try {
            return (long) THREAD_ID.invokeExact(t);
        } catch (Throwable e) {
            throw new AssertionError(e); // Thread.threadId() throws nothing
        }
    }

    private static MethodHandle find(String name, Class<?> returnType) {
        try {
            return MethodHandles.publicLookup().findVirtual(Thread.class, name, MethodType.methodType(returnType));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null; // a JDK older than the method: the callers answer as that JDK would
        }
    }
}
