package dev.mutexlab.real;

import dev.mutexlab.lab.workload.BusyWork;
import java.io.IOException;
import java.net.InetAddress;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.impl.bootstrap.HttpServer;
import org.apache.hc.core5.http.impl.bootstrap.ServerBootstrap;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.io.entity.StringEntity;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.pool.PoolConcurrencyPolicy;
import org.apache.hc.core5.pool.PoolStats;
import org.apache.hc.core5.util.Timeout;

/**
 * Apache HttpClient 5's classic client and HttpCore 5's classic server in one JVM, over loopback
 * HTTP/1.1 with keep-alive (the server's canonical host name is the address the client names, or
 * it refuses each request with 421): every worker sends {@code GET /?t=THREAD&s=SEQ} and waits for the
 * answer, which the server's handler writes as {@code "THREAD SEQ"}. The client's
 * {@code PoolingHttpClientConnectionManager} (strict policy) keeps half as many connections as
 * there are workers (at least one), so requests wait for a connection in its
 * {@code StrictConnPool}, under the pool's one {@code ReentrantLock} and its condition; each lease
 * adds a lease request's own {@code ReentrantLock}. The server serves each connection on a
 * platform thread of its own, whatever the workers' kind. HttpClient logs through SLF4J, which
 * finds logback on this class path with its default console at DEBUG: the session sets the
 * {@code org.apache.hc} loggers to WARN first, so that no request writes to the console.
 *
 * <p>A connection opens on first use and the first requests load and compile most of the client
 * and the server, which takes longer than a short warm-up window: before the measurement starts,
 * a platform thread per worker sends {@value #WARM_REQUESTS} requests as that worker would, all
 * at once, so that the pool holds its connections and the window sees steady requests; the
 * server's count starts after them.
 *
 * <p>The check: every answer had status 200 and the body that names its own request, the server
 * handled exactly as many requests as the workers completed, and at the end the pool has nothing
 * leased or pending and no more connections than its limit.
 */
final class HttpClientSession implements Session {
    /** How long a request may wait for a connection, or for its answer, before it fails the workload. */
    static final Timeout REQUEST_TIMEOUT = Timeout.ofSeconds(10);
    /** Requests each worker's stand-in sends before the measurement. */
    static final int WARM_REQUESTS = 50;

    private final int workers;
    private final long outsideSteps;
    private final int connections;
    private final HttpServer server;
    private final PoolingHttpClientConnectionManager manager;
    private final CloseableHttpClient client;
    private final String base;
    private final LongAdder handled = new LongAdder();
    private final long[] next;
    private final long[] wrong;
    private final long[] busy;

    HttpClientSession(int workers, long outsideSteps) throws IOException {
        ((ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger("org.apache.hc"))
                .setLevel(ch.qos.logback.classic.Level.WARN);
        this.workers = workers;
        this.outsideSteps = outsideSteps;
        this.connections = Math.max(1, workers / 2);
        this.next = new long[workers * 16];
        this.wrong = new long[workers * 16];
        this.busy = new long[workers * 16];
        this.server = ServerBootstrap.bootstrap()
                .setLocalAddress(InetAddress.getLoopbackAddress())
                .setListenerPort(0)
                .setCanonicalHostName("127.0.0.1")
                .register("*", (request, response, context) -> {
                    String query = request.getRequestUri();
                    int t = query.indexOf("t=");
                    int s = query.indexOf("&s=");
                    handled.increment();
                    response.setCode(200);
                    response.setEntity(new StringEntity(query.substring(t + 2, s) + " " + query.substring(s + 3),
                            ContentType.TEXT_PLAIN));
                })
                .create();
        server.start();
        this.base = "http://127.0.0.1:" + server.getLocalPort() + "/?t=";
        this.manager = PoolingHttpClientConnectionManagerBuilder.create()
                .setPoolConcurrencyPolicy(PoolConcurrencyPolicy.STRICT)
                .setMaxConnTotal(connections)
                .setMaxConnPerRoute(connections)
                .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(REQUEST_TIMEOUT).setSocketTimeout(REQUEST_TIMEOUT).build())
                .build();
        this.client = HttpClients.custom()
                .setConnectionManager(manager)
                .setDefaultRequestConfig(RequestConfig.custom().setConnectionRequestTimeout(REQUEST_TIMEOUT).build())
                .disableAutomaticRetries()
                .build();
        warmUp();
    }

    private void warmUp() throws IOException {
        IOException[] failures = new IOException[workers];
        Thread[] threads = new Thread[workers];
        for (int t = 0; t < workers; t++) {
            int thread = t;
            threads[t] = Thread.ofPlatform().daemon().name("httpclient-warm-" + t).start(() -> {
                try {
                    for (int i = 0; i < WARM_REQUESTS; i++) {
                        if (!send(thread, -1)) {
                            throw new IOException("httpclient: a warm-up request got the wrong answer");
                        }
                    }
                } catch (IOException e) {
                    failures[thread] = e;
                }
            });
        }
        for (int t = 0; t < workers; t++) {
            try {
                if (!threads[t].join(java.time.Duration.ofSeconds(2 * REQUEST_TIMEOUT.toSeconds()))) {
                    throw new IOException("httpclient: a warm-up thread did not finish");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("httpclient: interrupted in the warm-up");
            }
            if (failures[t] != null) {
                throw failures[t];
            }
        }
        handled.reset();
    }

    /** Sends worker {@code thread}'s request {@code seq}; whether the answer was 200 with its own body. */
    private boolean send(int thread, long seq) throws IOException {
        String expected = thread + " " + seq;
        return client.execute(new HttpGet(base + thread + "&s=" + seq),
                response -> response.getCode() == 200 && expected.equals(EntityUtils.toString(response.getEntity())));
    }

    @Override
    public void operate(int thread) throws IOException {
        int slot = thread * 16;
        long seq = next[slot];
        if (!send(thread, seq)) {
            wrong[slot]++;
        }
        next[slot] = seq + 1;
        busy[slot] = BusyWork.spin(busy[slot] | 1, outsideSteps);
    }

    @Override
    public String check(long[] opsPerThread) {
        String answers = Answers.check("httpclient", next, wrong, opsPerThread, handled);
        if (answers != null) {
            return answers;
        }
        PoolStats stats = manager.getTotalStats();
        if (stats.getLeased() != 0 || stats.getPending() != 0 || stats.getAvailable() > connections) {
            return "httpclient: at the end the pool has " + stats.getLeased() + " leased, " + stats.getPending() + " pending, "
                    + stats.getAvailable() + " available (limit " + connections + ")";
        }
        return null;
    }

    @Override
    public void close() throws IOException {
        try {
            client.close(CloseMode.IMMEDIATE);
        } finally {
            server.close(CloseMode.IMMEDIATE);
        }
    }
}
