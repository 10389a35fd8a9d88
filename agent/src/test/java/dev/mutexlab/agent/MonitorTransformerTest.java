package dev.mutexlab.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class MonitorTransformerTest {

    /** A program's class with monitors (the agent's own package is never probed, so not one of this package's). */
    private static final String NAME = dev.mutexlab.agent.it.MonitorProgram.class.getName().replace('.', '/');
    private static final ClassLoader APP = MonitorTransformerTest.class.getClassLoader();

    private static byte[] bytes() throws Exception {
        try (InputStream in = APP.getResourceAsStream(NAME + ".class")) {
            return in.readAllBytes();
        }
    }

    private static MonitorTransformer transformer(String options, RewriteLog log) throws BadOptionException {
        return new MonitorTransformer(AgentOptions.parse(options), log, null);
    }

    @Test
    void theProgramsClassIsProbedAndLogged() throws Exception {
        RewriteLog log = new RewriteLog();
        assertThat(transformer("profile", log).transform(null, APP, NAME, null, null, bytes())).isNotNull();
        assertThat(log.monitorClasses()).containsExactly(NAME.replace('/', '.'));
        assertThat(log.skipped()).isEmpty();
    }

    @Test
    void theJdksClassesAndTheAgentsAreNeverProbed() throws Exception {
        RewriteLog log = new RewriteLog();
        MonitorTransformer t = transformer("profile", log);
        byte[] bytes = bytes();
        assertThat(t.transform(null, null, NAME, null, null, bytes)).as("boot loader").isNull();
        assertThat(t.transform(null, ClassLoader.getPlatformClassLoader(), NAME, null, null, bytes)).as("platform loader").isNull();
        for (String name : new String[] {"java/util/Foo", "jdk/internal/Foo", "sun/misc/Foo", "com/sun/Foo", "javax/Foo",
                "dev/mutexlab/agent/Foo", "dev/mutexlab/agent/runtime/Foo", "dev/mutexlab/agent/bundled/asm/Foo"}) {
            assertThat(t.transform(null, APP, name, null, null, bytes)).as(name).isNull();
        }
        assertThat(log.monitorClasses()).isEmpty();
    }

    @Test
    void excludeLeavesAClassAlone() throws Exception {
        RewriteLog log = new RewriteLog();
        assertThat(transformer("profile,exclude=dev.mutexlab.agent.it", log)
                .transform(null, APP, NAME, null, null, bytes())).isNull();
        assertThat(log.monitorClasses()).isEmpty();
    }

    @Test
    void aClassThatCannotBeReadLoadsAsItWasAndIsReported() throws Exception {
        RewriteLog log = new RewriteLog();
        byte[] cut = Arrays.copyOf(bytes(), 40);
        assertThat(transformer("profile", log).transform(null, APP, NAME, null, null, cut)).isNull();
        assertThat(log.skipped()).singleElement()
                .satisfies(s -> assertThat(s.reason()).startsWith("monitors failed: "));
    }
}
