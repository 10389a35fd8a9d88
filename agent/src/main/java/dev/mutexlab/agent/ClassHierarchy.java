package dev.mutexlab.agent;

import dev.mutexlab.agent.runtime.AgentReentrantLock;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * The superclasses the stack-map computation asks about while one class is rewritten, read from
 * class-file bytes through the defining loader's resources (the boot loader's through the system
 * loader, which reaches the JDK's runtime image), never by loading a class.
 *
 * <p>Known without reading: the class being rewritten (with its new superclass) and the agent's
 * runtime lock. An interface on either side merges to {@code java/lang/Object}, as the JVM's own
 * verifier treats interfaces. A type whose bytes cannot be found throws
 * {@link TypeNotPresentException}: the rewrite fails and the class loads as it was.
 *
 * <p>One instance serves one rewrite, on one thread; it caches what it read.
 */
final class ClassHierarchy {

    private static final String OBJECT = "java/lang/Object";

    private final ClassLoader loader;
    private final Map<String, Info> known = new HashMap<>();

    /** What the computation needs of a type: its superclass (null for Object) and whether it is an interface. */
    private static final class Info {
        final String superName;
        final boolean isInterface;

        Info(String superName, boolean isInterface) {
            this.superName = superName;
            this.isInterface = isInterface;
        }
    }

    ClassHierarchy(ClassLoader loader, String rewritten, String rewrittenSuper) {
        this.loader = loader;
        known.put(rewritten, new Info(rewrittenSuper, false));
        known.put(Type.getInternalName(AgentReentrantLock.class), new Info(Type.getInternalName(ReentrantLock.class), false));
    }

    /** The nearest common superclass of two class types (internal names), as the verifier merges them. */
    String commonSuperClass(String type1, String type2) {
        if (type1.equals(type2)) {
            return type1;
        }
        List<String> chain1 = chain(type1);
        if (chain1 == null) {
            return OBJECT;
        }
        Set<String> above1 = new HashSet<>(chain1);
        List<String> chain2 = chain(type2);
        if (chain2 == null) {
            return OBJECT;
        }
        for (String t : chain2) {
            if (above1.contains(t)) {
                return t;
            }
        }
        return OBJECT;
    }

    /** {@code type} and its superclasses up to Object, or null when an interface. */
    private List<String> chain(String type) {
        List<String> chain = new ArrayList<>();
        for (String t = type; t != null; ) {
            Info info = info(t);
            if (info.isInterface) {
                return null;
            }
            chain.add(t);
            t = info.superName;
        }
        return chain;
    }

    private Info info(String type) {
        Info info = known.get(type);
        if (info == null) {
            info = read(type);
            known.put(type, info);
        }
        return info;
    }

    private Info read(String type) {
        String resource = type + ".class";
        try (InputStream in = loader != null ? loader.getResourceAsStream(resource)
                : ClassLoader.getSystemResourceAsStream(resource)) {
            if (in == null) {
                throw new TypeNotPresentException(type.replace('/', '.'), null);
            }
            ClassReader reader = new ClassReader(in);
            return new Info(reader.getSuperName(), (reader.getAccess() & Opcodes.ACC_INTERFACE) != 0);
        } catch (IOException e) {
            throw new TypeNotPresentException(type.replace('/', '.'), e);
        }
    }
}
