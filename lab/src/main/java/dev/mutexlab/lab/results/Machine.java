package dev.mutexlab.lab.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The machine a result was measured on. */
public record Machine(String cpuModel, int cpus, String os, String jdk, String vm) {

    public static Machine current() {
        return new Machine(readCpuModel(), Runtime.getRuntime().availableProcessors(),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
                System.getProperty("java.vendor") + " " + System.getProperty("java.runtime.version"),
                System.getProperty("java.vm.name"));
    }

    private static String readCpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return System.getProperty("os.arch");
    }
}
