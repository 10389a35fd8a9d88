package dev.mutexlab.lab;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the {@code mutexlab} CLI in-process, as tests drive it, and keeps what it printed. */
public record Cli(int exit, String out, String err) {

    public static Cli run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Cli(exit, out.toString(), err.toString());
    }
}
