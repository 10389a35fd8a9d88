package dev.mutexlab.agent;

import dev.mutexlab.agent.runtime.Site;
import dev.mutexlab.agent.runtime.Sites;
import dev.mutexlab.agent.runtime.StackSampler;
import dev.mutexlab.agent.runtime.StackSampler.Role;
import dev.mutexlab.agent.runtime.StackSampler.Stack;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The stacks of a profile as the report shows them: per site, a {@code stacks} object in the JSON
 * ({@code docs/profile-schema.md}), and every stack as collapsed stacks, the input of flame-graph
 * tools: one line per stack, {@code frame;frame;...;frame value}, outermost frame first.
 *
 * <p>Collapsed lines start with two frames of their own: the role ({@code waiters}: the stacks of
 * contended acquisitions; {@code holders}: the stacks of releases that kept sampled waiters
 * waiting) and the site (its label, as a stack trace names a frame), so that a flame graph
 * shows each lock's waiters and blamed holders as towers of their own. A frame is
 * {@code class.method}, without its line, so that the calls of one method merge. The value is the
 * wait in nanoseconds (for a holder, the wait it caused): a frame's width is the time it stands for.
 */
final class StackReport {

    /** Sites whose stacks the JSON lists, the hottest first. */
    static final int SITES = 20;
    /** Stacks per site and role that the JSON lists, the most wait first. */
    static final int TOP = 10;

    private final StackSampler sampler = StackSampler.current();
    private int sitesWritten;

    /** Writes site {@code siteId}'s {@code stacks} object, if it has stacks and fewer than {@link #SITES} sites were written. */
    void site(Json j, int siteId) {
        if (sampler == null || sitesWritten >= SITES) {
            return;
        }
        List<Stack> waiters = sampler.stacks(siteId, Role.WAITER);
        List<Stack> holders = sampler.stacks(siteId, Role.HOLDER);
        if (waiters.isEmpty() && holders.isEmpty()) {
            return;
        }
        sitesWritten++;
        j.key("stacks").begin();
        role(j, "waiters", "waiter", waiters, sampler.other(siteId, Role.WAITER));
        role(j, "holders", "holder", holders, sampler.other(siteId, Role.HOLDER));
        j.end();
    }

    private static void role(Json j, String plural, String singular, List<Stack> stacks, Stack other) {
        long walks = other.count();
        long waitNanos = other.waitNanos();
        for (Stack s : stacks) {
            walks += s.count();
            waitNanos += s.waitNanos();
        }
        j.field(singular + "Walks", walks).field(singular + "WaitNanos", waitNanos);
        j.key(plural).beginArray();
        for (Stack s : stacks.subList(0, Math.min(TOP, stacks.size()))) {
            j.begin().field("count", s.count()).field("waitNanos", s.waitNanos());
            j.key("frames").beginArray();
            for (String frame : s.frames()) {
                j.value(frame);
            }
            j.endArray().end();
        }
        j.endArray();
    }

    /** Writes every site's stacks to {@code path} as collapsed stacks (nothing when stacks are off). */
    static void writeCollapsed(Path path) throws IOException {
        StackSampler sampler = StackSampler.current();
        List<String> lines = sampler == null ? List.of() : collapsed(sampler, Sites.all());
        StringBuilder text = new StringBuilder();
        for (String line : lines) {
            text.append(line).append('\n');
        }
        AtomicFile.write(path, text.toString());
    }

    /** The collapsed lines of {@code sites}' stacks in {@code sampler}: by site, waiters then holders, the most wait first. */
    static List<String> collapsed(StackSampler sampler, List<Site> sites) {
        List<String> lines = new ArrayList<>();
        for (Site site : sites) {
            for (Role role : Role.values()) {
                String root = (role == Role.WAITER ? "waiters" : "holders") + ";" + clean(site.label());
                for (Stack s : sampler.stacks(site.id(), role)) {
                    StringBuilder line = new StringBuilder(root);
                    for (int i = s.frames().size() - 1; i >= 0; i--) {
                        line.append(';').append(method(s.frames().get(i)));
                    }
                    lines.add(line.append(' ').append(s.waitNanos()).toString());
                }
            }
        }
        return lines;
    }

    /** {@code pkg.Class.method} of a frame named {@code pkg.Class.method(File.java:12)}. */
    static String method(String frame) {
        int paren = frame.indexOf('(');
        return clean(paren < 0 ? frame : frame.substring(0, paren));
    }

    /** A frame with no separator of the format in it: no {@code ;}, no white space. */
    private static String clean(String frame) {
        return frame.replace(';', ':').replaceAll("\\s", "_");
    }
}
