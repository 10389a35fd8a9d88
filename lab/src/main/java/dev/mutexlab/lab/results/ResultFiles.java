package dev.mutexlab.lab.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.mutexlab.lab.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads a result file of either kind the lab writes — {@code mutexlab.run/1} or
 * {@code mutexlab.sweep/1} — for the commands that read them back ({@code report}, {@code compare}).
 * Anything else (another schema, a torture report, truncated or corrupt JSON, a file missing its
 * groups) is bad input: {@link UsageException} with one line naming the file and the problem.
 */
public final class ResultFiles {
    private ResultFiles() {
    }

    /**
     * A result file read back.
     *
     * @param file    where it was read from
     * @param schema  its schema
     * @param run     the run result (null for a sweep)
     * @param sweep   the sweep result (null for a run)
     */
    public record Loaded(Path file, String schema, RunResult run, SweepResult sweep) {
        public boolean isSweep() {
            return sweep != null;
        }

        public List<GroupResult> groups() {
            return isSweep() ? sweep.groups() : run.groups();
        }

        public Machine machine() {
            return isSweep() ? sweep.machine() : run.machine();
        }

        public RunResult.Config config() {
            return isSweep() ? sweep.config() : run.config();
        }

        public String command() {
            return isSweep() ? sweep.command() : run.command();
        }

        public String createdAt() {
            return isSweep() ? sweep.createdAt() : run.createdAt();
        }
    }

    /** Reads {@code file}; throws {@link UsageException} naming the file on any problem. */
    public static Loaded load(Path file) {
        JsonNode root;
        try {
            if (Files.isDirectory(file)) {
                throw new UsageException(file + ": is a folder, not a result file");
            }
            root = ResultIO.json().readTree(Files.readAllBytes(file));
        } catch (NoSuchFileException e) {
            throw new UsageException(file + ": no such file");
        } catch (JsonProcessingException e) {
            throw new UsageException(file + ": corrupt or truncated JSON (" + e.getOriginalMessage().lines().findFirst()
                    .orElse("parse error") + ")");
        } catch (IOException e) {
            throw new UsageException(file + ": cannot be read (" + e.getMessage() + ")");
        }
        if (root == null || root.isMissingNode() || !root.isObject()) {
            throw new UsageException(file + ": not a mutexlab result file (" + (root == null || root.isMissingNode()
                    ? "empty" : "not a JSON object") + ")");
        }
        String schema = root.path("schema").asText("");
        try {
            Loaded loaded = switch (schema) {
                case RunResult.SCHEMA -> new Loaded(file, schema, ResultIO.json().treeToValue(root, RunResult.class), null);
                case SweepResult.SCHEMA -> new Loaded(file, schema, null, ResultIO.json().treeToValue(root, SweepResult.class));
                case "" -> throw new UsageException(file + ": not a mutexlab result file (no \"schema\" field)");
                case "mutexlab.torture/1" -> throw new UsageException(file + ": a torture report (" + schema
                        + "), not a run or sweep result");
                default -> throw new UsageException(file + ": unsupported schema '" + schema + "' (expected "
                        + RunResult.SCHEMA + " or " + SweepResult.SCHEMA + ")");
            };
            if (loaded.groups() == null || loaded.config() == null || loaded.groups().stream().anyMatch(g -> g.shapes() == null)) {
                throw new UsageException(file + ": incomplete " + schema + " file (no groups, shapes or config)");
            }
            return loaded;
        } catch (JsonProcessingException e) {
            throw new UsageException(file + ": a " + schema + " file with fields of the wrong type");
        }
    }
}
