package dev.mutexlab.locks;

import static dev.mutexlab.locks.LineupMutex.HANDOFF;
import static dev.mutexlab.locks.ThreadKind.awaitCondition;
import static dev.mutexlab.locks.ThreadKind.join;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A lineup lock's change of policy, in every state the lock can be in when its chooser switches:
 * free, held, held with a sleeper in line, with a handoff request standing, and with a sleeper an
 * unlock woke that has not run yet — from and to each policy. Each state is built exactly (a clock the test moves, a gate on the woken thread),
 * the policy switched, a new arrival let in under the new policy, and everything released: every
 * waiter gets the lock once, alone, a standing handoff request is still served first, and the lock
 * ends free with no heir and nobody in line. Then the chooser itself, driven through the
 * lock: a clock that runs one policy faster makes the lock switch to it, counted and recorded in
 * JFR, and back when the other runs faster.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LineupPolicySwitchTest {

    @TempDir
    Path tmp;

    enum Built { FREE, HELD, SLEEPING, HANDOFF_REQUESTED, WOKEN_NOT_RUN }

    static Stream<Arguments> everyStateBothWays() {
        List<Arguments> all = new ArrayList<>();
        for (LineupPolicy from : LineupPolicy.values()) {
            for (LineupPolicy to : LineupPolicy.values()) {
                if (to != from) {
                    for (Built state : Built.values()) {
                        all.add(Arguments.of(from, to, state));
                    }
                }
            }
        }
        return all.stream();
    }

    /** The bound of the switched locks: long, so that no sleeper's own timer fires by the real clock. */
    private static final Duration BOUND = Duration.ofSeconds(30);

    @ParameterizedTest(name = "{0} -> {1}, {2}")
    @MethodSource("everyStateBothWays")
    void aSwitchInAnyStateLosesNoWaiterAndKeepsAStandingHandoff(LineupPolicy from, LineupPolicy to, Built state)
            throws Exception {
        LineupMutexTest.Steered hooks = new LineupMutexTest.Steered();
        LineupMutex lock = new LineupMutex(BOUND, true, hooks, null);
        lock.switchArrivalsTo(from);
        List<String> order = new CopyOnWriteArrayList<>();
        AtomicBoolean inside = new AtomicBoolean();
        AtomicBoolean overlap = new AtomicBoolean();
        java.util.function.Function<String, Thread> waiter = name -> Thread.ofPlatform().name(name).unstarted(() -> {
            lock.lock();
            try {
                if (!inside.compareAndSet(false, true)) {
                    overlap.set(true);
                }
                order.add(name);
                inside.set(false);
            } finally {
                lock.unlock();
            }
        });
        List<Thread> threads = new ArrayList<>();
        boolean held = state != Built.FREE;
        if (held) {
            lock.lock();
        }
        if (state == Built.SLEEPING) {
            Thread b = waiter.apply("sleeper");
            b.start();
            threads.add(b);
            awaitCondition("the sleeper is in line", 10_000, () -> lock.sleepers() == 1);
            LineupMutexTest.awaitParked(b);
        }
        if (state == Built.HANDOFF_REQUESTED || state == Built.WOKEN_NOT_RUN) {
            Thread a = waiter.apply(state == Built.HANDOFF_REQUESTED ? "requester" : "heir");
            hooks.gatedWoken = a;
            a.start();
            threads.add(a);
            awaitCondition("it is in line", 10_000, () -> lock.sleepers() == 1);
            LineupMutexTest.awaitParked(a);
            if (state == Built.HANDOFF_REQUESTED || from == LineupPolicy.SOLO) {
                hooks.advance(BOUND.plusMillis(1)); // due: a SOLO unlock wakes it now, and it is past its bound
            }
            lock.unlock(); // wakes it as heir; the gate holds it before it runs
            awaitCondition("it was woken", 10_000, hooks.wokenReached::get);
            lock.lock(); // held again before it runs
            assertThat(lock.hasHeir()).isTrue();
            if (state == Built.HANDOFF_REQUESTED) {
                hooks.wokenGate.countDown();
                awaitCondition("it asks for the handoff", 10_000, () -> (lock.state() & HANDOFF) != 0);
            }
        }
        int sleepersBefore = lock.sleepers();
        lock.switchArrivalsTo(to);
        assertThat(lock.runningPolicy()).isEqualTo(to);
        Thread c = waiter.apply("arrival");
        c.start();
        threads.add(c);
        if (held) {
            awaitCondition("the arrival sleeps", 10_000, () -> lock.sleepers() > sleepersBefore);
        }
        hooks.wokenGate.countDown();
        hooks.advance(BOUND.plusMillis(1)); // everyone due: no sleeper is left asleep, a woken one asks for the handoff
        if (held) {
            lock.unlock();
        }
        for (Thread t : threads) {
            join(t, 20_000);
        }
        assertThat(overlap).as("one holder at a time").isFalse();
        assertThat(order).as("each waiter got the lock once").hasSize(threads.size()).doesNotHaveDuplicates();
        if (state == Built.HANDOFF_REQUESTED) {
            assertThat(order.get(0)).as("the standing request is served first").isEqualTo("requester");
            assertThat(lock.stats().count(LockEvent.HANDOFF)).isPositive();
        }
        assertThat(lock.state()).as("free at the end").isZero();
        assertThat(lock.hasHeir()).isFalse();
        assertThat(lock.sleepers()).isZero();
    }

    @Test
    void aFixedPolicyCannotBeSwitched() {
        LineupMutex fixed = new LineupMutex(Duration.ofMillis(1), false, LineupPolicy.BARGE);
        assertThatThrownBy(() -> fixed.switchArrivalsTo(LineupPolicy.LINE)).isInstanceOf(IllegalStateException.class);
        assertThat(fixed.runningPolicy()).isEqualTo(LineupPolicy.BARGE);
        assertThat(fixed.toString()).contains("policy=barge");
        assertThat(Locks.mutex("lineup").toString()).contains("policy=auto (barge)");
        assertThat(Locks.mutex("lineup:policy=auto").toString()).contains("policy=auto");
        assertThat(Locks.mutex("lineup:policy=line").toString()).contains("policy=line");
    }

    /**
     * The chooser through the lock: two threads take turns, each turn contended, on a clock that
     * the test moves by a fixed step per turn — a shorter step under the line, so the line "runs
     * the lock" twice as fast. The lock, barging at first, tries the line, switches to it (counted,
     * and a JFR event), and when the clock then favours barging, switches back.
     */
    @Test
    void theChooserSwitchesToThePolicyThatRunsTheLockFasterAndBack() throws Exception {
        LineupMutexTest.Steered hooks = new LineupMutexTest.Steered();
        LineupMutex lock = new LineupMutex(Duration.ofSeconds(30), true, hooks, null);
        assertThat(lock.runningPolicy()).isEqualTo(LineupPolicy.BARGE);
        List<RecordedEvent> events;
        try (Recording r = new Recording()) {
            r.enable("dev.mutexlab.LineupPolicySwitch");
            r.start();
            turns(lock, hooks, LineupPolicy.LINE, () -> lock.stats().count(LockEvent.POLICY_SWITCH) >= 1);
            assertThat(lock.runningPolicy()).isEqualTo(LineupPolicy.LINE);
            turns(lock, hooks, LineupPolicy.BARGE, () -> lock.stats().count(LockEvent.POLICY_SWITCH) >= 2);
            assertThat(lock.runningPolicy()).isEqualTo(LineupPolicy.BARGE);
            r.stop();
            Path file = tmp.resolve("switch.jfr");
            r.dump(file);
            int id = System.identityHashCode(lock);
            events = RecordingFile.readAllEvents(file).stream()
                    .filter(e -> e.getEventType().getName().equals("dev.mutexlab.LineupPolicySwitch") && e.getInt("lockId") == id)
                    .toList();
        }
        assertThat(events).hasSize(2);
        assertThat(events.get(0).getString("from")).isEqualTo("barge");
        assertThat(events.get(0).getString("to")).isEqualTo("line");
        assertThat(events.get(0).getDouble("rateInTrial")).isGreaterThan(events.get(0).getDouble("rateBefore"));
        assertThat(events.get(1).getString("to")).isEqualTo("barge");
        assertThat(lock.stats().count(LockEvent.POLICY_TRIAL)).isGreaterThanOrEqualTo(2);
        assertThat(lock.stats().count(LockEvent.POLICY_SWITCH)).isEqualTo(2);
    }

    /**
     * The chooser counts releases only while the lock is contended: a lock nobody waits for
     * counts none (its release pays one test), the first acquisition that waits starts the
     * counting, and an epoch in which too few acquisitions waited stops it again.
     */
    @Test
    void theChooserCountsReleasesOnlyFromAWaitUntilAQuietEpoch() throws Exception {
        LineupMutexTest.Steered hooks = new LineupMutexTest.Steered();
        LineupMutex lock = new LineupMutex(Duration.ofSeconds(30), false, hooks, null);
        for (int i = 0; i < 1_000; i++) {
            lock.lock();
            lock.unlock();
        }
        assertThat(lock.choosing()).as("nobody waited").isFalse();
        assertThat(lock.releasesCounted()).as("uncontended releases are not counted").isZero();

        lock.lock();
        CountDownLatch acquired = new CountDownLatch(1);
        Thread waiter = Thread.ofPlatform().name("waiter").start(() -> {
            lock.lock(); // contended: the test thread holds it
            lock.unlock();
            acquired.countDown();
        });
        spinUntil(() -> "the waiter waits: " + lock, () -> lock.sleepers() > 0);
        lock.unlock();
        assertThat(acquired.await(10, TimeUnit.SECONDS)).isTrue();
        join(waiter, 10_000);
        assertThat(lock.choosing()).as("an acquisition waited").isTrue();
        int counted = lock.releasesCounted();
        assertThat(counted).as("the waiter's release counted").isPositive();

        // a quiet epoch: the first tick starts it, one EPOCH later the next ends it unsaturated
        for (int i = 0; i < 3 * LineupChooser.TICK_RELEASES; i++) {
            if (i == LineupChooser.TICK_RELEASES) {
                hooks.advance(Duration.ofNanos(LineupChooser.EPOCH_NANOS));
            }
            lock.lock();
            lock.unlock();
        }
        assertThat(lock.choosing()).as("an epoch in which nobody waited pauses the counting").isFalse();
        int paused = lock.releasesCounted();
        for (int i = 0; i < 1_000; i++) {
            lock.lock();
            lock.unlock();
        }
        assertThat(lock.releasesCounted()).as("paused: nothing counted").isEqualTo(paused);
        assertThat(lock.runningPolicy()).isEqualTo(LineupPolicy.BARGE);
    }

    /**
     * A condition waiter is woken with a release and re-acquires a lock that is then free, on the
     * fast path: it still counts as an acquisition that waited, and starts the counting, else a
     * lock whose threads wait on its conditions would look unsaturated to the chooser.
     */
    @Test
    void aConditionWaiterThatReacquiresCountsAsAWait() throws Exception {
        LineupMutex lock = new LineupMutex(Duration.ofSeconds(30), false, new LineupMutexTest.Steered(), null);
        java.util.concurrent.locks.Condition ready = lock.newCondition();
        CountDownLatch woke = new CountDownLatch(1);
        Thread waiter = Thread.ofPlatform().name("waiter").start(() -> {
            lock.lock();
            try {
                ready.awaitUninterruptibly();
            } finally {
                lock.unlock();
            }
            woke.countDown();
        });
        // the waiter took the lock alone and now waits on the condition: the lock is free
        spinUntil(() -> "the waiter awaits: " + lock, () -> waiter.getState() == Thread.State.WAITING);
        lock.lock();
        try {
            assertThat(lock.hasWaiters(ready)).isTrue();
            assertThat(lock.choosing()).as("nobody has waited for the lock yet").isFalse();
            assertThat(lock.waitsCounted()).isZero();
            ready.signal();
        } finally {
            lock.unlock(); // wakes the waiter, which then finds the lock free
        }
        assertThat(woke.await(10, TimeUnit.SECONDS)).isTrue();
        join(waiter, 10_000);
        assertThat(lock.waitsCounted()).as("the re-acquisition after the wait counted").isEqualTo(1);
        assertThat(lock.choosing()).as("and started the counting").isTrue();
    }

    /**
     * Turns of two threads until {@code done}, two releases a turn: the test thread takes the lock,
     * waits until the other thread waits for it, moves the clock (20 us under {@code fast}, 40 us
     * otherwise: so {@code fast} runs the lock twice as fast by the lock's clock), releases, and
     * waits until the other thread has had the lock; the other thread asks for it only while the
     * test thread holds it, so every one of its acquisitions is contended.
     */
    private static void turns(LineupMutex lock, LineupMutexTest.Steered hooks, LineupPolicy fast,
            java.util.function.BooleanSupplier done) throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        java.util.concurrent.atomic.AtomicLong opened = new java.util.concurrent.atomic.AtomicLong(); // the turn the test thread holds the lock for
        java.util.concurrent.atomic.AtomicLong served = new java.util.concurrent.atomic.AtomicLong(); // the last turn the other thread had the lock in
        Thread other = Thread.ofPlatform().name("other").start(() -> {
            while (!stop.get()) {
                long next = served.get() + 1;
                if (opened.get() < next) {
                    Thread.onSpinWait(); // the test thread has not taken the lock for this turn yet
                    continue;
                }
                lock.lock(); // held by the test thread until we wait: contended
                lock.unlock();
                served.set(next);
            }
        });
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
            for (long turn = 1; !done.getAsBoolean(); turn++) {
                if (System.nanoTime() - deadline > 0) {
                    throw new AssertionError("the chooser did not decide in time: " + lock + ", trials "
                            + lock.stats().count(LockEvent.POLICY_TRIAL) + ", switches " + lock.stats().count(LockEvent.POLICY_SWITCH));
                }
                lock.lock();
                opened.set(turn);
                spinUntil(() -> "the other thread waits: " + lock + " " + java.util.Arrays.toString(other.getStackTrace()),
                        () -> lock.sleepers() > 0);
                hooks.advance(Duration.ofNanos(lock.runningPolicy() == fast ? 20_000 : 40_000));
                lock.unlock();
                long t = turn;
                spinUntil(() -> "the other thread had the lock", () -> served.get() >= t);
            }
        } finally {
            stop.set(true);
            if (lock.isHeldByCurrentThread()) {
                lock.unlock(); // let the other thread finish
            }
            join(other, 20_000);
        }
    }

    /** Spins until {@code condition} holds (a turn must not sleep: thousands make an epoch); fails after 10 s. */
    private static void spinUntil(java.util.function.Supplier<String> what, java.util.function.BooleanSupplier condition) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("timed out waiting for: " + what.get());
            }
            Thread.onSpinWait();
        }
    }
}
