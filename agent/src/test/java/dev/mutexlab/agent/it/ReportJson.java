package dev.mutexlab.agent.it;

import com.fasterxml.jackson.databind.JsonNode;

/** Reading the agent's JSON report in the integration tests. */
final class ReportJson {

    private ReportJson() {
    }

    /** The element of {@code array} (sites, rewrites, skips) whose {@code class} is {@code className}, or null. */
    static JsonNode find(JsonNode array, String className) {
        if (array == null) {
            return null;
        }
        for (JsonNode n : array) {
            if (n.get("class").asText().equals(className)) {
                return n;
            }
        }
        return null;
    }
}
