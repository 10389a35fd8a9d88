package dev.mutexlab.real;

import dev.mutexlab.lab.workload.BusyWork;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.io.ModalCloseable;
import org.apache.hc.core5.pool.PoolEntry;
import org.apache.hc.core5.pool.PoolReusePolicy;
import org.apache.hc.core5.pool.PoolStats;
import org.apache.hc.core5.pool.StrictConnPool;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

/**
 * Apache HttpCore 5's {@code StrictConnPool}, the connection pool under its classic and async
 * clients, with few connections for many threads: {@value #ROUTES} routes, thread {@code t} on
 * route {@code t % ROUTES}, each route allowed a quarter as many connections as threads (at least
 * one). An operation leases its route's connection (waiting without limit while none is free),
 * makes one when the entry has none, uses it for the outside work and releases it for reuse. Every
 * lease, release and hand-over to a pending request runs under the pool's one
 * {@code ReentrantLock}.
 *
 * <p>The check: no connection was ever leased to two threads at once (each records its holder and
 * refuses a second), no connection served another route, no route made more than its limit, at the
 * end nothing is leased or pending and every connection made is available, and the uses of all
 * connections add up to the operations.
 */
final class ConnPoolSession implements Session {
    static final int ROUTES = 2;

    /** A stand-in connection: its route, its current holder and its uses. */
    static final class Connection implements ModalCloseable {
        final int route;
        final AtomicInteger holder = new AtomicInteger(-1);
        long uses;

        Connection(int route) {
            this.route = route;
        }

        @Override
        public void close(CloseMode mode) {
        }

        @Override
        public void close() {
        }
    }

    private final int workers;
    private final long outsideSteps;
    private final int perRoute;
    private final StrictConnPool<Integer, Connection> pool;
    private final List<Connection> made = new CopyOnWriteArrayList<>();
    private final long[] sharedLeases;
    private final long[] wrongRoute;
    private final long[] busy;

    ConnPoolSession(int workers, long outsideSteps) {
        this.workers = workers;
        this.outsideSteps = outsideSteps;
        this.perRoute = Math.max(1, workers / 4);
        this.pool = new StrictConnPool<>(perRoute, perRoute * ROUTES, TimeValue.NEG_ONE_MILLISECOND, PoolReusePolicy.LIFO,
                null);
        this.sharedLeases = new long[workers * 16];
        this.wrongRoute = new long[workers * 16];
        this.busy = new long[workers * 16];
    }

    @Override
    public void operate(int thread) throws Exception {
        int route = thread % ROUTES;
        PoolEntry<Integer, Connection> entry = pool.lease(route, null, Timeout.DISABLED, null).get();
        if (!entry.hasConnection()) {
            Connection c = new Connection(route);
            made.add(c);
            entry.assignConnection(c);
        }
        Connection c = entry.getConnection();
        int slot = thread * 16;
        if (c.route != route) {
            wrongRoute[slot]++;
        }
        if (!c.holder.compareAndSet(-1, thread)) {
            sharedLeases[slot]++;
            busy[slot] = BusyWork.spin(busy[slot] | 1, outsideSteps);
            pool.release(entry, true);
            return;
        }
        c.uses++;
        busy[slot] = BusyWork.spin(busy[slot] | 1, outsideSteps);
        c.holder.set(-1);
        pool.release(entry, true);
    }

    @Override
    public String check(long[] opsPerThread) {
        for (int t = 0; t < workers; t++) {
            if (sharedLeases[t * 16] != 0) {
                return "conn-pool: thread " + t + " was leased " + sharedLeases[t * 16] + " connections another thread held";
            }
            if (wrongRoute[t * 16] != 0) {
                return "conn-pool: thread " + t + " was leased " + wrongRoute[t * 16] + " connections of another route";
            }
        }
        for (int route = 0; route < ROUTES; route++) {
            int r = route;
            long ofRoute = made.stream().filter(c -> c.route == r).count();
            if (ofRoute > perRoute) {
                return "conn-pool: route " + route + " made " + ofRoute + " connections, over its limit " + perRoute;
            }
        }
        PoolStats stats = pool.getTotalStats();
        if (stats.getLeased() != 0 || stats.getPending() != 0 || stats.getAvailable() != made.size()) {
            return "conn-pool: " + made.size() + " connections made; at the end " + stats.getLeased() + " leased, "
                    + stats.getPending() + " pending, " + stats.getAvailable() + " available";
        }
        long uses = made.stream().mapToLong(c -> c.uses).sum();
        long ops = 0;
        for (long n : opsPerThread) {
            ops += n;
        }
        if (uses != ops) {
            return "conn-pool: " + ops + " leases, the connections count " + uses + " uses";
        }
        return null;
    }

    @Override
    public void close() {
        pool.close(CloseMode.IMMEDIATE);
    }
}
