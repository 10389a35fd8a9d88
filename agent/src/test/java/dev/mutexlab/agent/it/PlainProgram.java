package dev.mutexlab.agent.it;

import java.util.concurrent.locks.ReentrantLock;

/** Child program: allocates one ReentrantLock, uses it, and prints its class and that main ran. */
public final class PlainProgram {

    public static void main(String[] args) {
        System.out.println("MAIN RAN");
        ReentrantLock lock = FailTarget.make();
        lock.lock();
        try {
            System.out.println("LOCKCLASS=" + lock.getClass().getName());
        } finally {
            lock.unlock();
        }
    }
}
