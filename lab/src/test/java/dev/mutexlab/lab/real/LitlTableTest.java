package dev.mutexlab.lab.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.results.RealResult;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The census's cells and the LiTL table, from built results: ratios within batches, standings by interval. */
class LitlTableTest {
    /** jdk 100, go 150 (the best), lineup 148 (within 5%), spinbit 130 (13% behind), kernel 60 (60% behind). */
    static RealFixture fiveLocks() {
        return new RealFixture("jdk", "go", "lineup", "spinbit", "kernel")
                .cell("platform", 2, 8, "caffeine", 6, 100, 150, 148, 130, 60);
    }

    @Test
    void theBestIsTheHighestRatioToTheReferenceAndTheOthersStandByTheirIntervalAgainstIt() {
        List<CensusCells.Cell> cells = CensusCells.of("a.json", fiveLocks().build());

        assertThat(cells).hasSize(1);
        CensusCells.Cell c = cells.getFirst();
        assertThat(c.key()).isEqualTo(new CensusCells.Key("platform", 2, 8, "caffeine"));
        assertThat(c.best()).isEqualTo("go");
        assertThat(c.locks()).extracting(CensusCells.LockInCell::lock, CensusCells.LockInCell::standing).containsExactly(
                org.assertj.core.groups.Tuple.tuple("jdk", CensusCells.Standing.FAR_BEHIND),
                org.assertj.core.groups.Tuple.tuple("go", CensusCells.Standing.BEST),
                org.assertj.core.groups.Tuple.tuple("lineup", CensusCells.Standing.WITHIN),
                org.assertj.core.groups.Tuple.tuple("spinbit", CensusCells.Standing.BEHIND),
                org.assertj.core.groups.Tuple.tuple("kernel", CensusCells.Standing.FAR_BEHIND));
        assertThat(c.worst().lock()).isEqualTo("kernel");
        assertThat(c.worst().toBest()).isCloseTo(0.4, org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void tooFewBatchesCannotTellAndTheBestIsStillNamed() {
        CensusCells.Cell c = CensusCells.of("a.json", new RealFixture("jdk", "go", "kernel")
                .cell("platform", 2, 8, "queue", 3, 100, 150, 60).build()).getFirst();

        assertThat(c.best()).isEqualTo("go");
        assertThat(c.lock("kernel").orElseThrow().standing()).isEqualTo(CensusCells.Standing.CANNOT_TELL);
        assertThat(c.lock("jdk").orElseThrow().standing()).isEqualTo(CensusCells.Standing.CANNOT_TELL);
    }

    @Test
    void aCellWithAFailedCheckIsAnErrorAndCountsInNoShare() {
        RealResult r = fiveLocks().cellFailing("platform", 2, 8, "pool", 6, 1, 100, 150, 148, 130, 60).build();
        List<CensusCells.Cell> cells = CensusCells.of("a.json", r);

        assertThat(cells).extracting(CensusCells.Cell::isError).containsExactly(false, true);
        assertThat(cells.get(1).error()).contains("not in place");
        assertThat(LitlTable.locks(cells)).allSatisfy(row -> assertThat(row.cells()).isEqualTo(1));
        StringWriter out = new StringWriter();
        LitlTable.print(cells, 1, new PrintWriter(out, true));
        assertThat(out.toString()).contains("1 error cell(s) left out").contains("error: a.json platform P=2 W=8 pool");
    }

    @Test
    void eachCountOfWorkersIsACellOfItsOwn() {
        RealResult r = new RealFixture("jdk", "go").cell("platform", 2, 2, "queue", 6, 100, 50)
                .cell("platform", 2, 32, "queue", 6, 100, 200).build();
        List<CensusCells.Cell> cells = CensusCells.of("a.json", r);

        assertThat(cells).extracting(c -> c.key().workers() + " " + c.best()).containsExactly("2 jdk", "32 go");
    }

    @Test
    void theTableCountsSharesPerLockAndTheSpreadPerProgram() {
        RealResult a = fiveLocks().cell("virtual", 2, 8, "caffeine", 6, 100, 90, 80, 70, 50).build();
        List<CensusCells.Cell> cells = CensusCells.of(Map.of("a.json", a));

        LitlTable.LockRow jdk = LitlTable.locks(cells).getFirst();
        assertThat(jdk.lock()).isEqualTo("jdk");
        assertThat(jdk.cells()).isEqualTo(2);
        assertThat(jdk.best()).isEqualTo(1);
        assertThat(jdk.bestOrWithin()).isEqualTo(1);
        assertThat(jdk.farBehind()).isEqualTo(1);
        LitlTable.ProgramRow caffeine = LitlTable.programs(cells).getFirst();
        assertThat(caffeine.cells()).isEqualTo(2);
        assertThat(caffeine.worst()).isEqualTo("kernel");
        assertThat(caffeine.worstCells()).isEqualTo(2);
        assertThat(caffeine.worstToBest().min()).isCloseTo(0.4, org.assertj.core.data.Offset.offset(0.01));
        assertThat(caffeine.worstToBest().max()).isCloseTo(0.5, org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void thePrintedTablesFitOneHundredColumns() {
        List<CensusCells.Cell> cells = CensusCells.of("results/a-rather-long-name.json", fiveLocks().build());
        StringWriter out = new StringWriter();
        LitlTable.print(cells, 1, new PrintWriter(out, true));

        assertThat(out.toString()).contains("best/<=5%").contains("worst/best (min-max)");
        assertThat(out.toString().lines()).allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(100));
    }
}
