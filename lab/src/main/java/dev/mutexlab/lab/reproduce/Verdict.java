package dev.mutexlab.lab.reproduce;

/** How a claim fares on this machine; the rules are in {@link Verdicts} and docs/verdicts.md. */
public enum Verdict {
    HOLDS("holds"),
    HOLDS_IN_DIRECTION("holds in direction"),
    DOES_NOT_HOLD("does not hold"),
    CANNOT_TELL("cannot tell here");

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    /** The verdict as the page and the summary write it. */
    public String label() {
        return label;
    }
}
