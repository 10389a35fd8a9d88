/**
 * The agent's integration tests: each launches a child JVM with {@code -javaagent} on the packaged
 * jar ({@code *IT} run after {@code package}, in {@code verify}) and checks what the program printed
 * and the JSON report it wrote. The child programs are the {@code *Program} classes.
 */
package dev.mutexlab.agent.it;
