package dev.mutexlab.lab.apps;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SeedTest {
    @Test
    void everyLockOfABatchAndEveryInvocationDrawsTheSameKeys() {
        assertThat(AppMeasurement.seed(3, 1)).isEqualTo(AppMeasurement.seed(3, 1));
    }

    @Test
    void threadsAndBatchesDrawDifferentKeys() {
        Set<Long> seeds = new HashSet<>();
        for (int run = AppMeasurement.WARM_UP_RUN; run < 50; run++) {
            for (int i = 0; i < 64; i++) {
                seeds.add(AppMeasurement.seed(run, i));
            }
        }
        assertThat(seeds).hasSize(51 * 64);
    }
}
