package dev.mutexlab.real;

import dev.mutexlab.lab.workload.BusyWork;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.commons.pool2.BasePooledObjectFactory;
import org.apache.commons.pool2.PooledObject;
import org.apache.commons.pool2.impl.DefaultPooledObject;
import org.apache.commons.pool2.impl.GenericObjectPool;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;

/**
 * commons-pool2's {@code GenericObjectPool} with half as many objects as threads: borrow (waiting
 * while none is idle, without a time limit), use the object for the outside work, return it. The
 * idle objects sit in the pool's own {@code LinkedBlockingDeque}, whose lock is a
 * {@code ReentrantLock} subclass with two conditions. JMX registration is off (no MBean server).
 *
 * <p>The check: no object was ever held by two threads at once (each object records its borrower
 * and refuses a second), at the end none is active and every object made is idle, and the uses
 * of all objects add up to the operations.
 */
final class PoolSession implements Session {
    /** One pooled object: its current borrower and its uses. */
    static final class Resource {
        final AtomicInteger borrower = new AtomicInteger(-1);
        long uses;
    }

    private final int workers;
    private final long outsideSteps;
    private final int objects;
    private final List<Resource> made = new CopyOnWriteArrayList<>();
    private final GenericObjectPool<Resource> pool;
    private final long[] sharedBorrows;
    private final long[] busy;

    PoolSession(int workers, long outsideSteps) {
        this.workers = workers;
        this.outsideSteps = outsideSteps;
        this.objects = Math.max(1, workers / 2);
        GenericObjectPoolConfig<Resource> config = new GenericObjectPoolConfig<>();
        config.setMaxTotal(objects);
        config.setMaxIdle(objects);
        config.setMinIdle(0);
        config.setBlockWhenExhausted(true);
        config.setJmxEnabled(false);
        this.pool = new GenericObjectPool<>(new BasePooledObjectFactory<>() {
            @Override
            public Resource create() {
                Resource r = new Resource();
                made.add(r);
                return r;
            }

            @Override
            public PooledObject<Resource> wrap(Resource r) {
                return new DefaultPooledObject<>(r);
            }
        }, config);
        this.sharedBorrows = new long[workers * 16];
        this.busy = new long[workers * 16];
    }

    @Override
    public void operate(int thread) throws Exception {
        Resource r = pool.borrowObject();
        int slot = thread * 16;
        if (!r.borrower.compareAndSet(-1, thread)) {
            sharedBorrows[slot]++;
            busy[slot] = BusyWork.spin(busy[slot] | 1, outsideSteps);
            pool.returnObject(r);
            return;
        }
        r.uses++;
        busy[slot] = BusyWork.spin(busy[slot] | 1, outsideSteps);
        r.borrower.set(-1);
        pool.returnObject(r);
    }

    @Override
    public String check(long[] opsPerThread) {
        for (int t = 0; t < workers; t++) {
            if (sharedBorrows[t * 16] != 0) {
                return "pool: thread " + t + " was lent " + sharedBorrows[t * 16] + " objects another thread held";
            }
        }
        if (made.size() > objects) {
            return "pool: " + made.size() + " objects made, over maxTotal " + objects;
        }
        if (pool.getNumActive() != 0 || pool.getNumIdle() != made.size()) {
            return "pool: " + made.size() + " objects made; at the end " + pool.getNumActive() + " active, "
                    + pool.getNumIdle() + " idle";
        }
        long uses = made.stream().mapToLong(r -> r.uses).sum();
        long ops = 0;
        for (long n : opsPerThread) {
            ops += n;
        }
        if (uses != ops) {
            return "pool: " + ops + " borrows, the objects count " + uses + " uses";
        }
        return null;
    }

    @Override
    public void close() {
        pool.close();
    }
}
