package dev.mutexlab.agent;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * What the agent did: the sites it rewrote and the classes it left alone, with the reason. Written
 * by the transformer (any class-loading thread) and the before-agent scan; read by the report.
 */
public final class RewriteLog {

    /** A rewritten site; {@code id} is its id in the runtime's {@code Sites}. */
    public record Rewrite(int id, String className, String method, int line, String kind) {
    }

    /** A class left as it was, and why: {@code loaded-before-agent}, {@code excluded}, {@code fair}, {@code failed: ...}. */
    public record Skip(String className, String reason) {
    }

    private final ConcurrentLinkedQueue<Rewrite> rewrites = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Skip> skipped = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<String> monitorClasses = new ConcurrentLinkedQueue<>();

    void rewrote(Rewrite rewrite) {
        rewrites.add(rewrite);
    }

    void skipped(String className, String reason) {
        skipped.add(new Skip(className, reason));
    }

    void rewroteMonitors(String className) {
        monitorClasses.add(className);
    }

    /** The classes whose {@code synchronized} blocks and methods were probed, once each. */
    public List<String> monitorClasses() {
        return List.copyOf(new java.util.LinkedHashSet<>(monitorClasses));
    }

    /** The sites rewritten so far, in the order their classes loaded. */
    public List<Rewrite> rewrites() {
        return List.copyOf(rewrites);
    }

    /**
     * The rewritten sites grouped by place (class, method, line, kind): a class defined twice (by
     * two loaders, or a second definition attempt) has one site id per definition.
     */
    public Map<Rewrite, List<Integer>> rewritesByPlace() {
        Map<Rewrite, List<Integer>> byPlace = new LinkedHashMap<>();
        for (Rewrite r : rewrites) {
            byPlace.computeIfAbsent(new Rewrite(-1, r.className(), r.method(), r.line(), r.kind()),
                    k -> new java.util.ArrayList<>()).add(r.id());
        }
        return byPlace;
    }

    /** The classes skipped so far, once per class and reason. */
    public List<Skip> skipped() {
        Map<String, Skip> unique = new LinkedHashMap<>();
        for (Skip s : skipped) {
            unique.putIfAbsent(s.className() + "\n" + s.reason(), s);
        }
        return List.copyOf(unique.values());
    }
}
