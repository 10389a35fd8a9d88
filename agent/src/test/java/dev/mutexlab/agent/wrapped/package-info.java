/**
 * A program's code as the stack tests see it: a wrapper that allocates one lock for many callers
 * ({@link dev.mutexlab.agent.wrapped.AutoLock}, after Jetty's) and its callers. A package of its
 * own, outside the agent's runtime, because the stacks drop the runtime's frames.
 */
package dev.mutexlab.agent.wrapped;
