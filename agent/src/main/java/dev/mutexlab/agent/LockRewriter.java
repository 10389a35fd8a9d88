package dev.mutexlab.agent;

import dev.mutexlab.agent.runtime.AgentReentrantLock;
import dev.mutexlab.agent.runtime.LockFactory;
import dev.mutexlab.agent.runtime.Sites;
import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;

/**
 * Rewrites one class file: each {@code new ReentrantLock(..)} into a call of {@link LockFactory},
 * and a class that {@code extends ReentrantLock} onto {@link AgentReentrantLock} (its superclass
 * entry, its {@code super(..)} calls with a site id appended, and its {@code super.m()} calls). A
 * pure function of the bytes and the options, so tests drive it without an agent.
 *
 * <p>Pairing. {@code NEW ReentrantLock; DUP; [fair]; INVOKESPECIAL ReentrantLock.<init>} is matched
 * by nesting in code order: each {@code NEW} pushes, each {@code <init>} of ReentrantLock pops its
 * own {@code NEW}; an {@code <init>} with nothing pushed is a subclass constructor's
 * {@code super(..)}. The {@code NEW} and {@code DUP} are removed and the {@code <init>} becomes
 * {@code ldc site; INVOKESTATIC LockFactory.create}, which leaves the same type on the stack. A
 * {@code NEW} not followed by {@code DUP} (no compiler of Java emits one) is left as it was.
 *
 * <p>Fairness is never read here: the fairness argument stays on the stack and the runtime decides
 * when the constructor runs, whatever expression computed it. So every allocation and every
 * subclass is rewritten the same way.
 *
 * <p>Class files are read and written with ASM (relocated into the agent's own package when the jar
 * is built), which knows every version up to its own release; a newer one fails to parse and is
 * left as it was, reported. Stack maps of a changed class are computed again
 * ({@link ClassWriter#COMPUTE_FRAMES}; a class file older than Java 6 has none), with common
 * superclasses found by {@link ClassHierarchy} from class-file bytes, never by loading a class (a
 * class loaded while another is being defined could deadlock or see a half-made world); a type it
 * cannot find fails the rewrite, so an unverifiable class is never returned.
 */
public final class LockRewriter {

    static final String REENTRANT_LOCK = "java/util/concurrent/locks/ReentrantLock";
    static final String AGENT_LOCK = Type.getInternalName(AgentReentrantLock.class);
    private static final String FACTORY = Type.getInternalName(LockFactory.class);
    private static final String CREATE = "(I)L" + REENTRANT_LOCK + ";";
    private static final String CREATE_FAIR = "(ZI)L" + REENTRANT_LOCK + ";";
    private static final String INIT_NONFAIR = "()V";
    private static final String INIT_FAIR = "(Z)V";
    private static final int ASM_API = Opcodes.ASM9;
    /** Class files from this version on carry stack maps (Java 6); older ones are verified without. */
    private static final int FIRST_WITH_STACK_MAPS = Opcodes.V1_6;

    /** The result: the new bytes (null when nothing changed), the sites rewritten, the skips. */
    public record Result(byte[] bytes, List<RewriteLog.Rewrite> rewrites, List<String> skipReasons) {
    }

    private final AgentOptions options;

    public LockRewriter(AgentOptions options) {
        this.options = options;
    }

