package dev.mutexlab.lab.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.config.ThreadKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A child JVM started the way every measurement starts one ({@link ChildJvm}, {@link Confinement})
 * is confined to P CPUs: the OS affinity mask names exactly the first P allowed CPUs, the JVM sees
 * P processors, and virtual threads run on at most P carriers. These are what make "P" mean P; the
 * CPU seconds per wall second a run reports ({@code cpuPerWall}) are a figure of the result, not an
 * assertion here.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ConfinementTest {

    /** What a confined child sees of its confinement, one {@code key=value} line each. */
    public static final class Probe {
        private Probe() {
        }

        public static void main(String[] args) throws Exception {
            System.out.println("cpus=" + cpusAllowed());
            System.out.println("available=" + Runtime.getRuntime().availableProcessors());
            if (args.length > 0 && args[0].equals("virtual")) {
                System.out.println("carriers=" + carriersSeen(4 * Runtime.getRuntime().availableProcessors() + 4));
            }
        }

        private static String cpusAllowed() throws IOException {
            Path status = Path.of("/proc/self/status");
            if (Files.isReadable(status)) {
                for (String line : Files.readAllLines(status)) {
                    if (line.startsWith("Cpus_allowed_list:")) {
                        return line.substring(line.indexOf(':') + 1).trim();
                    }
                }
            }
            return "unknown";
        }

        /**
         * The distinct carriers that {@code threads} busy virtual threads ran on. Each spins for a
         * while and yields between spins, so carriers are shared out among them; the scheduler can
         * never run them on more carriers than its pool may hold.
         */
        private static int carriersSeen(int threads) throws InterruptedException {
            Set<String> carriers = ConcurrentHashMap.newKeySet();
            List<Thread> ts = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                ts.add(Thread.ofVirtual().start(() -> {
                    for (int round = 0; round < 20; round++) {
                        long until = System.nanoTime() + 1_000_000L;
                        while (System.nanoTime() < until) {
                            Thread.onSpinWait();
                        }
                        String me = Thread.currentThread().toString(); // VirtualThread[#n]/runnable@<carrier>
                        carriers.add(me.substring(me.indexOf('@') + 1));
                        Thread.yield();
                    }
                }));
            }
            for (Thread t : ts) {
                t.join();
            }
            return carriers.size();
        }
    }

    @ParameterizedTest
    @EnumSource(ThreadKind.class)
    void aChildOfOneProcessorSeesOneProcessor(ThreadKind kind) throws Exception {
        Map<String, String> seen = probe(1, kind);
        assertThat(seen.get("available")).as("availableProcessors() under -XX:ActiveProcessorCount=1").isEqualTo("1");
        if (Confinement.hasTaskset()) {
            assertThat(seen.get("cpus")).as("the affinity mask set by taskset")
                    .isEqualTo(String.valueOf(Confinement.allowedCpus().get(0)));
        }
        if (kind == ThreadKind.VIRTUAL) {
            assertThat(Integer.parseInt(seen.get("carriers"))).as("carriers of %s virtual threads", 8).isEqualTo(1);
        }
    }

    @Test
    void aChildOfEveryAllowedProcessorSeesThemAll() throws Exception {
        List<Integer> allowed = Confinement.allowedCpus();
        Map<String, String> seen = probe(allowed.size(), ThreadKind.VIRTUAL);
        assertThat(seen.get("available")).isEqualTo(String.valueOf(allowed.size()));
        if (Confinement.hasTaskset()) {
            assertThat(Confinement.parseCpuList(seen.get("cpus"))).as("the affinity mask set by taskset")
                    .containsExactlyElementsOf(allowed);
        }
        assertThat(Integer.parseInt(seen.get("carriers"))).as("carriers").isBetween(1, allowed.size());
    }

    @Test
    void describeSaysHowPIsEnforced() {
        assertThat(Confinement.describe(1, ThreadKind.PLATFORM)).contains("-XX:ActiveProcessorCount=1");
        assertThat(Confinement.describe(2, ThreadKind.VIRTUAL)).contains("2 carriers (parallelism=maxPoolSize=2)");
        assertThat(Confinement.describe(1, ThreadKind.PLATFORM))
                .startsWith(Confinement.hasTaskset() ? "taskset -c " : "no taskset");
    }

    private static Map<String, String> probe(int procs, ThreadKind kind) throws Exception {
        List<String> lines = new ArrayList<>();
        int exit = new ChildJvm().run(procs, kind, List.of(), Probe.class, List.of(kind.label()), lines::add);
        assertThat(exit).as("probe exit status; it printed %s", lines).isZero();
        Map<String, String> seen = new HashMap<>();
        for (String line : lines) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                seen.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return seen;
    }
}
