package dev.mutexlab.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The probes in the JDK's {@code ReentrantLock} of the JDK the test runs on: each of the four
 * methods starts with its arrival hook and calls its end hook before each return, nothing else
 * changes (no field, no method, the same instructions in between), and a method of another shape
 * is refused rather than probed.
 */
class ReentrantLockProbesTest {

    private static byte[] jdkBytes() throws Exception {
        try (InputStream in = ReentrantLock.class.getModule()
                .getResourceAsStream("java/util/concurrent/locks/ReentrantLock.class")) {
            return in.readAllBytes();
        }
    }

    private static ClassNode read(byte[] bytes) {
        ClassNode node = new ClassNode(Opcodes.ASM9);
        new ClassReader(bytes).accept(node, 0);
        return node;
    }

    private static MethodNode method(ClassNode node, String nameAndDesc) {
        return node.methods.stream().filter(m -> (m.name + m.desc).equals(nameAndDesc)).findFirst().orElseThrow();
    }

    /** The hook calls in {@code m}, in order, by name. */
    private static List<String> hooks(MethodNode m) {
        List<String> names = new ArrayList<>();
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof MethodInsnNode call && call.owner.endsWith("ReentrantLockHooks")) {
                names.add(call.name);
            }
        }
        return names;
    }

    @Test
    void theFourMethodsGetTheirHooksAndNothingElseChanges() throws Exception {
        byte[] original = jdkBytes();
        ClassNode before = read(original);
        ClassNode after = read(ReentrantLockProbes.rewrite(original));
        assertThat(after.fields).hasSameSizeAs(before.fields);
        assertThat(after.methods).hasSameSizeAs(before.methods);
        assertThat(hooks(method(after, "lock()V"))).containsExactly("arriving", "acquired");
        assertThat(hooks(method(after, "lockInterruptibly()V"))).containsExactly("arriving", "acquired");
        assertThat(hooks(method(after, "tryLock(JLjava/util/concurrent/TimeUnit;)Z"))).containsExactly("arriving", "tried");
        assertThat(hooks(method(after, "unlock()V"))).containsExactly("unlocking", "released");
        assertThat(hooks(method(after, "tryLock()Z"))).as("tryLock() barges and is not probed").isEmpty();
        MethodNode lock = method(after, "lock()V");
        AbstractInsnNode last = lock.instructions.getLast();
        while (last.getOpcode() < 0) {
            last = last.getPrevious();
        }
        assertThat(last.getOpcode()).isEqualTo(Opcodes.RETURN);
        assertThat(last.getPrevious()).isInstanceOf(MethodInsnNode.class);
        assertThat(((MethodInsnNode) last.getPrevious()).name).isEqualTo("acquired");
        for (MethodNode m : before.methods) {
            if (hooks(method(after, m.name + m.desc)).isEmpty()) {
                assertThat(method(after, m.name + m.desc).instructions.size()).as(m.name).isEqualTo(m.instructions.size());
            }
        }
    }

    @Test
    void aMethodThatBranchesIsRefused() throws Exception {
        ClassNode node = read(jdkBytes());
        MethodNode lock = method(node, "lock()V");
        LabelNode next = new LabelNode();
        InsnList branch = new InsnList();
        branch.add(new JumpInsnNode(Opcodes.GOTO, next));
        branch.add(next);
        lock.instructions.insert(branch);
        ClassWriter writer = new ClassWriter(0);
        node.accept(writer);
        assertThatThrownBy(() -> ReentrantLockProbes.rewrite(writer.toByteArray()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("lock branches");
    }

    @Test
    void aClassWithoutTheFourMethodsIsRefused() throws Exception {
        ClassNode node = read(jdkBytes());
        node.methods.removeIf(m -> m.name.equals("lockInterruptibly"));
        ClassWriter writer = new ClassWriter(0);
        node.accept(writer);
        assertThatThrownBy(() -> ReentrantLockProbes.rewrite(writer.toByteArray()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("3 of the 4");
    }
}
