package dev.mutexlab.lab.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.results.ProfileReport;
import java.util.List;
import org.junit.jupiter.api.Test;

class LockUnderTestTest {

    private static ProfileReport.RewriteSite site(String c, String kind, Long made, Long swapped) {
        return new ProfileReport.RewriteSite(c, "<init>", 1, kind, null, null, made, swapped);
    }

    @Test
    void everyWorkloadNamesTheClassOfItsLock() {
        assertThat(LockUnderTest.CLASSES.keySet()).containsExactlyInAnyOrderElementsOf(RealWorkloads.NAMES);
    }

    @Test
    void aPoolWhoseLockWasSkippedIsNotInPlace() {
        // What every stored pool run showed: the pool's lock skipped for its variable fairness.
        ProfileReport.Rewrites r = new ProfileReport.Rewrites(List.of(site("java.util.concurrent.LinkedBlockingQueue", "new", 2L, 2L)),
                List.of(new ProfileReport.Skipped("org.apache.commons.pool2.impl.InterruptibleReentrantLock", "fair")), 2);
        assertThat(LockUnderTest.notInPlace("pool", r)).contains("InterruptibleReentrantLock").contains("skipped (fair)");
    }

    @Test
    void aSiteWhoseLocksWereNotAllSwappedIsNotInPlace() {
        ProfileReport.Rewrites none = new ProfileReport.Rewrites(List.of(
                site("org.apache.commons.pool2.impl.InterruptibleReentrantLock", "reparent", 1L, 0L)), List.of(), 1);
        assertThat(LockUnderTest.notInPlace("pool", none)).contains("made 1 lock(s), 0 swapped");
        ProfileReport.Rewrites older = new ProfileReport.Rewrites(List.of(
                site("java.util.concurrent.ArrayBlockingQueue", "new", null, null)), List.of(), 1);
        assertThat(LockUnderTest.notInPlace("queue", older)).as("a report without counts proves nothing").isNotNull();
        assertThat(LockUnderTest.notInPlace("queue", null)).contains("no rewritten site");
    }

    @Test
    void aSwappedLockIsInPlace() {
        ProfileReport.Rewrites r = new ProfileReport.Rewrites(List.of(
                site("org.apache.commons.pool2.impl.InterruptibleReentrantLock", "reparent", 1L, 1L),
                site("java.util.concurrent.LinkedBlockingQueue", "new", 4L, 4L)), List.of(), 5);
        assertThat(LockUnderTest.notInPlace("pool", r)).isNull();
        assertThat(LockUnderTest.notInPlace("executor", r)).isNull();
    }

    @Test
    void theProgramsOwnLockIsProfiledWhereItsClassMadeALockUnderTheAgent() {
        ProfileReport.Rewrites r = new ProfileReport.Rewrites(List.of(
                site("java.util.concurrent.ArrayBlockingQueue", "new", 2L, 0L)), List.of(), 2);
        assertThat(LockUnderTest.notProfiled("queue", r)).isNull();
        assertThat(LockUnderTest.notProfiled("executor", r)).contains("not profiled").contains("LinkedBlockingQueue");
        ProfileReport.Rewrites none = new ProfileReport.Rewrites(List.of(
                site("java.util.concurrent.ArrayBlockingQueue", "new", 0L, 0L)), List.of(), 0);
        assertThat(LockUnderTest.notProfiled("queue", none)).as("a site that made no lock times nothing").isNotNull();
        assertThat(LockUnderTest.notProfiled("queue", null)).isNotNull();
    }

    @Test
    void eachLockRunsWithTheAgentOptionsItNeeds() {
        assertThat(RealRunner.agentOptions("jdk")).as("the program's own lock runs without the agent").isEmpty();
        assertThat(RealRunner.agentOptions("jdk+profile")).containsExactly("profile");
        assertThat(RealRunner.agentOptions("lineup")).containsExactly("lock=lineup");
        assertThat(RealRunner.agentOptions("go:threshold=0+profile")).containsExactly("lock=go:threshold=0", "profile");
        assertThat(RealRunner.swaps("jdk+profile")).isFalse();
        assertThat(RealRunner.swaps("jdk-fair")).isTrue();
    }
}
