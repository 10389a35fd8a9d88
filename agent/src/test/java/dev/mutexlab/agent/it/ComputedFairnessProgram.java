package dev.mutexlab.agent.it;

import java.util.concurrent.locks.ReentrantLock;

/**
 * A {@code ReentrantLock} subclass whose fairness is computed ({@code super(a > 0)}, a branch over
 * both constants in the bytecode), as commons-pool2's {@code InterruptibleReentrantLock} passes a
 * variable: its fair instances must answer {@code isFair()} and its others be swapped.
 */
public final class ComputedFairnessProgram {

    /** The subclass. */
    static final class Computed extends ReentrantLock {
        private static final long serialVersionUID = 1L;

        Computed(int a) {
            super(a > 0);
        }

        @Override
        public String toString() {
            return super.toString();
        }
    }

    private ComputedFairnessProgram() {
    }

    public static void main(String[] args) {
        Computed fair = new Computed(1);
        Computed nonfair = new Computed(0);
        System.out.println("FAIR_1=" + fair.isFair());
        System.out.println("FAIR_0=" + nonfair.isFair());
        System.out.println("SERVES_1=" + fair);
        System.out.println("SERVES_0=" + nonfair);
    }
}
