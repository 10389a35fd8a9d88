// Re-judges a result file's stored batches under the verdict rule of the lab as built now: writes a
// copy whose "verdicts" are recomputed from the samples (run, apps, fairness, suite, real); measures nothing.
// The verdicts a result file records are those of the lab that measured it; tables recompute them,
// this writes them back so that scripts/cell-agreement.py can count them.
// Usage (after ./mutexlab has built the lab, or mvn -B -q -pl lab -am package -DskipTests):
//   java -cp 'lab/target/mutexlab-lab.jar:lab/target/lib/*' scripts/Rejudge.java IN.json OUT.json
import dev.mutexlab.lab.compare.CellVerdicts;
import dev.mutexlab.lab.compare.Figures;
import dev.mutexlab.lab.results.AppsResult;
import dev.mutexlab.lab.results.FairnessResult;
import dev.mutexlab.lab.results.RealResult;
import dev.mutexlab.lab.results.ResultFiles;
import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.results.RunResult;
import dev.mutexlab.lab.results.SuiteResult;
import java.nio.file.Path;

static final String USAGE = "usage: java -cp 'lab/target/mutexlab-lab.jar:lab/target/lib/*' scripts/Rejudge.java IN.json OUT.json";

void main(String[] args) {
    if (args.length == 1 && (args[0].equals("-h") || args[0].equals("--help"))) {
        System.out.println(USAGE);
        return;
    }
    if (args.length != 2) {
        System.err.println(USAGE);
        System.exit(2);
    }
    ResultFiles.Loaded in;
    try {
        in = ResultFiles.load(Path.of(args[0]));
    } catch (Exception e) { // a missing, unreadable or foreign file: one line, not a stack trace
        System.err.println("Rejudge: cannot read " + args[0] + ": " + e.getMessage());
        System.exit(2);
        return;
    }
    Object judged = switch (in.result()) {
        case RunResult r -> r.withVerdicts(CellVerdicts.rows(CellVerdicts.of(Figures.ofShapes(r.groups()))));
        case AppsResult r -> r.withVerdicts(CellVerdicts.rows(CellVerdicts.of(Figures.ofApps(r))));
        case FairnessResult r -> r.withVerdicts(CellVerdicts.rows(CellVerdicts.of(Figures.ofFairness(r))));
        case SuiteResult r -> r.withVerdicts(CellVerdicts.rows(CellVerdicts.of(Figures.ofSuite(r))));
        case RealResult r -> r.withVerdicts(CellVerdicts.rows(CellVerdicts.of(Figures.ofApps(r.asApps()))));
        default -> {
            System.err.println(args[0] + ": a " + in.schema() + " file records no verdicts");
            System.exit(2);
            yield null;
        }
    };
    try {
        ResultIO.writeJson(Path.of(args[1]), judged);
    } catch (Exception e) {
        System.err.println("Rejudge: cannot write " + args[1] + ": " + e.getMessage());
        System.exit(2);
    }
}
