package dev.mutexlab.locks;

import static dev.mutexlab.locks.LineupChooser.Decision.KEEP;
import static dev.mutexlab.locks.LineupChooser.Decision.PAUSE;
import static dev.mutexlab.locks.LineupChooser.Decision.RETURN;
import static dev.mutexlab.locks.LineupChooser.Decision.SWITCH;
import static dev.mutexlab.locks.LineupChooser.Decision.TRIAL;
import static dev.mutexlab.locks.LineupChooser.EPOCH_NANOS;
import static dev.mutexlab.locks.LineupChooser.MAX_TRIAL_EVERY;
import static dev.mutexlab.locks.LineupChooser.MIN_TRIAL_EVERY;
import static dev.mutexlab.locks.LineupChooser.TICK_RELEASES;
import static dev.mutexlab.locks.LineupChooser.TRIAL_EPOCHS;
import static dev.mutexlab.locks.LineupChooser.WAITED_COUNT_MASK;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The chooser's rules on synthetic epochs (a clock and a contended count the test sets): it runs
 * the line first; it tries another policy only after MIN_TRIAL_EVERY saturated epochs, the two
 * others in turn and the one a switch replaced first, for TRIAL_EPOCHS epochs; a trial that beats
 * the current policy's rate in the epochs before and after it by more than the margin switches,
 * one within the margin does not (hysteresis) and makes the next trial wait longer, up to
 * MAX_TRIAL_EVERY; epochs in which the lock was not saturated enter no rate and pause the
 * counting until the lock resumes it, and a trial on one, or whose epoch after is one, has no
 * verdict.
 */
class LineupChooserTest {

    /** Feeds the chooser whole epochs: {@code ticks} ticks spread over one epoch's length. */
    private static final class Feed {
        final LineupChooser chooser = new LineupChooser();
        long nowNanos = 1_000L;
        int contended;

        Feed() {
            this(0);
        }

        /** A feed whose lock has counted {@code waited} acquisitions that waited before its first tick. */
        Feed(int waited) {
            contended = waited;
            assertThat(chooser.tick(nowNanos, count())).as("the first tick starts the first epoch").isEqualTo(KEEP);
        }

        /** The waited count as the lock passes it: modulo 2^16. */
        int count() {
            return contended & WAITED_COUNT_MASK;
        }

        /**
         * One epoch of {@code ticks} ticks (TICK_RELEASES releases each) in EPOCH_NANOS, a share
         * {@code contendedShare} of whose acquisitions waited; returns the decision of its last tick.
         */
        LineupChooser.Decision epoch(int ticks, double contendedShare) {
            LineupChooser.Decision last = null;
            long stepNanos = (EPOCH_NANOS + ticks - 1) / ticks; // the last tick ends the epoch
            for (int i = 1; i <= ticks; i++) {
                nowNanos += stepNanos;
                contended += (int) Math.round(TICK_RELEASES * contendedShare);
                LineupChooser.Decision d = chooser.tick(nowNanos, count());
                if (i < ticks) {
                    assertThat(d).as("no decision inside an epoch").isEqualTo(KEEP);
                }
                last = d;
            }
            return last;
        }

        /** An epoch at a rate proportional to {@code ticks}, saturated. */
        LineupChooser.Decision saturated(int ticks) {
            return epoch(ticks, 0.5);
        }

        /** A trial's saturated epochs at a rate proportional to {@code ticks}: it ends, and the current policy returns. */
        void trial(int ticks) {
            for (int i = 1; i < TRIAL_EPOCHS; i++) {
                assertThat(saturated(ticks)).as("the trial goes on").isEqualTo(KEEP);
                assertThat(chooser.running()).isNotEqualTo(chooser.current());
            }
            assertThat(saturated(ticks)).as("the trial's last epoch").isEqualTo(RETURN);
            assertThat(chooser.running()).isEqualTo(chooser.current());
        }

        /** The epoch after a trial at a rate proportional to {@code ticks}: returns the verdict. */
        LineupChooser.Decision after(int ticks) {
            assertThat(chooser.settling()).isTrue();
            LineupChooser.Decision d = saturated(ticks);
            assertThat(chooser.settling()).isFalse();
            return d;
        }

