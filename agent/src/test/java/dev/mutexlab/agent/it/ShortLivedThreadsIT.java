package dev.mutexlab.agent.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A program that runs many short-lived threads under the profile keeps the profile's memory
 * bounded by the threads alive (each ended thread's buffers fold into its site's totals), and its
 * report still counts every acquisition and every thread.
 */
class ShortLivedThreadsIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Threads run: virtual ones where the JDK has them, else platform ones (slower to start). */
    private static final int VIRTUAL_THREADS = 200_000;
    private static final int PLATFORM_THREADS = 20_000;
    /** Threads alive at once while the program measures the heap a live thread's profile costs. */
    private static final int HELD_THREADS = 2000;
    /**
     * The most heap a live thread that took one profiled lock may cost: twice the budget
     * {@code docs/agent.md} states (about 8.4 KB), so that a figure off by a collection's noise passes.
     */
    private static final long MAX_PROFILE_BYTES_PER_LIVE_THREAD = 16 * 1024;

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void manyShortLivedThreadsFitASmallHeapAndTheReportCountsEveryAcquisition() throws Exception {
        Path report = dir.resolve("threads.json");
        // Every thread's buffers kept (about 8 KB each) would need over a gigabyte for the
        // virtual threads, over 100 MB for the platform ones: far more than this heap.
        ChildJvm.Outcome run = ChildJvm.run("profile,sample=1,monitors=false,out=" + report,
                List.of("-Xmx64m", "-XX:+ExitOnOutOfMemoryError"), ShortThreadsProgram.class,
                Integer.toString(VIRTUAL_THREADS), Integer.toString(PLATFORM_THREADS), Integer.toString(HELD_THREADS));
        assertThat(run.exitCode()).as("exit code; stdout:%n%s%nstderr:%n%s", run.stdout(), run.stderr()).isZero();
        boolean virtual = ChildJvm.javaFeature() >= 21;   // the child's JDK, which may not be this one
        assertThat(run.stdout()).contains("KIND=" + (virtual ? "virtual" : "platform"));
        long threads = virtual ? VIRTUAL_THREADS : PLATFORM_THREADS;
        long made = printed(run.stdout(), "ACQUISITIONS");
        assertThat(made).as("the short-lived threads, the held ones and main").isEqualTo(threads + HELD_THREADS + 1);

        JsonNode site = ReportJson.find(JSON.readTree(report.toFile()).get("sites"), ShortThreadsProgram.class.getName());
        assertThat(site).as("the program's site in sites").isNotNull();
        assertThat(site.get("acquisitions").asLong()).isEqualTo(made);
        assertThat(site.get("threads").asLong()).isEqualTo(threads + HELD_THREADS + 1);
        assertThat(site.get("holdNanos").get("count").asLong()).as("sample=1: every acquisition timed").isEqualTo(made);

        long bytesPerLiveThread = printed(run.stdout(), "PROFILE_BYTES_PER_LIVE_THREAD");
        System.out.printf("ShortLivedThreadsIT: %d %s threads; profile heap per live thread: %d bytes%n", threads,
                virtual ? "virtual" : "platform", bytesPerLiveThread);
        assertThat(bytesPerLiveThread).as("a live thread's buffers, measured").isBetween(1L, MAX_PROFILE_BYTES_PER_LIVE_THREAD);
    }

    private static long printed(String stdout, String key) {
        Matcher m = Pattern.compile("(?m)^" + key + "=(-?\\d+)$").matcher(stdout);
        assertThat(m.find()).as(key + " in stdout:%n%s", stdout).isTrue();
        return Long.parseLong(m.group(1));
    }
}
