package dev.mutexlab.agent;

import dev.mutexlab.agent.runtime.MonitorProbe;
import dev.mutexlab.agent.runtime.Sites;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Rewrites one class file so that its {@code synchronized} blocks and methods call
 * {@link MonitorProbe} around their monitors: a site per {@code monitorenter} (class, method, line
 * of the enter, kind {@code monitor}) and per synchronized method (its first line, kind
 * {@code monitor-method}). It adds calls and local variables only: every {@code monitorenter},
 * {@code monitorexit}, handler and flag stays where it was, so the monitors, their exceptions
 * ({@code NullPointerException}, {@code IllegalMonitorStateException}) and {@code wait}/{@code notify}
 * inside behave as before.
 *
 * <p>Blocks. Which enter an exit belongs to is read from the local variable that holds the
 * monitor, as javac compiles a block: {@code dup; astore X; monitorenter} (or
 * {@code aload X; monitorenter}) and {@code aload X; monitorexit} on every exit, the handler's
 * included. Each such X gets two new locals, the enter's time {@code T} (long) and its site
 * {@code S} (int), both set at the method's start, so that they are definitely assigned wherever
 * the verifier looks, whatever the method's shape:
 * <pre>{@code
 *   [method start]  T = NOT_TIMED; S = 0
 *   ... dup; astore X;  S = site; T = arriving(X, site);  monitorenter
 *   [try range of the block's handler starts here]  T = entered(T, S)
 *   ... aload X;  monitorexit  [try ranges that end here]  T = exiting(T, S)
 * }</pre>
 * The call after the enter runs inside the block's catch-any range (its start is moved up to it),
 * so that even an error there releases the monitor through the program's own handler. The call
 * after an exit runs outside the ranges that end there: the monitor is released by then, and
 * javac's handler, whose range covers its own monitorexit, gets no call that can throw inside it
 * (C1 refuses to compile a method where a call can throw into the handler of its own block). Nested
 * blocks hold their monitors in distinct locals and pair by them; two blocks one after the other
 * that reuse a local reuse its {@code T} and {@code S}, one after the other. An enter or exit in
 * another shape is left without a probe (its site is not reported).
 *
 * <p>Synchronized methods. The JVM takes the monitor before the first instruction, so only the
 * hold is seen: {@code T = methodEntered(site)} at entry, {@code exiting(T, site)} before each
 * return, and a catch-any handler over the whole body (last in the exception table, so the
 * method's own handlers come first) that calls it and rethrows.
 *
 * <p>Methods with {@code jsr}/{@code ret} (class files before Java 6 may have them) are left as
 * they were; stack maps are computed again as {@link LockRewriter} does.
 */
public final class MonitorRewriter {

    /** The kind of a {@code synchronized} block's site. */
    public static final String KIND_BLOCK = "monitor";
    /** The kind of a synchronized method's site. */
    public static final String KIND_METHOD = "monitor-method";

    private static final String PROBE = Type.getInternalName(MonitorProbe.class);
    private static final int ASM_API = Opcodes.ASM9;

    /** The new bytes (null when the class has no monitor to probe) and the sites probed. */
    public record Result(byte[] bytes, int sites) {
    }

    /**
     * Site ids by place, so that a class rewritten again (a retransformation, a second loader)
     * reports into the sites it had.
     */
    private final ConcurrentHashMap<String, Integer> siteIds = new ConcurrentHashMap<>();

    /**
     * Whether the class file may hold a monitor: a synchronized method, or a {@code monitorenter}
     * opcode byte in some method's code (an operand byte of the same value gives a false yes, which
     * the rewrite then finds nothing in). Reads the class file's layout without building anything,
     * so that the classes without monitors, most of them, cost little more than the parse of their
     * constant pool.
     */
    public static boolean mayHaveMonitors(byte[] bytes) {
        ClassReader r = new ClassReader(bytes);
        int offset = r.header + 6;                               // access, this, super
        offset += 2 + 2 * r.readUnsignedShort(offset);          // interfaces
        int fields = r.readUnsignedShort(offset);
        offset += 2;
        for (int i = 0; i < fields; i++) {
            offset = skipAttributes(r, offset + 6);
        }
        int methods = r.readUnsignedShort(offset);
        offset += 2;
        char[] buffer = new char[r.getMaxStringLength()];
        for (int i = 0; i < methods; i++) {
            if ((r.readUnsignedShort(offset) & Opcodes.ACC_SYNCHRONIZED) != 0) {
                return true;
            }
            int attributes = r.readUnsignedShort(offset + 6);
            offset += 8;
            for (int a = 0; a < attributes; a++) {
                int length = r.readInt(offset + 2);
                if ("Code".equals(r.readUTF8(offset, buffer))) {
                    int codeStart = offset + 14;                 // name, length, max_stack, max_locals, code_length
                    int codeEnd = codeStart + r.readInt(offset + 10);
                    for (int k = codeStart; k < codeEnd; k++) {
                        if ((bytes[k] & 0xFF) == Opcodes.MONITORENTER) {
                            return true;
                        }
                    }
                }
                offset += 6 + length;
            }
        }
        return false;
    }

    private static int skipAttributes(ClassReader r, int offset) {
        int attributes = r.readUnsignedShort(offset);
        offset += 2;
        for (int a = 0; a < attributes; a++) {
            offset += 6 + r.readInt(offset + 2);
        }
        return offset;
    }

    /**
     * Rewrites {@code bytes} of class {@code internalName}, defined by {@code loader} (null: the
     * boot loader). Throws whatever goes wrong; the caller reports it and keeps the bytes it had.
     */
    public Result rewrite(String internalName, ClassLoader loader, byte[] bytes) {
        ClassNode node = new ClassNode(ASM_API);
        new ClassReader(bytes).accept(node, 0);
        String className = internalName.replace('/', '.');
        int sites = 0;
        for (MethodNode method : node.methods) {
            if ((method.access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0 || hasSubroutines(method)) {
                continue;
            }
            sites += blocks(node, className, method);
            if ((method.access & Opcodes.ACC_SYNCHRONIZED) != 0) {
                synchronizedMethod(node, className, method);
                sites++;
            }
        }
        if (sites == 0) {
            return new Result(null, 0);
        }
        boolean frames = (node.version & 0xFFFF) >= Opcodes.V1_6;
        ClassWriter writer = new LockRewriter.HierarchyWriter(new ClassHierarchy(loader, internalName, node.superName), frames);
        node.accept(writer);
        return new Result(writer.toByteArray(), sites);
    }

    /** Probes the blocks of {@code method}; returns how many enters it probed. */
    private int blocks(ClassNode node, String className, MethodNode method) {
        InsnList code = method.instructions;
        Map<Integer, int[]> localsByMonitor = new HashMap<>();   // X -> {T, S}
        int probed = 0;
        int line = -1;
        int ordinal = 0;
        for (AbstractInsnNode insn = code.getFirst(); insn != null; insn = insn.getNext()) {
            if (insn instanceof LineNumberNode) {
                line = ((LineNumberNode) insn).line;
                continue;
            }
            int op = insn.getOpcode();
            if (op == Opcodes.MONITORENTER) {
                int monitor = monitorLocalOfEnter(insn);
                int index = ordinal++;
                if (monitor < 0) {
                    continue;
                }
                int[] locals = localsByMonitor.computeIfAbsent(monitor, x -> newLocals(method));
                int site = site(className, method, index, line, KIND_BLOCK, node.sourceFile, null);
                InsnList before = new InsnList();
                before.add(new LdcInsnNode(site));
                before.add(new VarInsnNode(Opcodes.ISTORE, locals[1]));
                before.add(new VarInsnNode(Opcodes.ALOAD, monitor));
                before.add(new LdcInsnNode(site));
                before.add(call("arriving", "(Ljava/lang/Object;I)J"));
                before.add(new VarInsnNode(Opcodes.LSTORE, locals[0]));
                code.insertBefore(insn, before);
                LabelNode start = new LabelNode();
                InsnList after = new InsnList();
                after.add(start);
                after.add(new VarInsnNode(Opcodes.LLOAD, locals[0]));
                after.add(new VarInsnNode(Opcodes.ILOAD, locals[1]));
                after.add(call("entered", "(JI)J"));
                after.add(new VarInsnNode(Opcodes.LSTORE, locals[0]));
                AbstractInsnNode last = after.getLast();
                code.insert(insn, after);
                coverByHandlers(method, start, last);
                insn = last;
                probed++;
            } else if (op == Opcodes.MONITOREXIT) {
                AbstractInsnNode prev = previousInstruction(insn);
                int[] locals = prev != null && prev.getOpcode() == Opcodes.ALOAD
                        ? localsByMonitor.get(((VarInsnNode) prev).var) : null;
                AbstractInsnNode at = lastBeforeNextInstruction(insn);
                if (locals == null || at.getNext() == null) {
                    continue;
                }
                InsnList after = new InsnList();
                after.add(new VarInsnNode(Opcodes.LLOAD, locals[0]));
                after.add(new VarInsnNode(Opcodes.ILOAD, locals[1]));
                after.add(call("exiting", "(JI)J"));
                after.add(new VarInsnNode(Opcodes.LSTORE, locals[0]));
                AbstractInsnNode last = after.getLast();
                code.insert(at, after);
                insn = last;
            }
        }
        if (!localsByMonitor.isEmpty()) {
            InsnList init = new InsnList();
            for (int[] locals : localsByMonitor.values()) {
                init.add(new LdcInsnNode(MonitorProbe.NOT_TIMED));
                init.add(new VarInsnNode(Opcodes.LSTORE, locals[0]));
                init.add(new InsnNode(Opcodes.ICONST_0));
                init.add(new VarInsnNode(Opcodes.ISTORE, locals[1]));
            }
            code.insert(init);
        }
        return probed;
    }

    /**
     * The local that holds the monitor of {@code enter}: X in {@code dup; astore X; monitorenter}
     * or {@code aload X; monitorenter}; -1 for any other shape.
     */
    private static int monitorLocalOfEnter(AbstractInsnNode enter) {
        AbstractInsnNode prev = previousInstruction(enter);
        if (prev == null) {
            return -1;
        }
        if (prev.getOpcode() == Opcodes.ALOAD) {
            return ((VarInsnNode) prev).var;
        }
        if (prev.getOpcode() == Opcodes.ASTORE) {
            AbstractInsnNode dup = previousInstruction(prev);
            return dup != null && dup.getOpcode() == Opcodes.DUP ? ((VarInsnNode) prev).var : -1;
        }
        return -1;
    }

    /**
     * Moves the start of each catch-any range that begins right after the enter (before its next
     * instruction) up to {@code start}, so that the probe after the enter is covered by the
     * block's own handler. The range keeps its end and handler.
     */
    private static void coverByHandlers(MethodNode method, LabelNode start, AbstractInsnNode probeEnd) {
        for (AbstractInsnNode n = probeEnd.getNext(); n != null && n.getOpcode() < 0; n = n.getNext()) {
            if (n instanceof LabelNode) {
                for (TryCatchBlockNode block : method.tryCatchBlocks) {
                    if (block.start == n && block.type == null) {
                        block.start = start;
                    }
                }
            }
        }
    }

    /** Probes a synchronized method: its entry, each return, and a catch-any handler that rethrows. */
    private void synchronizedMethod(ClassNode node, String className, MethodNode method) {
        InsnList code = method.instructions;
        int line = firstLine(code);
        String monitorClass = (method.access & Opcodes.ACC_STATIC) != 0 ? "java.lang.Class" : className;
        int site = site(className, method, -1, line, KIND_METHOD, node.sourceFile, monitorClass);
        int hold = method.maxLocals;
        method.maxLocals += 2;
        for (AbstractInsnNode insn = code.getFirst(); insn != null; insn = insn.getNext()) {
            int op = insn.getOpcode();
            if (op >= Opcodes.IRETURN && op <= Opcodes.RETURN) {
                InsnList exit = exit(hold, site);
                code.insertBefore(insn, exit);
            }
        }
        LabelNode start = new LabelNode();
        InsnList entry = new InsnList();
        entry.add(new LdcInsnNode(site));
        entry.add(call("methodEntered", "(I)J"));
        entry.add(new VarInsnNode(Opcodes.LSTORE, hold));
        entry.add(start);
        code.insert(entry);
        LabelNode end = new LabelNode();
        LabelNode handler = new LabelNode();
        code.add(end);
        code.add(handler);
        code.add(exit(hold, site));
        code.add(new InsnNode(Opcodes.ATHROW));
        method.tryCatchBlocks.add(new TryCatchBlockNode(start, end, handler, null));
    }

    /** {@code exiting(T, site)}, its result dropped. */
    private static InsnList exit(int hold, int site) {
        InsnList exit = new InsnList();
        exit.add(new VarInsnNode(Opcodes.LLOAD, hold));
        exit.add(new LdcInsnNode(site));
        exit.add(call("exiting", "(JI)J"));
        exit.add(new InsnNode(Opcodes.POP2));
        return exit;
    }

    /** Two new locals of {@code method}: a long (the time) and an int (the site). */
    private static int[] newLocals(MethodNode method) {
        int time = method.maxLocals;
        method.maxLocals += 3;
        return new int[] {time, time + 2};
    }

    /** The site of the {@code index}th enter of {@code method} (-1: the method's own monitor), added once. */
    private int site(String className, MethodNode method, int index, int line, String kind, String sourceFile,
                     String monitorClass) {
        String place = className + " " + method.name + method.desc + " " + index;
        return siteIds.computeIfAbsent(place, p -> {
            int id = Sites.add(className, method.name, line, kind, -1, sourceFile);
            if (monitorClass != null) {
                Sites.get(id).lockClass().set(monitorClass);
            }
            return id;
        });
    }

    private static MethodInsnNode call(String name, String descriptor) {
        return new MethodInsnNode(Opcodes.INVOKESTATIC, PROBE, name, descriptor, false);
    }

    private static int firstLine(InsnList code) {
        for (AbstractInsnNode insn = code.getFirst(); insn != null; insn = insn.getNext()) {
            if (insn instanceof LineNumberNode) {
                return ((LineNumberNode) insn).line;
            }
        }
        return -1;
    }

    private static boolean hasSubroutines(MethodNode method) {
        for (AbstractInsnNode insn = method.instructions.getFirst(); insn != null; insn = insn.getNext()) {
            if (insn.getOpcode() == Opcodes.JSR || insn.getOpcode() == Opcodes.RET) {
                return true;
            }
        }
        return false;
    }

    /**
     * The last node before the instruction after {@code insn}: past the labels that follow it, so
     * that code inserted there lies outside the try ranges that end with {@code insn}.
     */
    private static AbstractInsnNode lastBeforeNextInstruction(AbstractInsnNode insn) {
        AbstractInsnNode at = insn;
        while (at.getNext() != null && at.getNext().getOpcode() < 0) {
            at = at.getNext();
        }
        return at;
    }

    private static AbstractInsnNode previousInstruction(AbstractInsnNode from) {
        for (AbstractInsnNode insn = from.getPrevious(); insn != null; insn = insn.getPrevious()) {
            if (insn.getOpcode() >= 0) {
                return insn;
            }
        }
        return null;
    }
}
