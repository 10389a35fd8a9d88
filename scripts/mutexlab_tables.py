"""Helpers shared by the table scripts in this folder (imported, not run)."""


def fmt_ns(ns):
    """A duration in ns as the tables print it: ms, µs or ns."""
    if ns >= 1e6:
        return f"{ns / 1e6:.1f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.0f} µs"
    return f"{ns:.0f} ns"
