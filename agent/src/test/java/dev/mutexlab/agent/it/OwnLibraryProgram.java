package dev.mutexlab.agent.it;

import dev.mutexlab.locks.Locks;
import java.util.concurrent.locks.Lock;

/**
 * A program with its own copy of the mutexlab library on its class path: it must see its copy, not
 * the agent's, and its {@code jdk} spec must stay the JDK's lock.
 */
public final class OwnLibraryProgram {

    private OwnLibraryProgram() {
    }

    public static void main(String[] args) {
        ClassLoader loader = Locks.class.getClassLoader();
        System.out.println("LIBRARY_LOADER=" + (loader == null ? "boot" : "app"));
        Lock jdk = Locks.create("jdk");
        System.out.println("OWN_JDK_LOCK=" + jdk.getClass().getName());
        Lock lineup = Locks.create("lineup");
        System.out.println("OWN_LINEUP=" + lineup.getClass().getName());
    }
}