        /** Runs the current policy at {@code ticks} per epoch until the next trial begins. */
        void untilTrial(int ticks) {
            while (saturated(ticks) != TRIAL) {
                assertThat(chooser.running()).isEqualTo(chooser.current());
            }
        }
    }

    @Test
    void theLineRunsFirstAndTheFirstTrialComesAfterMinTrialEverySaturatedEpochs() {
        Feed f = new Feed();
        assertThat(f.chooser.running()).isEqualTo(LineupPolicy.LINE);
        for (int i = 1; i < MIN_TRIAL_EVERY; i++) {
            assertThat(f.saturated(100)).isEqualTo(KEEP);
        }
        assertThat(f.saturated(100)).isEqualTo(TRIAL);
        assertThat(f.chooser.running()).as("the trial runs the other policy").isEqualTo(LineupPolicy.BARGE);
        assertThat(f.chooser.current()).isEqualTo(LineupPolicy.LINE);
    }

    @Test
    void aTrialThatRunsTheLockClearlyFasterSwitches() {
        Feed f = new Feed();
        f.untilTrial(100);
        f.trial(150);
        assertThat(f.chooser.running()).as("the line runs the epoch after the trial").isEqualTo(LineupPolicy.LINE);
        assertThat(f.after(100)).isEqualTo(SWITCH);
        assertThat(f.chooser.current()).isEqualTo(LineupPolicy.BARGE);
        assertThat(f.chooser.running()).isEqualTo(LineupPolicy.BARGE);
        assertThat(f.chooser.trialRatePerSecond()).as("the trial beat the rate it replaced").isGreaterThan(f.chooser.aroundRatePerSecond() * 1.05);
        assertThat(f.chooser.trialEveryEpochs()).as("after a switch the next trial comes soon").isEqualTo(MIN_TRIAL_EVERY);
    }

    @Test
    void aTrialWithinTheMarginDoesNotSwitchAndTheNextTrialWaitsLonger() {
        Feed f = new Feed();
        f.untilTrial(100);
        f.trial(104);
        assertThat(f.after(100)).as("4% faster is within the 5% margin").isEqualTo(KEEP);
        assertThat(f.chooser.running()).isEqualTo(LineupPolicy.LINE);
        assertThat(f.chooser.trialEveryEpochs()).isGreaterThan(MIN_TRIAL_EVERY);
    }

    @Test
    void theTrialIsWeighedAgainstTheEpochsBeforeAndAfterItSoADriftDoesNotDecide() {
        Feed f = new Feed();
        for (int i = 1; i < MIN_TRIAL_EVERY; i++) {
            assertThat(f.saturated(60)).isEqualTo(KEEP); // older, slower epochs (a program still compiling)
        }
        assertThat(f.saturated(100)).isEqualTo(TRIAL);
        f.trial(120); // 20% above the epoch before it, but the lock speeds up by itself
        assertThat(f.after(140)).as("the line ran 120 around the trial: no better").isEqualTo(KEEP);
        assertThat(f.chooser.current()).isEqualTo(LineupPolicy.LINE);
        assertThat(f.chooser.aroundRatePerSecond()).isCloseTo(f.chooser.trialRatePerSecond(), org.assertj.core.data.Percentage.withPercentage(1));

        f.untilTrial(100);
        f.trial(130);
        assertThat(f.after(110)).as("130 against 105 around it").isEqualTo(SWITCH);
        assertThat(f.chooser.current()).isEqualTo(LineupPolicy.SOLO);
    }

