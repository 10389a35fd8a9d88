/**
 * What the rewritten code calls: the classes a program's {@code new ReentrantLock(..)} becomes, and
 * the profiler's per-thread bookkeeping. These classes load on the boot class path (the agent jar
 * names itself in {@code Boot-Class-Path}), so {@code java.base}'s own rewritten classes
 * ({@code ArrayBlockingQueue}, {@code LinkedBlockingQueue}, ...) can reach them.
 *
 * <p>Layer: the bottom of the agent; it depends on the JDK and the library
 * ({@code dev.mutexlab.locks}) only, never on {@code dev.mutexlab.agent}, which reads its tables
 * when it reports.
 *
 * <p>Open first: {@link dev.mutexlab.agent.runtime.LockFactory} (what a rewritten allocation
 * calls), then {@link dev.mutexlab.agent.runtime.AgentReentrantLock} and
 * {@link dev.mutexlab.agent.runtime.LockProbe} (the timing around an acquisition;
 * {@link dev.mutexlab.agent.runtime.MonitorProbe} around a {@code synchronized} block or method), then
 * {@link dev.mutexlab.agent.runtime.ThreadStats} (where the numbers go), and for the stacks and
 * JFR events of sampled acquisitions {@link dev.mutexlab.agent.runtime.StackSampler} (the
 * sub-package {@code jfr} holds the events).
 * {@link dev.mutexlab.agent.runtime.ReentrantLockHooks} is what the JDK's own {@code ReentrantLock}
 * calls while an attach probes it (the locks made before the attach).
 *
 * <p>Rules every class here keeps: the profiler's bookkeeping takes no lock the agent could have
 * rewritten (it writes plain fields of the current thread's own buffers; the few shared tables use
 * monitors or lock-free j.u.c. classes), allocates nothing on an acquisition once a thread has seen
 * a site, and does its bookkeeping outside the critical section where it can (a hold's end is
 * recorded after the unlock).
 */
package dev.mutexlab.agent.runtime;
