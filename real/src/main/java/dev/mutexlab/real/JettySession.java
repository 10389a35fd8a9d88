package dev.mutexlab.real;

import dev.mutexlab.lab.workload.BusyWork;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.eclipse.jetty.client.CompletableResponseListener;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * An embedded Jetty server and Jetty's own {@code HttpClient} in one JVM, over loopback HTTP/1.1:
 * every worker sends {@code GET /?t=THREAD&s=SEQ} and waits for the answer, which the server's
 * handler writes as {@code "THREAD SEQ"}. Jetty guards its connection pools, its thread pool, its
 * selectors' update queues and each exchange's state with {@code AutoLock}, a
 * {@code ReentrantLock} behind a try-with-resources face; the server's and the client's threads
 * are Jetty's own {@code QueuedThreadPool}s (platform threads whatever the workers' kind). Jetty
 * logs through SLF4J, which finds logback on this class path with its default console at DEBUG:
 * the session sets Jetty's loggers to WARN first, so that no request writes to the console.
 *
 * <p>A connection opens on first use and the first requests load and compile half of Jetty, which
 * takes longer than a short warm-up window: the session sends {@value #WARM_ROUNDS} rounds of one
 * request per worker, all at once, before the measurement starts, so that the pool holds its
 * connections and the window sees steady requests; the server's count starts after them.
 *
 * <p>The check: every answer had status 200 and the body that names its own request, and the
 * server handled exactly as many requests as the workers completed, no more, no fewer.
 */
final class JettySession implements Session {
    /** How long one request may take before it fails the workload. */
    static final long REQUEST_TIMEOUT_SECONDS = 10;
    /** Rounds of one request per worker sent before the measurement. */
    static final int WARM_ROUNDS = 50;

    private final int workers;
    private final long outsideSteps;
    private final Server server;
    private final HttpClient client;
    private final String base;
    private final LongAdder handled = new LongAdder();
    private final long[] next;
    private final long[] wrong;
    private final long[] busy;

    JettySession(int workers, long outsideSteps) throws Exception {
        ((ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger("org.eclipse.jetty"))
                .setLevel(ch.qos.logback.classic.Level.WARN);
        this.workers = workers;
        this.outsideSteps = outsideSteps;
        this.next = new long[workers * 16];
        this.wrong = new long[workers * 16];
        this.busy = new long[workers * 16];
        QueuedThreadPool serverThreads = new QueuedThreadPool();
        serverThreads.setName("jetty-server");
        serverThreads.setDaemon(true);
        this.server = new Server(serverThreads);
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        server.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                Fields query = Request.extractQueryParameters(request);
                String body = query.getValue("t") + " " + query.getValue("s");
                handled.increment();
                response.getHeaders().put("Content-Type", "text/plain");
                response.write(true, ByteBuffer.wrap(body.getBytes(StandardCharsets.US_ASCII)), callback);
                return true;
            }
        });
        server.start();
        this.base = "http://127.0.0.1:" + connector.getLocalPort() + "/?t=";
        QueuedThreadPool clientThreads = new QueuedThreadPool();
        clientThreads.setName("jetty-client");
        clientThreads.setDaemon(true);
        this.client = new HttpClient();
        client.setExecutor(clientThreads);
        client.setMaxConnectionsPerDestination(Math.max(1, workers));
        client.start();
        warmUp();
    }

    private void warmUp() throws Exception {
        for (int round = 0; round < WARM_ROUNDS; round++) {
            List<CompletableFuture<ContentResponse>> answers = new ArrayList<>();
            for (int t = 0; t < workers; t++) {
                answers.add(new CompletableResponseListener(
                        client.newRequest(base + t + "&s=-1").timeout(REQUEST_TIMEOUT_SECONDS, TimeUnit.SECONDS)).send());
            }
            for (int t = 0; t < workers; t++) {
                ContentResponse r = answers.get(t).get(2 * REQUEST_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                if (r.getStatus() != 200 || !r.getContentAsString().equals(t + " -1")) {
                    throw new IllegalStateException("jetty: a warm-up request got status " + r.getStatus());
                }
            }
        }
        handled.reset();
    }

    @Override
    public void operate(int thread) throws Exception {
        int slot = thread * 16;
        long seq = next[slot];
        ContentResponse r = client.newRequest(base + thread + "&s=" + seq)
                .timeout(REQUEST_TIMEOUT_SECONDS, TimeUnit.SECONDS).send();
        if (r.getStatus() != 200 || !r.getContentAsString().equals(thread + " " + seq)) {
            wrong[slot]++;
        }
        next[slot] = seq + 1;
        busy[slot] = BusyWork.spin(busy[slot] | 1, outsideSteps);
    }

    @Override
    public String check(long[] opsPerThread) {
        return Answers.check("jetty", next, wrong, opsPerThread, handled);
    }

    @Override
    public void close() throws java.io.IOException {
        try {
            client.stop();
            server.stop();
        } catch (Exception e) {
            throw new java.io.IOException("stopping jetty", e);
        }
    }
}