    @Test
    void aTrialWhoseEpochAfterIsNotSaturatedHasNoVerdict() {
        Feed f = new Feed();
        f.untilTrial(100);
        f.trial(200);
        assertThat(f.epoch(100, 0.0)).as("nobody waited after the trial").isEqualTo(PAUSE);
        assertThat(f.chooser.settling()).isFalse();
        assertThat(f.chooser.current()).isEqualTo(LineupPolicy.LINE);
        assertThat(f.chooser.trialEveryEpochs()).as("no verdict: the wait does not grow").isEqualTo(MIN_TRIAL_EVERY);
        f.chooser.resume();
        assertThat(f.chooser.tick(f.nowNanos, f.count())).isEqualTo(KEEP);
        f.untilTrial(100);
        assertThat(f.chooser.running()).as("the same alternative again").isEqualTo(LineupPolicy.BARGE);
    }

    @Test
    void theWaitBetweenLosingTrialsGrowsToItsCapAndASwitchResetsIt() {
        Feed f = new Feed();
        List<Integer> gaps = new ArrayList<>();
        int sinceTrial = 0;
        while (gaps.size() < 8) {
            sinceTrial++;
            if (f.saturated(100) == TRIAL) {
                gaps.add(sinceTrial);
                f.trial(60);
                assertThat(f.after(100)).as("the trial loses").isEqualTo(KEEP);
                sinceTrial = 1; // the epoch after the trial counts
            }
        }
        assertThat(gaps).isSorted();
        assertThat(gaps.get(gaps.size() - 1)).isEqualTo(MAX_TRIAL_EVERY);
        assertThat(f.chooser.running()).isEqualTo(LineupPolicy.LINE);
        f.untilTrial(100);
        f.trial(200);
        assertThat(f.after(100)).isEqualTo(SWITCH);
        assertThat(f.chooser.trialEveryEpochs()).isEqualTo(MIN_TRIAL_EVERY);
    }

    @Test
    void losingTrialsTakeTheOtherTwoPoliciesInTurnAndASwitchTriesTheReplacedOneNext() {
        Feed f = new Feed();
        List<LineupPolicy> tried = new ArrayList<>();
        while (tried.size() < 4) {
            f.untilTrial(100);
            tried.add(f.chooser.running());
            f.trial(60);
            assertThat(f.after(100)).as("the trial loses").isEqualTo(KEEP);
        }
        assertThat(tried).containsExactly(LineupPolicy.BARGE, LineupPolicy.SOLO, LineupPolicy.BARGE, LineupPolicy.SOLO);
        f.untilTrial(100); // barging's turn
        while (f.chooser.running() != LineupPolicy.SOLO) {
            f.trial(60);
            assertThat(f.after(100)).isEqualTo(KEEP);
            f.untilTrial(100); // wait for solo's turn
        }
        f.trial(200);
        assertThat(f.after(100)).isEqualTo(SWITCH);
        assertThat(f.chooser.current()).isEqualTo(LineupPolicy.SOLO);
        assertThat(f.chooser.replaced()).isEqualTo(LineupPolicy.LINE);
        f.untilTrial(200); // solo runs
        assertThat(f.chooser.running()).as("the policy the switch replaced is tried first").isEqualTo(LineupPolicy.LINE);
        f.trial(100);
        assertThat(f.after(200)).isEqualTo(KEEP);
        f.untilTrial(200); // solo runs
        assertThat(f.chooser.running()).as("then the third").isEqualTo(LineupPolicy.BARGE);
    }

    @Test
    void aSwitchMadeOnNoisyEpochsIsUndoneByTheNextTrial() {
        Feed f = new Feed();
        f.untilTrial(100);
        f.trial(130); // barging looked faster once
        assertThat(f.after(100)).isEqualTo(SWITCH);
        f.untilTrial(70); // but runs slower than the line did
        assertThat(f.chooser.running()).isEqualTo(LineupPolicy.LINE);
        f.trial(100);
        assertThat(f.after(70)).isEqualTo(SWITCH);
        assertThat(f.chooser.current()).isEqualTo(LineupPolicy.LINE);
    }

