package dev.mutexlab.lab.results;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The configuration a figure of {@code docs/figures.md} claims (its {@code config} cell), checked
 * against the records of the files its derivation reads. A sentence says "4 workers, 0.1–100 µs
 * holds, virtual threads, in two runs"; the files say what they measured, and the two must agree.
 *
 * <p>The cell is {@code key=value} pairs separated by {@code ; }. Facts, which the test computes
 * from the records the derivation selects and which the cell must state exactly when the files
 * give them: {@code threads} ({@code platform}, {@code virtual} or {@code both}), {@code P} (the
 * processors), {@code workers} (or a fairness run's tasks), {@code hold} and {@code outside}
 * ({@code hold} when equal to the hold, else in µs), {@code batches} (a file's batches per
 * lock), {@code runs} (how many result files: separate runs), {@code locks} (the specs the
 * derivation names, numerators and references alike), {@code workloads} (a real-programs file's)
 * and {@code floor} (the busy threads of a stall floor the derivation reads). Claims, which the
 * test checks on the values or the files: {@code every=locks} (the derivation names every lock the
 * files measured; {@code every=locks but A,B} all but those), {@code unmeasured=FIELD} (the selected locks' records have no {@code FIELD}),
 * {@code each>=X} (every value the derivation gives is at least X) and {@code against=floor of N}
 * (a comparison with the stall floor of N busy threads: the shapes must have N workers).
 */
final class FigureConfig {
    private FigureConfig() {}

    /** The figure's claimed configuration, parsed; a cell of {@code –} states none. */
    static Map<String, String> parse(String cell) {
        Map<String, String> out = new LinkedHashMap<>();
        if (cell.isBlank() || cell.equals("–")) {
            return out;
        }
        for (String pair : cell.split("; ")) {
            Matcher m = Pattern.compile("([\\w]+)(>=|=)(.+)").matcher(pair.trim());
            if (!m.matches()) {
                throw new IllegalArgumentException("config '" + pair + "' is not key=value");
            }
            out.put(m.group(2).equals(">=") ? m.group(1) + ">=" : m.group(1), m.group(3).trim());
        }
        return out;
    }

    /** One file a derivation reads and the path it selects there ({@code re:…} for a text file). */
    record Ref(String file, String path) {}

    /** Every file and path a derivation reads, in order. */
    static List<Ref> refs(String derivation) {
        String d = derivation;
        int divide = d.lastIndexOf(" ÷ ");
        if (divide >= 0) {
            d = d.substring(0, divide);
        }
        List<Ref> out = new ArrayList<>();
        for (String part : FiguresDocTest.topLevel(d)) {
            collect(part.trim(), out);
        }
        return out;
    }

    private static void collect(String part, List<Ref> out) {
        Matcher fn = Pattern.compile("^(\\w+)\\((.*)\\)$", Pattern.DOTALL).matcher(part);
        if (fn.matches()) {
            String inner = fn.group(2);
            if (fn.group(1).equals("sameWinners")) {
                for (String file : inner.split(", ")) {
                    if (!file.startsWith("without=")) {
                        out.add(new Ref(file.trim(), "/"));
                    }
                }
                return;
            }
            List<String> parts = fn.group(1).equals("ratio") ? List.of(inner.split(", ", 2)) : FiguresDocTest.topLevel(inner);
            for (String p : parts) {
                collect(p.trim(), out);
            }
            return;
        }
        int space = part.indexOf(' ');
        out.add(new Ref(part.substring(0, space), part.substring(space + 1).trim()));
    }

    /** What the files say about the records the derivation selects (the facts above). */
    static Map<String, String> facts(String derivation) {
        List<Ref> refs = refs(derivation);
        Set<String> files = new LinkedHashSet<>();
        Set<String> threads = new TreeSet<>();
        Set<Long> procs = new TreeSet<>();
        Set<Long> workers = new TreeSet<>();
        Set<Long> holds = new TreeSet<>();
        Set<String> outside = new TreeSet<>();
        Set<Long> batches = new TreeSet<>();
        Set<String> locks = new LinkedHashSet<>();
        Set<String> workloads = new LinkedHashSet<>();
        Set<String> floors = new TreeSet<>();
        boolean rivals = derivation.contains("vsRivals(") || derivation.contains("vsBest");
        for (Ref ref : refs) {
            files.add(ref.file());
            if (ref.path().startsWith("re:") || !ref.file().endsWith(".json")) {
                continue;
            }
            JsonNode root = FiguresDocTest.json(ref.file());
            JsonNode config = root.path("config");
            if (config.has("runs")) {
                batches.add(config.get("runs").asLong());
            }
            if (root.path("schema").asText().startsWith("mutexlab.real/")) {
                config.get("threads").forEach(t -> threads.add(t.asText()));
                config.get("procs").forEach(p -> procs.add(p.asLong()));
                workers.add(config.get("workers").asLong());
                outside.add(micros(config.get("outsideNanos").asLong()));
                config.get("workloads").forEach(w -> workloads.add(w.asText()));
                workloads.removeAll(without(derivation));
                continue;
            }
            String[] segments = ref.path().substring(1).split("/");
            List<JsonNode> group = List.of();
            List<JsonNode> shape = List.of();
            for (int i = 1; i <= segments.length; i++) {
                String prefix = "/" + String.join("/", java.util.Arrays.copyOf(segments, i));
                List<JsonNode> nodes = FiguresDocTest.select(root, prefix);
                if (!nodes.isEmpty() && nodes.stream().allMatch(n -> n.has("threads") && n.has("procs"))) {
                    group = nodes;
                }
                if (!nodes.isEmpty() && nodes.stream().allMatch(n -> n.has("holdNanos") && n.has("workers"))) {
                    shape = nodes;
                }
                Matcher spec = Pattern.compile("(?:params\\.)?(?:spec|lock)=(.+)").matcher(segments[i - 1]);
                if (spec.matches()) {
                    locks.add(spec.group(1));
                }
                Matcher floor = Pattern.compile("threads=(\\d+)").matcher(segments[i - 1]);
                if (i > 1 && segments[i - 2].equals("hiccups") && floor.matches()) {
                    floors.add(floor.group(1) + " threads");
                }
            }
            for (JsonNode g : group) {
                threads.add(g.get("threads").asText());
                procs.add(g.get("procs").asLong());
            }
            for (JsonNode s : shape) {
                workers.add(s.get("workers").asLong());
                holds.add(s.get("holdNanos").asLong());
                outside.add(outside(s.get("holdNanos").asLong(), s.get("outsideNanos").asLong()));
            }
            if (shape.isEmpty() && !group.isEmpty() && config.has("holdNanos") && config.get("holdNanos").isNumber()) {
                workers.add(config.path("tasks").asLong(config.path("workers").asLong()));
                holds.add(config.get("holdNanos").asLong());
                outside.add(outside(config.get("holdNanos").asLong(), config.get("outsideNanos").asLong()));
            }
        }
        if (rivals) {
            locks.add("lineup÷best rival");
        }
        Map<String, String> out = new LinkedHashMap<>();
        if (!threads.isEmpty()) {
            out.put("threads", threads.size() > 1 ? "both" : threads.iterator().next());
        }
        if (!procs.isEmpty()) {
            out.put("P", range(procs, false));
        }
        if (!workers.isEmpty()) {
            out.put("workers", range(workers, false));
        }
        if (!holds.isEmpty()) {
            out.put("hold", range(holds, true));
        }
        if (!outside.isEmpty()) {
            out.put("outside", String.join(",", outside));
        }
        if (!batches.isEmpty()) {
            out.put("batches", range(batches, false));
        }
        out.put("runs", Integer.toString(files.size()));
        if (!locks.isEmpty()) {
            out.put("locks", String.join(",", locks));
        }
        if (!workloads.isEmpty()) {
            out.put("workloads", String.join(",", workloads));
        }
        if (!floors.isEmpty()) {
            out.put("floor", String.join(",", floors));
        }
        return out;
    }

    /** Null when the row's config holds on its files, else what does not. */
    static String check(String config, String derivation, List<Double> values) {
        Map<String, String> claimed;
        try {
            claimed = parse(config);
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        Map<String, String> facts = facts(derivation);
        List<String> wrong = new ArrayList<>();
        for (Map.Entry<String, String> fact : facts.entrySet()) {
            String said = claimed.get(fact.getKey());
            if (said == null) {
                wrong.add("config does not state " + fact.getKey() + " (the files: " + fact.getValue() + ")");
            } else if (!said.equals(fact.getValue())) {
                wrong.add("config says " + fact.getKey() + "=" + said + ", the files " + fact.getValue());
            }
        }
        for (Map.Entry<String, String> claim : claimed.entrySet()) {
            String key = claim.getKey();
            if (facts.containsKey(key)) {
                continue;
            }
            String problem = switch (key) {
                case "every" -> everyLock(derivation, claim.getValue());
                case "unmeasured" -> unmeasured(derivation, claim.getValue(), claimed.get("locks"));
                case "each>=" -> eachAtLeast(values, claim.getValue());
                case "against" -> against(facts, claim.getValue());
                default -> key + " is nothing the files record (facts: " + facts.keySet() + ")";
            };
            if (problem != null) {
                wrong.add(problem);
            }
        }
        String swapped = unswapped(derivation);
        if (swapped != null) {
            wrong.add(swapped);
        }
        return wrong.isEmpty() ? null : String.join("; ", wrong);
    }

    /** {@code every=locks}: the derivation names every lock its files measured. */
    private static String everyLock(String derivation, String what) {
        Matcher but = Pattern.compile("locks(?: but (.+))?").matcher(what);
        if (!but.matches()) {
            return "every=" + what + ": only every=locks and every=locks but A,B are checked";
        }
        Set<String> named = new LinkedHashSet<>();
        if (but.group(1) != null) {
            named.addAll(List.of(but.group(1).split(",")));
        }
        Set<String> measured = new TreeSet<>();
        for (Ref ref : refs(derivation)) {
            Matcher spec = Pattern.compile("(?:params\\.)?(?:spec|lock)=([^/]+)").matcher(ref.path());
            while (spec.find()) {
                named.add(spec.group(1));
            }
            if (!ref.file().endsWith(".json")) {
                continue;
            }
            JsonNode root = FiguresDocTest.json(ref.file());
            if (root.isArray()) { // JMH: the specs of the benchmark the path names
                Matcher bench = Pattern.compile("benchmark=([^/]+)").matcher(ref.path());
                String name = bench.find() ? bench.group(1) : null;
                for (JsonNode b : root) {
                    if (name != null && b.path("benchmark").asText().equals(name) && b.path("params").has("spec")) {
                        measured.add(b.get("params").get("spec").asText());
                    }
                }
            } else {
                root.path("config").path("locks").forEach(l -> measured.add(l.asText()));
            }
        }
        measured.removeAll(named);
        return measured.isEmpty() ? null : "every=" + what + ", but the derivation leaves out " + String.join(", ", measured);
    }

    /** {@code unmeasured=FIELD}: none of the selected shapes' named locks has {@code FIELD}. */
    private static String unmeasured(String derivation, String field, String locks) {
        Set<String> named = locks == null ? Set.of() : Set.of(locks.split(","));
        List<String> found = new ArrayList<>();
        for (Ref ref : refs(derivation)) {
            if (!ref.file().endsWith(".json")) {
                continue;
            }
            String path = ref.path();
            int at = path.indexOf("/locks/");
            String shapes = at >= 0 ? path.substring(0, at) : path;
            for (JsonNode shape : FiguresDocTest.select(FiguresDocTest.json(ref.file()), shapes)) {
                for (JsonNode lock : shape.path("locks")) {
                    if (named.contains(lock.path("spec").asText()) && lock.has(field)) {
                        found.add(lock.get("spec").asText());
                    }
                }
            }
        }
        return found.isEmpty() ? null
                : "unmeasured=" + field + ", but " + ref(derivation) + " records " + field + " for " + String.join(", ", new TreeSet<>(found));
    }

    private static String ref(String derivation) {
        return refs(derivation).get(0).file();
    }

    /** {@code each>=X}: every value is at least X. */
    private static String eachAtLeast(List<Double> values, String bound) {
        double x = Double.parseDouble(bound);
        long below = values.stream().filter(v -> v < x).count();
        return below == 0 ? null : "each>=" + bound + ", but " + below + " of " + values.size() + " values are below it";
    }

    /** {@code against=floor of N}: the shapes compared with a floor of N busy threads have N workers. */
    private static String against(Map<String, String> facts, String what) {
        Matcher m = Pattern.compile("floor of (\\d+)").matcher(what);
        if (!m.matches()) {
            return "against=" + what + ": only 'floor of N' is checked";
        }
        String workers = facts.get("workers");
        return m.group(1).equals(workers) ? null
                : "compared with the stall floor of " + m.group(1) + " busy threads, but the shapes have " + workers + " workers";
    }

    /**
     * A real-programs file of schema 1.0 ran commons-pool2's pool with its own lock in place (the
     * agent left its subclass of {@code ReentrantLock} alone, RESULTS §19): a figure over such a
     * file may not count the pool.
     */
    private static String unswapped(String derivation) {
        for (Ref ref : refs(derivation)) {
            if (!ref.file().endsWith(".json")) {
                continue;
            }
            JsonNode root = FiguresDocTest.json(ref.file());
            if (root.path("schema").asText().equals(RealResult.SCHEMA_1_0) && !without(derivation).contains("pool")) {
                for (JsonNode w : root.path("config").path("workloads")) {
                    if (w.asText().equals("pool")) {
                        return ref.file() + " ran the pool with its own lock (" + RealResult.SCHEMA_1_0
                                + ", RESULTS §19): leave the pool out";
                    }
                }
            }
        }
        return null;
    }

    /** The workloads a real-programs derivation leaves out: {@code without=a,b}. */
    static Set<String> without(String derivation) {
        Matcher m = Pattern.compile("without=([\\w,-]+)").matcher(derivation);
        return m.find() ? new LinkedHashSet<>(List.of(m.group(1).split(","))) : Set.of();
    }

    private static String outside(long holdNanos, long outsideNanos) {
        if (outsideNanos == holdNanos) {
            return "hold";
        }
        if (outsideNanos == 0) {
            return "0";
        }
        if (holdNanos > 0 && outsideNanos % holdNanos == 0) {
            return (outsideNanos / holdNanos) + "×hold";
        }
        return micros(outsideNanos);
    }

    private static String micros(long nanos) {
        return number(nanos / 1000.0) + " µs";
    }

    private static String range(Set<Long> values, boolean micros) {
        long lo = values.iterator().next();
        long hi = lo;
        for (long v : values) {
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        if (micros) {
            return lo == hi ? micros(lo) : number(lo / 1000.0) + "–" + micros(hi);
        }
        return lo == hi ? Long.toString(lo) : lo + "–" + hi;
    }

    private static String number(double value) {
        String s = String.format(Locale.ROOT, "%.3f", value);
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }
}
