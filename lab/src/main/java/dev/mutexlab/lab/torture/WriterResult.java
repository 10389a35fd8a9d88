package dev.mutexlab.lab.torture;

/**
 * One writer slot's totals. A slot keeps its counts when its thread crashes and is replaced.
 *
 * @param id           the slot number
 * @param kind         {@code platform} or {@code virtual}
 * @param acquisitions successful outermost acquisitions
 * @param replacements how many times the slot's thread crashed (injected) and was replaced
 * @param stuck        whether the slot's thread was left stuck in an acquisition
 */
public record WriterResult(int id, String kind, long acquisitions, int replacements, boolean stuck) {
}
