package dev.mutexlab.agent;

import dev.mutexlab.agent.runtime.LockFactory;
import dev.mutexlab.agent.runtime.ProfiledReentrantLock;
import dev.mutexlab.agent.runtime.ProfiledSwappedLock;
import dev.mutexlab.agent.runtime.Sites;
import dev.mutexlab.agent.runtime.Settings;
import dev.mutexlab.agent.runtime.SwappedReentrantLock;
import dev.mutexlab.locks.MutexReentrantLock;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeElement;
import java.lang.classfile.CodeModel;
import java.lang.classfile.CodeTransform;
import java.lang.classfile.Instruction;
import java.lang.classfile.MethodModel;
import java.lang.classfile.MethodTransform;
import java.lang.classfile.Opcode;
import java.lang.classfile.Superclass;
import java.lang.classfile.attribute.SourceFileAttribute;
import java.lang.classfile.instruction.ConstantInstruction;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.classfile.instruction.LineNumber;
import java.lang.classfile.instruction.NewObjectInstruction;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.MethodTypeDesc;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Rewrites one class file: each {@code new ReentrantLock(..)} into a call of
 * {@link LockFactory}, and a class that {@code extends ReentrantLock} onto the agent's runtime lock
 * class (its superclass entry, its {@code super(..)} calls with a site id appended, and its
 * {@code super.m()} calls). A pure function of the bytes and the options, so tests drive it
 * without an agent.
 *
 * <p>Pairing. {@code NEW ReentrantLock; DUP; [fair]; INVOKESPECIAL ReentrantLock.<init>} is matched
 * by nesting in code order: each {@code NEW} pushes, each {@code <init>} of ReentrantLock pops its
 * own {@code NEW}; an {@code <init>} with nothing pushed is a subclass constructor's
 * {@code super(..)}. The {@code NEW} and {@code DUP} are dropped and the {@code <init>} becomes
 * {@code ldc site; INVOKESTATIC LockFactory.create}, which leaves the same type on the stack. A
 * {@code NEW} not followed by {@code DUP} (no compiler of Java emits one) is left as it was.
 *
 * <p>Fairness: a constant {@code true} is a fair site ({@code new-fair}): rewritten only for
 * {@code fair=swap} or a profile (which keeps the JDK's fair lock and times it); a variable is left
 * to {@link LockFactory}, which keeps fair instances the JDK's own unless {@code fair=swap}. A
 * re-parented class must take one base class for every instance, so a class whose
 * {@code super(..)} may be fair is re-parented only where that keeps fairness (profile without a
 * swap) or {@code fair=swap} asks.
 *
 * <p>Stack maps of the changed methods are regenerated with a class-hierarchy resolver that knows
 * the runtime classes and the re-parented class; the result is verified before it is returned.
 */
public final class LockRewriter {

    static final String REENTRANT_LOCK = "java/util/concurrent/locks/ReentrantLock";
    private static final ClassDesc CD_REENTRANT_LOCK = ClassDesc.of(ReentrantLock.class.getName());
    private static final ClassDesc CD_FACTORY = ClassDesc.of(LockFactory.class.getName());
    private static final MethodTypeDesc CREATE = MethodTypeDesc.of(CD_REENTRANT_LOCK, ConstantDescs.CD_int);
    private static final MethodTypeDesc CREATE_FAIR = MethodTypeDesc.of(CD_REENTRANT_LOCK, ConstantDescs.CD_boolean,
            ConstantDescs.CD_int);
    private static final MethodTypeDesc INIT_NONFAIR = MethodTypeDesc.of(ConstantDescs.CD_void);
    private static final MethodTypeDesc INIT_FAIR = MethodTypeDesc.of(ConstantDescs.CD_void, ConstantDescs.CD_boolean);

    /** The runtime classes and their superclasses, for the stack-map generator and the verifier. */
    private static final Map<ClassDesc, ClassDesc> RUNTIME_HIERARCHY = Map.of(
            desc(ProfiledReentrantLock.class), CD_REENTRANT_LOCK,
            desc(SwappedReentrantLock.class), desc(MutexReentrantLock.class),
            desc(ProfiledSwappedLock.class), desc(MutexReentrantLock.class),
            desc(MutexReentrantLock.class), CD_REENTRANT_LOCK);

    /** The result: the new bytes (null when nothing changed), the sites rewritten, the skips. */
    public record Result(byte[] bytes, List<RewriteLog.Rewrite> rewrites, List<String> skipReasons) {
    }

    private final AgentOptions options;

    public LockRewriter(AgentOptions options) {
        this.options = options;
    }

    /** The runtime class a re-parented class extends, given whether its {@code super(..)} may be fair. */
    ClassDesc reparentBase(boolean mayBeFair) {
        // lock=jdk-fair re-parents nothing: a subclass keeps the fairness its own super(..) asks for.
        boolean swap = options.lock() != null && !Settings.JDK_FAIR.equals(options.lock())
                && (!mayBeFair || options.swapFair());
        if (swap) {
            return desc(options.profile() ? ProfiledSwappedLock.class : SwappedReentrantLock.class);
        }
        return options.profile() ? desc(ProfiledReentrantLock.class) : null;
    }

    /**
     * Rewrites {@code bytes} of class {@code internalName}, loaded by {@code loader} (null: the boot
     * loader). Throws whatever goes wrong; the caller reports it and keeps the original bytes.
     */
    public Result rewrite(String internalName, ClassLoader loader, byte[] bytes) {
        ClassModel model = ClassFile.of().parse(bytes);
        String className = internalName.replace('/', '.');
        String sourceFile = model.findAttribute(java.lang.classfile.Attributes.sourceFile())
                .map(SourceFileAttribute::sourceFile).map(u -> u.stringValue()).orElse(null);
        boolean subclass = model.superclass().map(c -> c.asInternalName().equals(REENTRANT_LOCK)).orElse(false);

        List<String> skips = new ArrayList<>();
        List<RewriteLog.Rewrite> rewrites = new ArrayList<>();

        // Pass 1: find every pair and super call, per method.
        Map<MethodModel, List<Found>> found = new HashMap<>();
        boolean superMayBeFair = false;
        for (MethodModel method : model.methods()) {
            CodeModel code = method.code().orElse(null);
            if (code == null) {
                continue;
            }
            List<Found> list = scan(code.elementList());
            for (Found f : list) {
                if (f.kind == Found.Kind.SUPER_INIT && f.fairness != Fairness.NONFAIR) {
                    superMayBeFair = true;
                }
            }
            if (!list.isEmpty()) {
                found.put(method, list);
            }
        }
        ClassDesc base = null;
        if (subclass) {
            base = reparentBase(superMayBeFair);
            if (base == null) {
                skips.add(Settings.JDK_FAIR.equals(options.lock()) ? "jdk-fair: a subclass keeps its own fairness" : "fair");
            } else if (options.lock() != null && superMayBeFair && !options.swapFair()) {
                skips.add("fair");   // profiled, but kept the JDK's lock: its super(..) may ask for FIFO
            }
        }

        // Pass 2: decide, registering each rewritten site.
        Map<MethodModel, Map<Integer, Action>> plans = new HashMap<>();
        for (Map.Entry<MethodModel, List<Found>> e : found.entrySet()) {
            MethodModel method = e.getKey();
            String methodName = method.methodName().stringValue();
            Map<Integer, Action> plan = new HashMap<>();
            for (Found f : e.getValue()) {
                switch (f.kind) {
                    case NEW_PAIR -> {
                        boolean fairConstant = f.fairness == Fairness.FAIR;
                        if (fairConstant && !options.swapFair() && !options.profile()) {
                            skips.add("fair");
                            continue;
                        }
                        String kind = fairConstant ? "new-fair" : "new";
                        int site = Sites.add(className, methodName, f.line, kind, -1, sourceFile);
                        rewrites.add(new RewriteLog.Rewrite(site, className, methodName, f.line, kind));
                        plan.put(f.newIndex, Action.drop());
                        plan.put(f.dupIndex, Action.drop());
                        plan.put(f.initIndex, Action.factory(site, f.hasFairArgument));
                    }
                    case SUPER_INIT -> {
                        if (base == null) {
                            continue;
                        }
                        int site = Sites.add(className, methodName, f.line, "reparent", -1, sourceFile);
                        rewrites.add(new RewriteLog.Rewrite(site, className, methodName, f.line, "reparent"));
                        plan.put(f.initIndex, Action.superInit(base, site, f.hasFairArgument));
                    }
                    case SUPER_CALL -> {
                        if (base != null) {
                            plan.put(f.initIndex, Action.superCall(base));
                        }
                    }
                }
            }
            if (!plan.isEmpty()) {
                plans.put(method, plan);
            }
        }
        if (plans.isEmpty() && base == null) {
            return new Result(null, List.of(), skips);
        }
        if (options.failClasses().contains(className)) {
            throw new IllegalStateException("fail=" + className + " (a failure injected for testing)");
        }

        ClassDesc thisClass = model.thisClass().asSymbol();
        Map<ClassDesc, ClassDesc> hierarchy = new HashMap<>(RUNTIME_HIERARCHY);
        if (base != null) {
            hierarchy.put(thisClass, base);
        }
        ClassHierarchyResolver resolver = ClassHierarchyResolver.of(Set.of(), hierarchy)
                .orElse(ClassHierarchyResolver.ofResourceParsing(loader != null ? loader : ClassLoader.getPlatformClassLoader()))
                .orElse(ClassHierarchyResolver.defaultResolver());
        ClassFile cf = ClassFile.of(ClassFile.ClassHierarchyResolverOption.of(resolver));

        final ClassDesc newSuper = base;
        Map<String, Map<Integer, Action>> plansByKey = new HashMap<>();
        plans.forEach((m, plan) -> plansByKey.put(key(m), plan));
        ClassTransform transform = (cb, ce) -> {
            if (newSuper != null && ce instanceof Superclass) {
                cb.withSuperclass(newSuper);
            } else if (ce instanceof MethodModel method && plansByKey.containsKey(key(method))) {
                cb.transformMethod(method, MethodTransform.transformingCode(apply(plansByKey.get(key(method)))));
            } else {
                cb.with(ce);
            }
        };
        byte[] out = cf.transformClass(model, transform);
        List<VerifyError> errors = cf.verify(out);
        if (!errors.isEmpty()) {
            throw new IllegalStateException("verify: " + errors.getFirst().getMessage());
        }
        return new Result(out, rewrites, skips);
    }

    private static CodeTransform apply(Map<Integer, Action> plan) {
        int[] index = {0};
        return (cb, element) -> {
            Action action = plan.get(index[0]++);
            if (action == null) {
                cb.with(element);
                return;
            }
            switch (action.what) {
                case DROP -> {
                }
                case FACTORY -> {
                    cb.loadConstant(action.site);
                    cb.invokestatic(CD_FACTORY, "create", action.fairArgument ? CREATE_FAIR : CREATE);
                }
                case SUPER_INIT -> {
                    cb.loadConstant(action.site);
                    cb.invokespecial(action.owner, ConstantDescs.INIT_NAME, action.fairArgument
                            ? MethodTypeDesc.of(ConstantDescs.CD_void, ConstantDescs.CD_boolean, ConstantDescs.CD_int)
                            : MethodTypeDesc.of(ConstantDescs.CD_void, ConstantDescs.CD_int));
                }
                case SUPER_CALL -> {
                    InvokeInstruction call = (InvokeInstruction) element;
                    cb.invokespecial(action.owner, call.name().stringValue(), call.typeSymbol());
                }
            }
        };
    }

    /** Finds the NEW/DUP/<init> triples, the super(..) calls and the super.m() calls of one method. */
    static List<Found> scan(List<CodeElement> elements) {
        List<Found> found = new ArrayList<>();
        List<Found> open = new ArrayList<>();   // NEWs whose <init> is still ahead, innermost last
        int line = -1;
        for (int i = 0; i < elements.size(); i++) {
            CodeElement e = elements.get(i);
            if (e instanceof LineNumber ln) {
                line = ln.line();
            } else if (e instanceof NewObjectInstruction n && n.className().asInternalName().equals(REENTRANT_LOCK)) {
                Found f = new Found(Found.Kind.NEW_PAIR, line);
                f.newIndex = i;
                int next = nextInstruction(elements, i + 1);
                f.dupIndex = next >= 0 && ((Instruction) elements.get(next)).opcode() == Opcode.DUP ? next : -1;
                open.add(f);
            } else if (e instanceof InvokeInstruction call && call.opcode() == Opcode.INVOKESPECIAL
                    && call.owner().asInternalName().equals(REENTRANT_LOCK)) {
                boolean init = call.name().stringValue().equals(ConstantDescs.INIT_NAME);
                if (!init) {
                    Found f = new Found(Found.Kind.SUPER_CALL, line);
                    f.initIndex = i;
                    found.add(f);
                    continue;
                }
                boolean fairArgument = call.typeSymbol().equals(INIT_FAIR);
                if (!fairArgument && !call.typeSymbol().equals(INIT_NONFAIR)) {
                    continue;   // no such constructor in the JDK; leave it to the verifier
                }
                Fairness fairness = fairArgument ? fairnessBefore(elements, i) : Fairness.NONFAIR;
                Found f;
                if (open.isEmpty()) {
                    f = new Found(Found.Kind.SUPER_INIT, line);
                } else {
                    f = open.removeLast();
                    if (f.dupIndex < 0) {
                        continue;   // a NEW without DUP: left as it was
                    }
                }
                f.initIndex = i;
                f.hasFairArgument = fairArgument;
                f.fairness = fairness;
                found.add(f);
            }
        }
        return found;
    }

    private static int nextInstruction(List<CodeElement> elements, int from) {
        for (int i = from; i < elements.size(); i++) {
            if (elements.get(i) instanceof Instruction) {
                return i;
            }
        }
        return -1;
    }

    private static Fairness fairnessBefore(List<CodeElement> elements, int index) {
        for (int i = index - 1; i >= 0; i--) {
            if (elements.get(i) instanceof Instruction ins) {
                if (ins instanceof ConstantInstruction c && c.constantValue() instanceof Integer v) {
                    return v == 0 ? Fairness.NONFAIR : Fairness.FAIR;
                }
                return Fairness.VARIABLE;
            }
        }
        return Fairness.VARIABLE;
    }

    private static String key(MethodModel method) {
        return method.methodName().stringValue() + method.methodType().stringValue();
    }

    private static ClassDesc desc(Class<?> c) {
        return ClassDesc.of(c.getName());
    }

    enum Fairness { NONFAIR, FAIR, VARIABLE }

    /** One thing found in a method: a NEW pair, a super(..) call, or a super.m() call. */
    static final class Found {
        enum Kind { NEW_PAIR, SUPER_INIT, SUPER_CALL }

        final Kind kind;
        final int line;
        int newIndex = -1;
        int dupIndex = -1;
        int initIndex = -1;
        boolean hasFairArgument;
        Fairness fairness = Fairness.NONFAIR;

        Found(Kind kind, int line) {
            this.kind = kind;
            this.line = line;
        }
    }

    /** What to emit in place of one code element. */
    record Action(What what, int site, boolean fairArgument, ClassDesc owner) {
        enum What { DROP, FACTORY, SUPER_INIT, SUPER_CALL }

        static Action drop() {
            return new Action(What.DROP, -1, false, null);
        }

        static Action factory(int site, boolean fairArgument) {
            return new Action(What.FACTORY, site, fairArgument, null);
        }

        static Action superInit(ClassDesc owner, int site, boolean fairArgument) {
            return new Action(What.SUPER_INIT, site, fairArgument, owner);
        }

        static Action superCall(ClassDesc owner) {
            return new Action(What.SUPER_CALL, -1, false, owner);
        }
    }
}
