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
import static dev.mutexlab.locks.LineupChooser.WAITED_COUNT_MASK;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The chooser's rules on synthetic epochs (a clock and a contended count the test sets): it runs
 * barging first; it tries another policy only after MIN_TRIAL_EVERY saturated epochs, the two
 * others in turn and the one a switch replaced first; a trial
 * that beats the current rate by more than the margin switches, one within the margin does not
 * (hysteresis) and makes the next trial wait longer, up to MAX_TRIAL_EVERY; epochs in which the
 * lock was not saturated enter no rate and pause the counting until the lock resumes it, and a
 * trial on one is abandoned without a verdict.
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
    }

    @Test
    void bargingRunsFirstAndTheFirstTrialComesAfterMinTrialEverySaturatedEpochs() {
        Feed f = new Feed();
        assertThat(f.chooser.running()).isEqualTo(LineupPolicy.BARGE);
        for (int i = 1; i < MIN_TRIAL_EVERY; i++) {
            assertThat(f.saturated(100)).isEqualTo(KEEP);
        }
        assertThat(f.saturated(100)).isEqualTo(TRIAL);
        assertThat(f.chooser.running()).as("the trial runs the other policy").isEqualTo(LineupPolicy.LINE);
        assertThat(f.chooser.current()).isEqualTo(LineupPolicy.BARGE);
    }

    @Test
    void aTrialThatRunsTheLockClearlyFasterSwitches() {
        Feed f = new Feed();
        while (f.saturated(100) != TRIAL) {
            // run barging until the trial
        }
        assertThat(f.saturated(150)).isEqualTo(SWITCH);
        assertThat(f.chooser.current()).isEqualTo(LineupPolicy.LINE);
        assertThat(f.chooser.running()).isEqualTo(LineupPolicy.LINE);
        assertThat(f.chooser.trialRatePerSecond()).as("the trial beat the rate it replaced").isGreaterThan(f.chooser.replacedRatePerSecond() * 1.05);
        assertThat(f.chooser.trialEveryEpochs()).as("after a switch the next trial comes soon").isEqualTo(MIN_TRIAL_EVERY);
    }

    @Test
    void aTrialWithinTheMarginDoesNotSwitchAndTheNextTrialWaitsLonger() {
        Feed f = new Feed();
        while (f.saturated(100) != TRIAL) {
            // run barging until the trial
        }
        assertThat(f.saturated(104)).as("4% faster is within the 5% margin").isEqualTo(RETURN);
        assertThat(f.chooser.running()).isEqualTo(LineupPolicy.BARGE);
        assertThat(f.chooser.trialEveryEpochs()).isGreaterThan(MIN_TRIAL_EVERY);
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
                assertThat(f.saturated(60)).isEqualTo(RETURN); // the trial loses
                sinceTrial = 0;
            }
        }
        assertThat(gaps).isSorted();
        assertThat(gaps.get(gaps.size() - 1)).isEqualTo(MAX_TRIAL_EVERY);
        assertThat(f.chooser.running()).isEqualTo(LineupPolicy.BARGE);
        while (f.saturated(100) != TRIAL) {
            // wait for the next trial
        }
        assertThat(f.saturated(200)).isEqualTo(SWITCH);
        assertThat(f.chooser.trialEveryEpochs()).isEqualTo(MIN_TRIAL_EVERY);
    }

    @Test
    void losingTrialsTakeTheOtherTwoPoliciesInTurnAndASwitchTriesTheReplacedOneNext() {
        Feed f = new Feed();
        List<LineupPolicy> tried = new ArrayList<>();
        while (tried.size() < 4) {
            if (f.saturated(100) == TRIAL) {
                tried.add(f.chooser.running());
                assertThat(f.saturated(60)).isEqualTo(RETURN); // the trial loses
            }
        }
        assertThat(tried).containsExactly(LineupPolicy.LINE, LineupPolicy.SOLO, LineupPolicy.LINE, LineupPolicy.SOLO);
        while (f.saturated(100) != TRIAL) {
            // the next trial: the line's turn
        }
        while (f.chooser.running() != LineupPolicy.SOLO) {
            assertThat(f.saturated(60)).isEqualTo(RETURN);
            while (f.saturated(100) != TRIAL) {
                // wait for solo's turn
            }
        }
        assertThat(f.saturated(200)).isEqualTo(SWITCH);
        assertThat(f.chooser.current()).isEqualTo(LineupPolicy.SOLO);
        assertThat(f.chooser.replaced()).isEqualTo(LineupPolicy.BARGE);
        while (f.saturated(200) != TRIAL) {
            // solo runs
        }
        assertThat(f.chooser.running()).as("the policy the switch replaced is tried first").isEqualTo(LineupPolicy.BARGE);
        assertThat(f.saturated(100)).isEqualTo(RETURN);
        while (f.saturated(200) != TRIAL) {
            // solo runs
        }
        assertThat(f.chooser.running()).as("then the third").isEqualTo(LineupPolicy.LINE);
    }

    @Test
    void aSwitchMadeOnANoisyEpochIsUndoneByTheNextTrial() {
        Feed f = new Feed();
        while (f.saturated(100) != TRIAL) {
            // run barging until the trial
        }
        assertThat(f.saturated(130)).isEqualTo(SWITCH); // the line looked faster once
        LineupChooser.Decision d;
        do {
            d = f.saturated(70); // but runs slower than barging did
        } while (d == KEEP);
        assertThat(d).isEqualTo(TRIAL);
        assertThat(f.chooser.running()).isEqualTo(LineupPolicy.BARGE);
        assertThat(f.saturated(100)).isEqualTo(SWITCH);
        assertThat(f.chooser.current()).isEqualTo(LineupPolicy.BARGE);
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
        assertThat(f.chooser.runRatePerSecond()).isZero();
        assertThat(f.chooser.running()).isEqualTo(LineupPolicy.BARGE);
    }

    @Test
    void aTrialOnAnUnsaturatedEpochIsAbandonedWithoutAVerdict() {
        Feed f = new Feed();
        while (f.saturated(100) != TRIAL) {
            // run barging until the trial
        }
        assertThat(f.epoch(1000, 0.0)).as("ten times the rate, but nobody waited").isEqualTo(RETURN);
        assertThat(f.chooser.current()).isEqualTo(LineupPolicy.BARGE);
        assertThat(f.chooser.trialEveryEpochs()).as("no verdict: the wait does not grow").isEqualTo(MIN_TRIAL_EVERY);
    }

    @Test
    void aPauseBetweenSaturatedEpochsEntersNoRate() {
        Feed f = new Feed();
        assertThat(f.saturated(100)).isEqualTo(KEEP);
        double before = f.chooser.runRatePerSecond();
        assertThat(f.epoch(100, 0.0)).isEqualTo(PAUSE);
        f.chooser.resume();
        f.nowNanos += 100 * EPOCH_NANOS; // counted nothing for 100 epochs' time
        assertThat(f.chooser.tick(f.nowNanos, f.count())).isEqualTo(KEEP); // a new epoch starts here
        assertThat(f.saturated(100)).as("the second saturated epoch brings the trial").isEqualTo(TRIAL);
        assertThat(f.chooser.runRatePerSecond()).as("the paused time is in no rate").isEqualTo(before);
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
        assertThat(f.chooser.runRatePerSecond()).as("a saturated epoch enters its rate").isPositive();
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
