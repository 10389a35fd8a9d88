package dev.mutexlab.agent;

/** A minimal JSON writer for the report: the agent carries no JSON library. */
final class Json {

    private final StringBuilder out = new StringBuilder(4096);
    private boolean needComma;

    Json begin() {
        comma();
        out.append('{');
        needComma = false;
        return this;
    }

    Json end() {
        out.append('}');
        needComma = true;
        return this;
    }

    Json beginArray() {
        comma();
        out.append('[');
        needComma = false;
        return this;
    }

    Json endArray() {
        out.append(']');
        needComma = true;
        return this;
    }

    Json key(String key) {
        comma();
        string(key);
        out.append(':');
        needComma = false;
        return this;
    }

    Json value(String value) {
        comma();
        if (value == null) {
            out.append("null");
        } else {
            string(value);
        }
        needComma = true;
        return this;
    }

    Json value(long value) {
        comma();
        out.append(value);
        needComma = true;
        return this;
    }

    Json value(double value) {
        comma();
        out.append(Double.isFinite(value) ? Double.toString(value) : "0");
        needComma = true;
        return this;
    }

    Json value(boolean value) {
        comma();
        out.append(value);
        needComma = true;
        return this;
    }

    Json field(String key, String value) {
        return key(key).value(value);
    }

    Json field(String key, long value) {
        return key(key).value(value);
    }

    Json field(String key, double value) {
        return key(key).value(value);
    }

    Json field(String key, boolean value) {
        return key(key).value(value);
    }

    private void comma() {
        if (needComma) {
            out.append(',');
        }
    }

    private void string(String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
