package dev.mutexlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;

/**
 * Opens a page of the lab's in headless Chromium and reads back what its script marked on the DOM
 * ({@link HtmlReport}): the points each canvas drew and any uncaught script error. Without Chromium
 * a test is skipped on a developer's machine and fails on CI (environment variable CI set), which
 * must have it (.ci/run installs it).
 */
public final class HeadlessChromium {
    private static final Pattern CANVAS = Pattern.compile("<canvas id=\"([^\"]+)\"([^>]*)>");
    private static final Pattern RENDERED = Pattern.compile("data-rendered=\"(\\d+)\"");
    private static final Pattern ERRORS = Pattern.compile("<html[^>]*data-script-errors=\"([^\"]*)\"");

    private HeadlessChromium() {
    }

    /** The page's DOM after its scripts ran (up to 10 s of virtual time); {@code profile} is a scratch folder. */
    public static String dumpDom(Path html, Path profile) throws Exception {
        String chromium = find();
        if (chromium == null) {
            assertThat(onCi()).as("CI must have chromium (.ci/run installs it)").isFalse();
            Assumptions.abort("no chromium on this machine");
        }
        Process p = new ProcessBuilder(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--user-data-dir=" + profile, "--virtual-time-budget=10000", "--dump-dom", html.toUri().toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String dom = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return dom;
    }

    /** Each canvas of {@code dom} by id, with the points its chart drew (-1: it drew nothing). */
    public static Map<String, Integer> pointsDrawn(String dom) {
        Map<String, Integer> drawn = new LinkedHashMap<>();
        Matcher m = CANVAS.matcher(dom);
        while (m.find()) {
            Matcher r = RENDERED.matcher(m.group(2));
            drawn.put(m.group(1), r.find() ? Integer.parseInt(r.group(1)) : -1);
        }
        return drawn;
    }

    /** The uncaught script errors the page recorded, or "" when there were none. */
    public static String scriptErrors(String dom) {
        Matcher m = ERRORS.matcher(dom);
        return m.find() ? m.group(1) : "";
    }

    /** Asserts that the page ran without a script error and that every canvas drew points, and that it has one. */
    public static void assertEveryChartDrew(String dom) {
        assertThat(scriptErrors(dom)).as("script errors").isEmpty();
        Map<String, Integer> drawn = pointsDrawn(dom);
        assertThat(drawn).isNotEmpty();
        assertThat(dom).contains("data-charts-rendered=\"" + drawn.size() + "\"");
        drawn.forEach((id, points) -> assertThat(points).as(id + " points drawn").isPositive());
    }

    static boolean onCi() {
        String ci = System.getenv("CI");
        return ci != null && !ci.isBlank() && !ci.equalsIgnoreCase("false");
    }

    private static String find() {
        for (String name : new String[] {"chromium", "chromium-browser", "google-chrome"}) {
            for (String d : System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)) {
                if (Files.isExecutable(Path.of(d, name))) {
                    return Path.of(d, name).toString();
                }
            }
        }
        return null;
    }
}
