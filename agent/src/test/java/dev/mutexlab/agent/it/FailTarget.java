package dev.mutexlab.agent.it;

import java.util.concurrent.locks.ReentrantLock;

/** A class whose rewrite the failure test makes fail (agent option {@code fail=}). */
final class FailTarget {

    private FailTarget() {
    }

    static ReentrantLock make() {
        return new ReentrantLock();
    }
}
