package dev.mutexlab.lab.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads a result file of any kind the lab measures — {@code mutexlab.run/1.2}, {@code /1.1} and {@code /1},
 * {@code mutexlab.sweep/1.2}, {@code /1.1} and {@code /1},
 * {@code mutexlab.suite/1.1} and {@code /1}, {@code mutexlab.fairness/1.1} and {@code /1}, {@code mutexlab.apps/1.1} and {@code /1},
 * {@code mutexlab.real/1.1} and {@code /1} — for the commands that read them back
 * ({@code report}, {@code compare}). Anything else (another schema, a torture report, truncated or
 * corrupt JSON, a file missing its groups) is bad input: {@link UsageException} with one line naming
 * the file and the problem.
 */
public final class ResultFiles {
    /** The schemas {@link #load} reads. */
    public static final List<String> SCHEMAS = List.of(RunResult.SCHEMA, RunResult.SCHEMA_1_1, RunResult.SCHEMA_1_0,
            SweepResult.SCHEMA, SweepResult.SCHEMA_1_1, SweepResult.SCHEMA_1_0, SuiteResult.SCHEMA, SuiteResult.SCHEMA_1_0, FairnessResult.SCHEMA,
            FairnessResult.SCHEMA_1_0, AppsResult.SCHEMA, AppsResult.SCHEMA_1_0, RealResult.SCHEMA,
            RealResult.SCHEMA_1_0);

    private ResultFiles() {
    }

    /**
     * A result file read back.
     *
     * @param file    where it was read from
     * @param schema  its schema
     * @param result  a {@link RunResult}, {@link SweepResult}, {@link SuiteResult}, {@link FairnessResult},
     *                {@link AppsResult} or {@link RealResult}
     */
    public record Loaded(Path file, String schema, Result result) {
        public RunResult run() {
            return result instanceof RunResult r ? r : null;
        }

        public SweepResult sweep() {
            return result instanceof SweepResult r ? r : null;
        }

        public SuiteResult suite() {
            return result instanceof SuiteResult r ? r : null;
        }

        public FairnessResult fairness() {
            return result instanceof FairnessResult r ? r : null;
        }

        /** An apps result, or a real-programs result's samples seen as one (same samples, same charts). */
        public AppsResult apps() {
            return result instanceof AppsResult r ? r : result instanceof RealResult r ? r.asApps() : null;
        }

        public RealResult real() {
            return result instanceof RealResult r ? r : null;
        }

        public boolean isSweep() {
            return sweep() != null;
        }

        /** Whether it holds shapes (a run or a sweep), which the shape charts and {@link #config()} need. */
        public boolean hasShapes() {
            return run() != null || sweep() != null;
        }

        /** The shape groups of a run or sweep; empty for the others. */
        public List<GroupResult> groups() {
            return isSweep() ? sweep().groups() : run() != null ? run().groups() : List.of();
        }

        public Machine machine() {
            return result.machine();
        }

        /** The configuration of a run or sweep; null for the others. */
        public RunResult.Config config() {
            return isSweep() ? sweep().config() : run() != null ? run().config() : null;
        }

        public String command() {
            return result.command();
        }

        public String createdAt() {
            return result.createdAt();
        }

        /** Whether the parts a reader needs are there. */
        boolean complete() {
            return switch (result) {
                case SuiteResult r -> r.config() != null && r.groups() != null
                        && r.groups().stream().allMatch(g -> g.measurements() != null);
                case FairnessResult r -> r.config() != null && r.groups() != null
                        && r.groups().stream().allMatch(g -> g.samples() != null);
                case AppsResult r -> r.config() != null && r.groups() != null
                        && r.groups().stream().allMatch(g -> g.samples() != null);
                case RealResult r -> r.config() != null && r.groups() != null && r.profiles() != null
                        && r.groups().stream().allMatch(g -> g.samples() != null);
                default -> groups() != null && config() != null && groups().stream().allMatch(g -> g.shapes() != null);
            };
        }
    }

    /** Reads {@code file} (gzipped if its name ends in {@code .gz}); throws {@link UsageException} naming the file on any problem. */
    public static Loaded load(Path file) {
        JsonNode root;
        try {
            if (Files.isDirectory(file)) {
                throw new UsageException(file + ": is a folder, not a result file");
            }
            root = ResultIO.json().readTree(ResultIO.readBytes(file));
        } catch (NoSuchFileException e) {
            throw new UsageException(file + ": no such file");
        } catch (JsonProcessingException e) {
            throw new UsageException(file + ": corrupt or truncated JSON (" + e.getOriginalMessage().lines().findFirst()
                    .orElse("parse error") + ")");
        } catch (IOException e) {
            throw new UsageException(file + ": cannot be read (" + (e.getMessage() != null ? e.getMessage()
                    : file.getFileName().toString().endsWith(".gz") ? "a truncated gzip stream" : e.getClass().getSimpleName()) + ")");
        }
        if (root == null || root.isMissingNode() || !root.isObject()) {
            throw new UsageException(file + ": not a mutexlab result file (" + (root == null || root.isMissingNode()
                    ? "empty" : "not a JSON object") + ")");
        }
        String schema = root.path("schema").asText("");
        try {
            Loaded loaded = switch (schema) {
                case RunResult.SCHEMA, RunResult.SCHEMA_1_1, RunResult.SCHEMA_1_0 -> new Loaded(file, schema, ResultIO.json().treeToValue(root, RunResult.class));
                case SweepResult.SCHEMA, SweepResult.SCHEMA_1_1, SweepResult.SCHEMA_1_0 -> new Loaded(file, schema, ResultIO.json().treeToValue(root, SweepResult.class));
                case SuiteResult.SCHEMA, SuiteResult.SCHEMA_1_0 -> new Loaded(file, schema, ResultIO.json().treeToValue(root, SuiteResult.class));
                case FairnessResult.SCHEMA, FairnessResult.SCHEMA_1_0 -> new Loaded(file, schema, ResultIO.json().treeToValue(root, FairnessResult.class));
                case AppsResult.SCHEMA, AppsResult.SCHEMA_1_0 -> new Loaded(file, schema, ResultIO.json().treeToValue(root, AppsResult.class));
                case RealResult.SCHEMA, RealResult.SCHEMA_1_0 -> new Loaded(file, schema, ResultIO.json().treeToValue(root, RealResult.class));
                case "" -> throw new UsageException(file + ": not a mutexlab result file (no \"schema\" field)");
                case "mutexlab.torture/1" -> throw new UsageException(file + ": a torture report (" + schema
                        + "), not a measurement result");
                default -> throw new UsageException(file + ": unsupported schema '" + schema + "' (expected one of "
                        + String.join(", ", SCHEMAS) + ")");
            };
            if (!loaded.complete()) {
                throw new UsageException(file + ": incomplete " + schema + " file (no groups, shapes or config)");
            }
            return loaded;
        } catch (JsonProcessingException e) {
            throw new UsageException(file + ": a " + schema + " file with fields of the wrong type");
        }
    }
}
