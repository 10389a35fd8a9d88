package dev.mutexlab.agent.it;

import ch.qos.logback.core.ContextBase;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.encoder.EchoEncoder;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.reflect.Field;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Child program: logback's FileAppender written to by 8 threads; then, while main holds the
 * appender's lock, a thread that appends waits, and main prints the lock its thread info names.
 * Args: FILE LINES_PER_THREAD.
 */
public final class LogbackProgram {

    public static void main(String[] args) throws Exception {
        String file = args[0];
        int lines = Integer.parseInt(args[1]);
        FileAppender<String> appender = new FileAppender<>();
        appender.setContext(new ContextBase());
        appender.setFile(file);
        appender.setEncoder(new EchoEncoder<>());
        appender.start();
        int threads = 8;
        CountDownLatch go = new CountDownLatch(1);
        Thread[] writers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int id = t;
            writers[t] = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < lines; i++) {
                    appender.doAppend("t" + id + " line " + i);
                }
            });
            writers[t].start();
        }
        go.countDown();
        for (Thread w : writers) {
            w.join();
        }

        Field field = ch.qos.logback.core.OutputStreamAppender.class.getDeclaredField("streamWriteLock");
        field.setAccessible(true);
        ReentrantLock lock = (ReentrantLock) field.get(appender);
        System.out.println("LOCKCLASS=" + lock.getClass().getName());
        lock.lock();
        Thread waiter = new Thread(() -> appender.doAppend("waiter line"), "waiter");
        String lockName = null;
        try {
            waiter.start();
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (System.nanoTime() < deadline) {
                ThreadInfo info = ManagementFactory.getThreadMXBean().getThreadInfo(waiter.getId(), 32);
                if (info != null && info.getLockName() != null
                        && (info.getThreadState() == Thread.State.WAITING || info.getThreadState() == Thread.State.TIMED_WAITING)) {
                    lockName = info.getLockName();
                    break;
                }
                Thread.sleep(1);
            }
        } finally {
            lock.unlock();
        }
        waiter.join();
        appender.stop();
        System.out.println("WAITING_ON=" + lockName);
    }
}
