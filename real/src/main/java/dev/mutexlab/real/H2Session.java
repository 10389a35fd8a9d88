package dev.mutexlab.real;

import dev.mutexlab.lab.workload.BusyWork;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * H2, embedded, in memory ({@code jdbc:h2:mem:}), on its MVStore engine: {@value #ACCOUNTS}
 * accounts of {@value #OPENING_BALANCE} each, and a JDBC connection for every two workers (at
 * least one), shared by them as H2 allows: each statement runs under its connection's
 * {@code JdbcConnection} lock and its session's ({@code org.h2.engine.Session}), both nonfair
 * {@code ReentrantLock}s, so the two workers of a connection take turns at them for a whole
 * statement's execution. The store's own {@code storeLock} is a fair {@code ReentrantLock}, which
 * the agent keeps as the JDK's ({@code fair=keep}); a connection of its own per worker would leave
 * nothing swapped that two threads contend for.
 *
 * <p>An operation moves 1–9 units from one random account to another, in auto-commit (a shared
 * connection carries no transaction of one worker's): read the source's balance, debit it, credit
 * the destination, insert a ledger row naming the worker and its sequence number. Each statement
 * commits alone and locks one row at most, so no two operations wait on each other in a cycle; a
 * row lock that waits gives up after {@value #LOCK_TIMEOUT_MILLIS} ms, which fails the workload.
 *
 * <p>The first statements parse and compile much of H2, which takes longer than a short warm-up
 * window: before the measurement starts, a platform thread per worker makes
 * {@value #WARM_TRANSFERS} transfers on that worker's statements, all at once, recorded in the
 * ledger as worker {@code workers + t}, so that the window sees steady transfers.
 *
 * <p>The check, once every worker has stopped: the balances add up to the opening total; every
 * account's balance is its opening balance plus the ledger's credits minus its debits; the rows'
 * move counts add up to two per transfer, warm-up included; and per worker, the ledger holds
 * sequence numbers {@code 0..n-1} once each, n being the operations the harness counted (and
 * {@code 0..WARM_TRANSFERS-1} for each warm-up stand-in).
 */
final class H2Session implements Session {
    static final int ACCOUNTS = 64;
    static final long OPENING_BALANCE = 1_000_000;
    static final long LOCK_TIMEOUT_MILLIS = 10_000;
    /** Transfers each worker's stand-in makes before the measurement. */
    static final int WARM_TRANSFERS = 200;

    private static final AtomicLong DATABASES = new AtomicLong();

    private final int workers;
    private final long outsideSteps;
    private final Connection admin;
    private final Connection[] connections;
    private final PreparedStatement[] balance;
    private final PreparedStatement[] debit;
    private final PreparedStatement[] credit;
    private final PreparedStatement[] record;
    private final SplittableRandom[] random;
    private final long[] next;
    private final long[] busy;

    H2Session(int workers, long outsideSteps, long seed) throws SQLException {
        this.workers = workers;
        this.outsideSteps = outsideSteps;
        String url = "jdbc:h2:mem:mutexlab-" + DATABASES.incrementAndGet() + ";LOCK_TIMEOUT=" + LOCK_TIMEOUT_MILLIS;
        this.admin = DriverManager.getConnection(url, "sa", "");
        try (Statement s = admin.createStatement()) {
            s.execute("CREATE TABLE account(id INT PRIMARY KEY, balance BIGINT NOT NULL, moves BIGINT NOT NULL)");
            s.execute("CREATE TABLE ledger(worker INT NOT NULL, seq BIGINT NOT NULL, src INT NOT NULL, dst INT NOT NULL,"
                    + " amount BIGINT NOT NULL, PRIMARY KEY (worker, seq))");
            s.execute("INSERT INTO account SELECT X - 1, " + OPENING_BALANCE + ", 0 FROM SYSTEM_RANGE(1, " + ACCOUNTS + ")");
        }
        this.connections = new Connection[Math.max(1, workers / 2)];
        for (int c = 0; c < connections.length; c++) {
            connections[c] = DriverManager.getConnection(url, "sa", "");
        }
        this.balance = new PreparedStatement[workers];
        this.debit = new PreparedStatement[workers];
        this.credit = new PreparedStatement[workers];
        this.record = new PreparedStatement[workers];
        this.random = new SplittableRandom[workers];
        for (int t = 0; t < workers; t++) {
            Connection c = connections[t % connections.length];
            balance[t] = c.prepareStatement("SELECT balance FROM account WHERE id = ?");
            debit[t] = c.prepareStatement("UPDATE account SET balance = balance - ?, moves = moves + 1 WHERE id = ?");
            credit[t] = c.prepareStatement("UPDATE account SET balance = balance + ?, moves = moves + 1 WHERE id = ?");
            record[t] = c.prepareStatement("INSERT INTO ledger(worker, seq, src, dst, amount) VALUES (?, ?, ?, ?, ?)");
            random[t] = new SplittableRandom(seed + t);
        }
        this.next = new long[workers * 16];
        this.busy = new long[workers * 16];
        warmUp();
    }

    private void warmUp() throws SQLException {
        SQLException[] failures = new SQLException[workers];
        Thread[] threads = new Thread[workers];
        for (int t = 0; t < workers; t++) {
            int thread = t;
            threads[t] = Thread.ofPlatform().daemon().name("h2-warm-" + t).start(() -> {
                try {
                    for (int i = 0; i < WARM_TRANSFERS; i++) {
                        transfer(thread, workers + thread, i);
                    }
                } catch (SQLException e) {
                    failures[thread] = e;
                }
            });
        }
        for (int t = 0; t < workers; t++) {
            try {
                if (!threads[t].join(java.time.Duration.ofMillis(2 * LOCK_TIMEOUT_MILLIS))) {
                    throw new SQLException("h2: a warm-up thread did not finish");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SQLException("h2: interrupted in the warm-up", e);
            }
            if (failures[t] != null) {
                throw failures[t];
            }
        }
    }

    @Override
    public void operate(int thread) throws SQLException {
        int slot = thread * 16;
        long seq = next[slot];
        transfer(thread, thread, seq);
        next[slot] = seq + 1;
        busy[slot] = BusyWork.spin(busy[slot] | 1, outsideSteps);
    }

    /** One transfer on worker {@code thread}'s statements, recorded in the ledger as {@code (ledgerWorker, seq)}. */
    private void transfer(int thread, int ledgerWorker, long seq) throws SQLException {
        SplittableRandom r = random[thread];
        int src = r.nextInt(ACCOUNTS);
        int dst = (src + 1 + r.nextInt(ACCOUNTS - 1)) % ACCOUNTS;
        long amount = 1 + r.nextInt(9);
        balance[thread].setInt(1, src);
        try (ResultSet rs = balance[thread].executeQuery()) {
            if (!rs.next()) {
                throw new SQLException("h2: account " + src + " is missing");
            }
        }
        update(debit[thread], amount, src);
        update(credit[thread], amount, dst);
        PreparedStatement ins = record[thread];
        ins.setInt(1, ledgerWorker);
        ins.setLong(2, seq);
        ins.setInt(3, src);
        ins.setInt(4, dst);
        ins.setLong(5, amount);
        ins.executeUpdate();
    }

    private static void update(PreparedStatement s, long amount, int id) throws SQLException {
        s.setLong(1, amount);
        s.setInt(2, id);
        if (s.executeUpdate() != 1) {
            throw new SQLException("h2: updating account " + id + " changed no row");
        }
    }

    @Override
    public String check(long[] opsPerThread) throws SQLException {
        long ops = 0;
        for (int t = 0; t < workers; t++) {
            if (next[t * 16] != opsPerThread[t]) {
                return "h2: worker " + t + " made " + next[t * 16] + " transfers but the harness counted " + opsPerThread[t];
            }
            ops += opsPerThread[t];
        }
        long transfers = ops + (long) workers * WARM_TRANSFERS;
        try (Statement s = admin.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT SUM(balance), SUM(moves), COUNT(*) FROM account")) {
                rs.next();
                if (rs.getLong(1) != ACCOUNTS * OPENING_BALANCE || rs.getLong(2) != 2 * transfers || rs.getInt(3) != ACCOUNTS) {
                    return "h2: " + rs.getInt(3) + " accounts hold " + rs.getLong(1) + " (opened with " + ACCOUNTS * OPENING_BALANCE
                            + ") after " + rs.getLong(2) + " moves (" + transfers + " transfers make " + 2 * transfers + ")";
                }
            }
            try (ResultSet rs = s.executeQuery("SELECT a.id, a.balance, " + OPENING_BALANCE
                    + " + COALESCE((SELECT SUM(amount) FROM ledger WHERE dst = a.id), 0)"
                    + " - COALESCE((SELECT SUM(amount) FROM ledger WHERE src = a.id), 0) FROM account a ORDER BY a.id")) {
                while (rs.next()) {
                    if (rs.getLong(2) != rs.getLong(3)) {
                        return "h2: account " + rs.getInt(1) + " holds " + rs.getLong(2) + ", its ledger says " + rs.getLong(3);
                    }
                }
            }
            Tally tally = new Tally(2 * workers);
            try (ResultSet rs = s.executeQuery("SELECT worker, seq FROM ledger")) {
                while (rs.next()) {
                    int worker = rs.getInt(1);
                    if (worker < 0 || worker >= 2 * workers) {
                        return "h2: the ledger names worker " + worker + " of " + workers + " and their warm-up stand-ins";
                    }
                    tally.add(worker, rs.getLong(2));
                }
            }
            for (int t = 0; t < workers; t++) {
                String m = tally.mismatch(t, opsPerThread[t]);
                if (m != null) {
                    return "h2: worker " + t + "'s ledger rows: " + m;
                }
                String w = tally.mismatch(workers + t, WARM_TRANSFERS);
                if (w != null) {
                    return "h2: worker " + t + "'s warm-up ledger rows: " + w;
                }
            }
        }
        return null;
    }

    @Override
    public void close() throws java.io.IOException {
        SQLException failure = null;
        for (Connection c : connections) {
            failure = closeQuietly(c, failure);
        }
        failure = closeQuietly(admin, failure);
        if (failure != null) {
            throw new java.io.IOException("closing h2", failure);
        }
    }

    private static SQLException closeQuietly(Connection c, SQLException failure) {
        if (c == null) {
            return failure;
        }
        try {
            c.close();
        } catch (SQLException e) {
            if (failure == null) {
                return e;
            }
            failure.addSuppressed(e);
        }
        return failure;
    }
}
