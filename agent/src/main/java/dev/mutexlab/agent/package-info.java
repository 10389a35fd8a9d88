/**
 * {@code mutexlab-agent}: a Java agent that swaps the {@code ReentrantLock}s of an unmodified
 * program for mutexlab locks ({@code lock=SPEC}) and profiles hold and wait times per allocation
 * site ({@code profile}), with the JDK's ClassFile API and nothing else.
 *
 * <p>Layer: on top of {@code dev.mutexlab.agent.runtime} (what the rewritten code calls) and the
 * library; nothing in the project depends on it. The whole jar loads on the boot class path.
 *
 * <p>Open first: {@link dev.mutexlab.agent.MutexlabAgent} (premain: options, transformer, exit
 * report), then {@link dev.mutexlab.agent.AgentOptions} (the option syntax),
 * {@link dev.mutexlab.agent.LockRewriter} (the bytecode rewrite),
 * {@link dev.mutexlab.agent.LockTransformer} (which classes, and what happens when one fails),
 * {@link dev.mutexlab.agent.MonitorRewriter} (the probes around {@code synchronized} blocks and methods),
 * {@link dev.mutexlab.agent.ProfileReport} (the JSON of {@code docs/profile-schema.md}) and
 * {@link dev.mutexlab.agent.LockStatTable} (the terminal table). {@code docs/agent.md} is the
 * user's guide.
 */
package dev.mutexlab.agent;
