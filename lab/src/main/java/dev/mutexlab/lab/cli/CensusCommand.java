package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.real.Census;
import dev.mutexlab.lab.real.CensusAgreement;
import dev.mutexlab.lab.real.CensusCells;
import dev.mutexlab.lab.real.CensusPage;
import dev.mutexlab.lab.real.LitlTable;
import dev.mutexlab.lab.real.SiteCensus;
import dev.mutexlab.lab.results.RealResult;
import dev.mutexlab.lab.results.ResultFiles;
import dev.mutexlab.lab.results.UsageException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code mutexlab census}: the census of {@code real} results: which lock, which sites, and whether two runs agree. */
@Command(name = "census", mixinStandardHelpOptions = true, description = {
        "Read 'mutexlab real' results and print: the LiTL table (per lock, the share of cells - thread kind, P, workers, "
        + "workload - where it is the best, the best or within 5%% of it, 5-20%% behind, at least 20%% behind, or cannot "
        + "tell; per program, the spread from the best lock to the worst), all from ratios within batches judged by "
        + "their bootstrap interval;",
        "the site census (each contended lock site, ReentrantLock or monitor, with hold p50/p99, threads waiting against "
        + "CPUs and the share of the run CPUs sat idle while threads waited) and how many programs hold a contended "
        + "lock for microseconds while CPUs sit idle;",
        "then, per file, its lock sites in the seed loop's grid and, with --results, whether the loop predicts the "
        + "real winner.",
        "--against B.json: instead, whether the verdicts of REAL.json and B.json agree, cell by cell."})
public final class CensusCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0..*", arity = "1..*", paramLabel = "REAL.json", description = "'mutexlab real' result files")
    List<Path> reals;

    @Option(names = "--against", paramLabel = "B.json",
            description = "Another run of the same plan: print whether the two runs' verdicts agree (one REAL.json)")
    Path against;

    @Option(names = "--html", paramLabel = "FILE",
            description = "Also write the census as one self-contained HTML page (LiTL table, hold times, programs)")
    Path html;

    @Option(names = "--results", paramLabel = "FILE", split = ",",
            description = "run/sweep result files measured at the sites' shapes (comma-separated or repeated)")
    List<Path> results;

    @Override
    public Integer call() {
        Map<String, RealResult> files = new LinkedHashMap<>();
        for (Path p : reals) {
            files.put(p.toString(), real(p));
        }
        PrintWriter out = spec.commandLine().getOut();
        if (against != null) {
            if (files.size() != 1) {
                throw new UsageException("--against compares one REAL.json with B.json, not " + files.size() + " files");
            }
            String a = reals.getFirst().toString();
            CensusAgreement.print(CensusAgreement.of(a, CensusCells.of(a, files.get(a)), against.toString(),
                    CensusCells.of(against.toString(), real(against))), out);
            return 0;
        }
        List<ResultFiles.Loaded> seedLoop = load(results);
        LitlTable.print(CensusCells.of(files), files.size(), out);
        SiteCensus.print(files, out);
        files.forEach((name, r) -> {
            if (files.size() > 1) {
                out.printf("%n%s:%n", name);
            }
            Census.print(r, seedLoop, out);
        });
        if (html != null) {
            CensusPage.write(files, html);
            out.printf("%nPage: %s%n", html);
        }
        return 0;
    }

    private static RealResult real(Path file) {
        ResultFiles.Loaded loaded = ResultFiles.load(file);
        if (loaded.real() == null) {
            throw new UsageException(file + ": a " + loaded.schema() + " file, not a 'mutexlab real' result");
        }
        return loaded.real();
    }

    /** The run/sweep files named (none: empty); anything else is bad input. */
    static List<ResultFiles.Loaded> load(List<Path> files) {
        if (files == null) {
            return List.of();
        }
        return files.stream().map(f -> {
            ResultFiles.Loaded l = ResultFiles.load(f);
            if (!l.hasShapes()) {
                throw new UsageException(f + ": a " + l.schema() + " file; --results takes run or sweep results");
            }
            return l;
        }).toList();
    }
}