    @Test
    void epochsInWhichTheLockWasNotSaturatedPauseTheCountingAndEnterNoRate() {
        Feed f = new Feed();
        for (int i = 0; i < 10 * MAX_TRIAL_EVERY; i++) {
            assertThat(f.epoch(100, 1.0 / 32)).as("nobody waits for the lock: nothing to compare").isEqualTo(PAUSE);
            f.chooser.resume(); // as the lock does at its next contended acquisition
            f.nowNanos += 1_000 * EPOCH_NANOS; // paused for a long time
            assertThat(f.chooser.tick(f.nowNanos, f.count())).as("the first tick after a pause starts an epoch").isEqualTo(KEEP);
        }
        assertThat(f.chooser.aroundRatePerSecond()).isZero();
        assertThat(f.chooser.trialRatePerSecond()).isZero();
        assertThat(f.chooser.running()).isEqualTo(LineupPolicy.LINE);
    }

    @Test
    void aTrialOnAnUnsaturatedEpochIsAbandonedWithoutAVerdict() {
        Feed f = new Feed();
        f.untilTrial(100);
        assertThat(f.epoch(1000, 0.0)).as("ten times the rate, but nobody waited").isEqualTo(RETURN);
        assertThat(f.chooser.settling()).as("no verdict to settle").isFalse();
        assertThat(f.chooser.current()).isEqualTo(LineupPolicy.LINE);
        assertThat(f.chooser.trialEveryEpochs()).as("no verdict: the wait does not grow").isEqualTo(MIN_TRIAL_EVERY);
    }

    @Test
    void aPauseBetweenSaturatedEpochsEntersNoRate() {
        Feed f = new Feed();
        assertThat(f.saturated(100)).isEqualTo(KEEP);
        assertThat(f.epoch(100, 0.0)).isEqualTo(PAUSE);
        f.chooser.resume();
        f.nowNanos += 100 * EPOCH_NANOS; // counted nothing for 100 epochs' time
        assertThat(f.chooser.tick(f.nowNanos, f.count())).isEqualTo(KEEP); // a new epoch starts here
        assertThat(f.saturated(100)).as("the second saturated epoch brings the trial").isEqualTo(TRIAL);
        f.trial(50);
        assertThat(f.after(100)).isEqualTo(KEEP);
        assertThat(f.chooser.aroundRatePerSecond()).as("the paused time is in no rate")
                .isCloseTo(100.0 * TICK_RELEASES / EPOCH_NANOS * 1e9, org.assertj.core.data.Percentage.withPercentage(1));
    }

    @Test
    void theWaitedCountWrapsAtTwoToTheSixteenthWithoutChangingAVerdict() {
        // the lock keeps its count of acquisitions that waited modulo 2^16: an epoch across the wrap
        // must read as any other, saturated or not
        Feed f = new Feed(WAITED_COUNT_MASK - 100);
        assertThat(f.epoch(100, 1.0 / 32)).as("3% waited, across the wrap: not saturated").isEqualTo(PAUSE);
        f.contended = WAITED_COUNT_MASK - 500; // waited while paused: enters no epoch
        f.chooser.resume();
        assertThat(f.chooser.tick(f.nowNanos, f.count())).as("a new epoch starts").isEqualTo(KEEP);
        assertThat(f.saturated(32)).as("half waited, across the wrap: saturated").isEqualTo(KEEP);
        assertThat(f.saturated(32)).as("the second saturated epoch brings the trial").isEqualTo(TRIAL);
    }

    @Test
    void ticksInsideAnEpochDecideNothingHoweverFastTheyCome() {
        Feed f = new Feed();
        for (int i = 0; i < 10_000; i++) {
            f.contended += TICK_RELEASES;
            assertThat(f.chooser.tick(f.nowNanos + i, f.count())).isEqualTo(KEEP); // 10 us in all
        }
    }

    @Test
    void aFreshChoosersStateIsAllDefaults() throws Exception {
        // racy publication: a thread that reads the chooser without a happens-before edge sees these
        for (java.lang.reflect.Field field : LineupChooser.class.getDeclaredFields()) {
            if (java.lang.reflect.Modifier.isStatic(field.getModifiers())) {
                continue;
            }
            field.setAccessible(true);
            Object v = field.get(new LineupChooser());
            assertThat(v).as(field.getName()).isIn(0, 0L, 0.0, false);
        }
    }
}
