package dev.mutexlab.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mutexlab.agent.runtime.Settings;
import dev.mutexlab.agent.runtime.Site;
import dev.mutexlab.agent.runtime.Sites;
import dev.mutexlab.agent.runtime.StackSampler;
import dev.mutexlab.agent.runtime.StackSampler.Role;
import dev.mutexlab.agent.runtime.StackSampler.Stack;
import dev.mutexlab.agent.wrapped.Audit;
import dev.mutexlab.agent.wrapped.AutoLock;
import dev.mutexlab.agent.wrapped.Ledger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A wrapper that allocates one lock for many callers: {@code frames=N} attributes its locks to the
 * callers, and the stacks of a contended acquisition and of the holder it waited for name the
 * callers' methods, in the JSON and as collapsed stacks.
 */
class StacksTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The site's line, unique among the tests' sites so that the report's entry can be found by it. */
    private static final int LINE = 4242;

    @TempDir
    Path dir;

    @AfterEach
    void noSettings() {
        Settings.install(Settings.NONE);
        StackSampler.install(null);
    }

    private static int autoLockSite() {
        return Sites.add(AutoLock.class.getName(), "<init>", LINE, "new", -1, "AutoLock.java");
    }

    @Test
    void framesOneAttributesAWrappersLockToTheMethodThatConstructedTheWrapper() {
        Settings.install(new Settings(null, false, true, 1, 1));
        int site = autoLockSite();
        Ledger ledger = new Ledger(site);
        Ledger another = new Ledger(site);
        Audit audit = new Audit(site);
        Site ledgerSite = Sites.get(ledger.lock.inner().probe().site());
        Site auditSite = Sites.get(audit.lock.inner().probe().site());
        assertThat(ledgerSite.className()).isEqualTo(Ledger.class.getName());
        assertThat(ledgerSite.method()).isEqualTo("<init>");
        assertThat(ledgerSite.parent()).as("the rewritten site it stands for").isEqualTo(site);
        assertThat(ledgerSite.label()).startsWith(Ledger.class.getName() + ".<init>(Ledger.java:");
        assertThat(auditSite.className()).isEqualTo(Audit.class.getName());
        assertThat(auditSite.id()).isNotEqualTo(ledgerSite.id());
        assertThat(another.lock.inner().probe().site()).as("one caller, one site").isEqualTo(ledgerSite.id());
        assertThat(ledgerSite.instances().sum()).isEqualTo(2);
        assertThat(Sites.get(site).instances().sum()).as("the rewritten site counts every lock").isEqualTo(3);
    }

    @Test
    void framesTwoGoesOneCallerFurtherAndFramesZeroKeepsTheAllocation() {
        Settings.install(new Settings(null, false, true, 1, 2));
        int site = autoLockSite();
        Site two = Sites.get(new Ledger(site).lock.inner().probe().site());
        assertThat(two.className()).isEqualTo(StacksTest.class.getName());
        assertThat(two.method()).isEqualTo("framesTwoGoesOneCallerFurtherAndFramesZeroKeepsTheAllocation");

        Settings.install(new Settings(null, false, true, 1, 0));
        assertThat(new Ledger(site).lock.inner().probe().site()).isEqualTo(site);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aContendedAcquisitionRecordsTheWaitersStackAndBlamesTheHoldersRelease() throws Exception {
        Settings.install(new Settings(null, false, true, 1, 0));
        StackSampler sampler = new StackSampler(16, 0);
        StackSampler.install(sampler);
        int site = autoLockSite();
        Ledger ledger = new Ledger(site);

        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread holder = new Thread(() -> ledger.audit(() -> {
            held.countDown();
            await(release);
        }), "holder");
        holder.start();
        held.await();
        Thread waiter = new Thread(() -> ledger.transfer(() -> { }), "waiter");
        waiter.start();
        // parked in the lock: it arrived at the held lock, walked, and is counted as waiting
        while (waiter.getState() != Thread.State.WAITING) {
            assertThat(waiter.isAlive()).isTrue();
            Thread.onSpinWait();
        }
        release.countDown();
        holder.join();
        waiter.join();

        List<Stack> waiters = sampler.stacks(site, Role.WAITER);
        assertThat(waiters).hasSize(1);
        assertThat(waiters.get(0).count()).isEqualTo(1);
        assertThat(waiters.get(0).waitNanos()).isPositive();
        assertThat(waiters.get(0).frames().get(0)).as("the wrapper, the lock's own frames dropped")
                .startsWith(AutoLock.class.getName() + ".lock(");
        assertThat(waiters.get(0).frames()).anySatisfy(f -> assertThat(f).startsWith(Ledger.class.getName() + ".transfer("));
        List<Stack> holders = sampler.stacks(site, Role.HOLDER);
        assertThat(holders).as("the release that kept the waiter waiting").hasSize(1);
        assertThat(holders.get(0).waitNanos()).isPositive();
        assertThat(holders.get(0).frames().get(0)).startsWith(AutoLock.class.getName() + ".unlock(");
        assertThat(holders.get(0).frames()).anySatisfy(f -> assertThat(f).startsWith(Ledger.class.getName() + ".audit("));

        JsonNode report = JSON.readTree(new ProfileReport(AgentOptions.parse("profile,sample=1,stackInterval=0"),
                new RewriteLog(), null, 0, System.nanoTime(), 0).json());
        assertThat(report.get("options").get("stackIntervalNanos").asLong()).isZero();
        JsonNode stacks = null;
        for (JsonNode s : report.get("sites")) {
            if (s.get("site").asText().equals(Sites.get(site).label())) {
                stacks = s.get("stacks");
            }
        }
        assertThat(stacks).as("the site's stacks in the JSON").isNotNull();
        assertThat(stacks.get("waiterWalks").asLong()).isEqualTo(1);
        assertThat(stacks.get("holderWalks").asLong()).isEqualTo(1);
        assertThat(stacks.get("waiters").get(0).get("frames").toString()).contains(Ledger.class.getName() + ".transfer(");
        assertThat(stacks.get("holders").get(0).get("frames").toString()).contains(Ledger.class.getName() + ".audit(");
        assertThat(stacks.get("holders").get(0).get("waitNanos").asLong()).isPositive();

        List<String> lines = StackReport.collapsed(sampler, List.of(Sites.get(site)));
        assertThat(lines).hasSize(2);
        String root = ";" + AutoLock.class.getName() + ".<init>(AutoLock.java:" + LINE + ");";
        assertThat(lines.get(0)).startsWith("waiters" + root)
                .contains(";" + Ledger.class.getName() + ".transfer;" + Ledger.class.getName() + ".withLock;"
                        + AutoLock.class.getName() + ".lock " + waiters.get(0).waitNanos());
        assertThat(lines.get(1)).startsWith("holders" + root).contains(";" + Ledger.class.getName() + ".audit;");
    }

    @Test
    void collapsedStacksAreOneLinePerStackOutermostFirstWithTheWaitLast() throws Exception {
        StackSampler sampler = new StackSampler(8, 0);
        int site = Sites.add("org.foo.Pool", "<init>", 7, "new", -1, null);
        sampler.record(site, Role.WAITER, new String[]{"org.foo.Pool.take(Pool.java:30)", "org.foo.App.run(App.java:9)"}, 50);
        sampler.record(site, Role.WAITER, new String[]{"org.foo.Pool.take(Pool.java:30)", "org.foo.App.run(App.java:9)"}, 25);
        sampler.record(site, Role.WAITER, new String[]{"org.foo.Pool.take(Pool.java:31)", "org.foo.App.main(App.java:3)"}, 100);
        sampler.record(site, Role.HOLDER, new String[]{"org.foo.Pool.give(Unknown Source)"}, 60);
        assertThat(StackReport.collapsed(sampler, List.of(Sites.get(site)))).containsExactly(
                "waiters;org.foo.Pool.<init>(Unknown_Source);org.foo.App.main;org.foo.Pool.take 100",
                "waiters;org.foo.Pool.<init>(Unknown_Source);org.foo.App.run;org.foo.Pool.take 75",
                "holders;org.foo.Pool.<init>(Unknown_Source);org.foo.Pool.give 60");

        StackSampler.install(sampler);
        Path file = dir.resolve("stacks.collapsed");
        StackReport.writeCollapsed(file);
        assertThat(Files.readAllLines(file))
                .contains("holders;org.foo.Pool.<init>(Unknown_Source);org.foo.Pool.give 60")
                .allSatisfy(line -> assertThat(line).matches("(waiters|holders);[^; ]+(;[^; ]+)* \\d+"));
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