    /**
     * Rewrites {@code bytes} of class {@code internalName}, loaded by {@code loader} (null: the boot
     * loader); a subclass of {@code ReentrantLock} is re-parented only if {@code mayReparent} (a
     * class being retransformed keeps its superclass). Throws whatever goes wrong; the caller
     * reports it and keeps the original bytes.
     */
    public Result rewrite(String internalName, ClassLoader loader, byte[] bytes, boolean mayReparent) {
        ClassReader reader = new ClassReader(bytes);
        ClassNode node = new ClassNode(ASM_API);
        reader.accept(node, 0);
        String className = internalName.replace('/', '.');
        boolean subclass = REENTRANT_LOCK.equals(node.superName) && mayReparent;

        List<String> skips = new ArrayList<>();
        List<RewriteLog.Rewrite> rewrites = new ArrayList<>();
        boolean changed = false;
        for (MethodNode method : node.methods) {
            for (Found f : scan(method.instructions)) {
                InsnList code = method.instructions;
                switch (f.kind) {
                    case NEW_PAIR: {
                        int site = Sites.add(className, method.name, f.line, "new", -1, node.sourceFile);
                        rewrites.add(new RewriteLog.Rewrite(site, className, method.name, f.line, "new"));
                        code.remove(f.newInsn);
                        code.remove(f.dupInsn);
                        code.insertBefore(f.init, new LdcInsnNode(site));
                        code.set(f.init, new MethodInsnNode(Opcodes.INVOKESTATIC, FACTORY, "create",
                                f.fairArgument ? CREATE_FAIR : CREATE, false));
                        changed = true;
                        break;
                    }
                    case SUPER_INIT: {
                        if (!subclass) {
                            break;   // a ReentrantLock <init> on something else: left to the verifier
                        }
                        int site = Sites.add(className, method.name, f.line, "reparent", -1, node.sourceFile);
                        rewrites.add(new RewriteLog.Rewrite(site, className, method.name, f.line, "reparent"));
                        code.insertBefore(f.init, new LdcInsnNode(site));
                        code.set(f.init, new MethodInsnNode(Opcodes.INVOKESPECIAL, AGENT_LOCK, "<init>",
                                f.fairArgument ? "(ZI)V" : "(I)V", false));
                        changed = true;
                        break;
                    }
                    case SUPER_CALL: {
                        if (subclass) {
                            f.init.owner = AGENT_LOCK;
                            changed = true;
                        }
                        break;
                    }
                    default:
                        throw new AssertionError(f.kind);
                }
            }
        }
        if (subclass) {
            node.superName = AGENT_LOCK;
            changed = true;
        }
        if (!changed) {
            return new Result(null, List.of(), skips);
        }
        if (options.failClasses().contains(className)) {
            throw new IllegalStateException("fail=" + className + " (a failure injected for testing)");
        }
        boolean frames = (node.version & 0xFFFF) >= FIRST_WITH_STACK_MAPS;
        ClassWriter writer = new HierarchyWriter(new ClassHierarchy(loader, internalName, node.superName), frames);
        node.accept(writer);
        return new Result(writer.toByteArray(), rewrites, skips);
    }

    /** Finds the NEW/DUP/<init> triples, the super(..) calls and the super.m() calls of one method. */
    static List<Found> scan(InsnList code) {
        List<Found> found = new ArrayList<>();
        List<Found> open = new ArrayList<>();   // NEWs whose <init> is still ahead, innermost last
        int line = -1;
        for (AbstractInsnNode insn = code.getFirst(); insn != null; insn = insn.getNext()) {
            if (insn instanceof LineNumberNode) {
                line = ((LineNumberNode) insn).line;
            } else if (insn.getOpcode() == Opcodes.NEW && REENTRANT_LOCK.equals(((TypeInsnNode) insn).desc)) {
                Found f = new Found(Found.Kind.NEW_PAIR, line);
                f.newInsn = insn;
                AbstractInsnNode next = nextInstruction(insn.getNext());
                f.dupInsn = next != null && next.getOpcode() == Opcodes.DUP ? next : null;
                open.add(f);
            } else if (insn.getOpcode() == Opcodes.INVOKESPECIAL && REENTRANT_LOCK.equals(((MethodInsnNode) insn).owner)) {
                MethodInsnNode call = (MethodInsnNode) insn;
                if (!call.name.equals("<init>")) {
                    Found f = new Found(Found.Kind.SUPER_CALL, line);
                    f.init = call;
                    found.add(f);
                    continue;
                }
                boolean fairArgument = call.desc.equals(INIT_FAIR);
                if (!fairArgument && !call.desc.equals(INIT_NONFAIR)) {
                    continue;   // no such constructor in the JDK; leave it to the verifier
                }
                Found f;
                if (open.isEmpty()) {
                    f = new Found(Found.Kind.SUPER_INIT, line);
                } else {
                    f = open.remove(open.size() - 1);
                    if (f.dupInsn == null) {
                        continue;   // a NEW without DUP: left as it was
                    }
                }
                f.init = call;
                f.fairArgument = fairArgument;
                found.add(f);
            }
        }
        return found;
    }

    private static AbstractInsnNode nextInstruction(AbstractInsnNode from) {
        for (AbstractInsnNode insn = from; insn != null; insn = insn.getNext()) {
            if (insn.getOpcode() >= 0) {
                return insn;
            }
        }
        return null;
    }

    /** One thing found in a method: a NEW pair, a super(..) call, or a super.m() call. */
    static final class Found {
        enum Kind { NEW_PAIR, SUPER_INIT, SUPER_CALL }

        final Kind kind;
        final int line;
        AbstractInsnNode newInsn;
        AbstractInsnNode dupInsn;
        MethodInsnNode init;
        boolean fairArgument;

        Found(Kind kind, int line) {
            this.kind = kind;
            this.line = line;
        }
    }

    /** A writer that computes frames with {@link ClassHierarchy} instead of loading classes. */
    static final class HierarchyWriter extends ClassWriter {
        private final ClassHierarchy hierarchy;

        HierarchyWriter(ClassHierarchy hierarchy, boolean frames) {
            super(frames ? COMPUTE_FRAMES : COMPUTE_MAXS);
            this.hierarchy = hierarchy;
        }

        @Override
        protected String getCommonSuperClass(String type1, String type2) {
            return hierarchy.commonSuperClass(type1, type2);
        }
    }
}
