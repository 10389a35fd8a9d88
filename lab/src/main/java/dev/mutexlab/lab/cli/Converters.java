package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.config.Durations;
import dev.mutexlab.lab.config.LabLock;
import dev.mutexlab.lab.config.Outside;
import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.gobench.Launcher;
import dev.mutexlab.lab.torture.TortureEngine;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * The type converters of every option: one grammar per kind of value, so that {@code --duration 10m}
 * or {@code --locks go:threshold=0} mean the same in every command. A bad value, an empty list element
 * ({@code --hold 1us,,3us}) included, is one line and exit status 2.
 */
final class Converters {
    private Converters() {
    }

    /** {@link Durations}: {@code 100ns}, {@code 10us}, {@code 400ms}, {@code 30s}, {@code 10m}, {@code 1h}, {@code 0}. */
    static final class DurationConverter implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            return convertOrFail(() -> Durations.parse(value));
        }
    }

    /** A lab lock spec, checked as {@link LabLock#parse} checks it. */
    static final class LabLockConverter implements ITypeConverter<LabLock> {
        @Override
        public LabLock convert(String value) {
            return convertOrFail(() -> LabLock.parse(value));
        }
    }

    /** A lock spec for torture: a library lock, or one of the broken controls ({@code busted}) only torture takes. */
    static final class TortureSpecConverter implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            return convertOrFail(() -> {
                TortureEngine.validate(List.of(value.trim()));
                return value.trim();
            });
        }
    }

    /** {@code platform} or {@code virtual}. */
    static final class ThreadKindConverter implements ITypeConverter<ThreadKind> {
        @Override
        public ThreadKind convert(String value) {
            return convertOrFail(() -> ThreadKind.parse(value));
        }
    }

    /** Work outside the lock: a duration or a multiple of the hold ({@code 1x}). */
    static final class OutsideConverter implements ITypeConverter<Outside> {
        @Override
        public Outside convert(String value) {
            return convertOrFail(() -> Outside.parse(value));
        }
    }

    /** A processor count: a positive number or {@code all} (the CPUs this process may use). */
    static final class ProcsConverter implements ITypeConverter<Integer> {
        /** 'all': the machine's CPUs, counted where the counts are clipped ({@link ProcsOption#clip(int)}). */
        static final int ALL = 0;

        @Override
        public Integer convert(String value) {
            String t = value.trim();
            if (t.equals("all")) {
                return ALL;
            }
            return convertOrFail(() -> {
                int p = Integer.parseInt(t);
                if (p < 1) {
                    throw new IllegalArgumentException("procs must be at least 1, got " + p);
                }
                return p;
            });
        }
    }

    /** Go's {@code -benchtime}: a duration ({@code 1s}) or a fixed iteration count ({@code 1000x}). */
    static final class BenchTimeConverter implements ITypeConverter<Launcher.BenchTime> {
        @Override
        public Launcher.BenchTime convert(String value) {
            String t = value.trim();
            if (t.endsWith("x")) {
                long n = convertOrFail(() -> Long.parseLong(t.substring(0, t.length() - 1)));
                if (n < 1) {
                    throw new TypeConversionException("the count must be at least 1x");
                }
                return new Launcher.BenchTime(0, n);
            }
            Duration d = convertOrFail(() -> Durations.parse(t));
            if (d.isZero()) {
                throw new TypeConversionException("must be positive");
            }
            return new Launcher.BenchTime(d.toNanos(), 0);
        }
    }

    private static <T> T convertOrFail(java.util.function.Supplier<T> parse) {
        try {
            return parse.get();
        } catch (NumberFormatException e) {
            throw new TypeConversionException("not a number (" + e.getMessage() + ")");
        } catch (RuntimeException e) { // IllegalArgumentException or UsageException, each with one line
            throw new TypeConversionException(e.getMessage());
        }
    }
}
