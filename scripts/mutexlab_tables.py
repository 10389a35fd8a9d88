"""Helpers shared by the table scripts in this folder (imported, not run)."""


def fmt_ns(ns):
    """A duration in ns as the tables print it: ms, µs or ns."""
    if ns >= 1e6:
        return f"{ns / 1e6:.1f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.0f} µs"
    return f"{ns:.0f} ns"


def is_lineup(spec):
    """Whether a spec is lineup itself or one of its variants (lineup:policy=..., an A/A copy)."""
    return spec == "lineup" or spec.startswith("lineup:")


def median_range(values):
    """Ratios as the tables print them: median (min–max); a dash for none."""
    import statistics
    return f"{statistics.median(values):.2f} ({min(values):.2f}–{max(values):.2f})" if values else "–"


LINE_CHANGE = 2.0  # Noise.MAX_LINE_CHANGE: line probes further apart than this are two states of the machine


def probes_of(sample):
    """The line probes (ns) a run sample read around its window, before and after; [] where not probed."""
    n = sample.get("noise") or {}
    return [p for p in (n.get("lineBeforeNanos"), n.get("lineAfterNanos"))
            if isinstance(p, (int, float)) and p == p and p > 0]
