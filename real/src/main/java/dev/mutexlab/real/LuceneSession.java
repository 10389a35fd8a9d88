package dev.mutexlab.real;

import dev.mutexlab.lab.workload.BusyWork;
import java.io.IOException;
import java.util.SplittableRandom;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * Lucene's {@code IndexWriter} on an in-memory {@code ByteBuffersDirectory}: every worker adds
 * small documents (its id as a keyword, a sequence number, a dozen random words as text) from
 * many threads at once, the way a bulk indexer does; the writer flushes a segment whenever its
 * {@value #RAM_BUFFER_MB} MB buffer fills and merges on its own merge threads. Each
 * {@code addDocument} takes a free {@code DocumentsWriterPerThread} from the writer's pool, whose
 * free list is a {@code ConcurrentApproximatePriorityQueue} striped over {@code ReentrantLock}s,
 * and locks that per-thread writer (its own {@code ReentrantLock}) while it inverts the document;
 * deletes' and updates' global buffer ({@code DocumentsWriterDeleteQueue}) is a third lock.
 *
 * <p>The check: after a commit, a reader over the index holds exactly the documents the workers
 * added, and per worker the keyword query counts its operations and the sequence numbers (doc
 * values) are {@code 0..n-1} once each.
 */
final class LuceneSession implements Session {
    static final double RAM_BUFFER_MB = 16;
    static final int WORDS_PER_DOCUMENT = 12;
    private static final String[] WORDS = {"lock", "mutex", "queue", "spin", "park", "wake", "owner", "waiter", "fair",
            "barge", "handoff", "starve", "thread", "core", "cache", "line", "fence", "acquire", "release", "volatile"};

    /**
     * Lucene's vectorization lookup logs a warning through java.util.logging on every JDK newer than
     * it knows; WARNING is raised to SEVERE on its logger, held here so that the level outlives the
     * weak reference the log manager keeps.
     */
    private static final java.util.logging.Logger VECTORIZATION_LOG =
            java.util.logging.Logger.getLogger("org.apache.lucene.internal.vectorization.VectorizationProvider");

    static {
        VECTORIZATION_LOG.setLevel(java.util.logging.Level.SEVERE);
    }

    private final int workers;
    private final long outsideSteps;
    private final ByteBuffersDirectory directory = new ByteBuffersDirectory();
    private final IndexWriter writer;
    private final SplittableRandom[] random;
    private final long[] next;
    private final long[] busy;

    LuceneSession(int workers, long outsideSteps, long seed) throws IOException {
        this.workers = workers;
        this.outsideSteps = outsideSteps;
        IndexWriterConfig config = new IndexWriterConfig(new StandardAnalyzer());
        config.setRAMBufferSizeMB(RAM_BUFFER_MB);
        this.writer = new IndexWriter(directory, config);
        this.random = new SplittableRandom[workers];
        for (int t = 0; t < workers; t++) {
            random[t] = new SplittableRandom(seed + t);
        }
        this.next = new long[workers * 16];
        this.busy = new long[workers * 16];
    }

    @Override
    public void operate(int thread) throws IOException {
        int slot = thread * 16;
        long seq = next[slot];
        SplittableRandom r = random[thread];
        StringBuilder text = new StringBuilder(WORDS_PER_DOCUMENT * 8);
        for (int i = 0; i < WORDS_PER_DOCUMENT; i++) {
            text.append(WORDS[r.nextInt(WORDS.length)]).append(' ');
        }
        Document doc = new Document();
        doc.add(new StringField("worker", Integer.toString(thread), Field.Store.NO));
        doc.add(new NumericDocValuesField("worker", thread));
        doc.add(new NumericDocValuesField("seq", seq));
        doc.add(new TextField("body", text.toString(), Field.Store.NO));
        writer.addDocument(doc);
        next[slot] = seq + 1;
        busy[slot] = BusyWork.spin(busy[slot] | 1, outsideSteps);
    }

    @Override
    public String check(long[] opsPerThread) throws IOException {
        long ops = 0;
        for (int t = 0; t < workers; t++) {
            if (next[t * 16] != opsPerThread[t]) {
                return "lucene: worker " + t + " added " + next[t * 16] + " documents but the harness counted " + opsPerThread[t];
            }
            ops += opsPerThread[t];
        }
        writer.commit();
        try (DirectoryReader reader = DirectoryReader.open(directory)) {
            if (reader.numDocs() != ops || reader.maxDoc() != ops) {
                return "lucene: " + ops + " documents added, the reader sees " + reader.numDocs() + " (maxDoc " + reader.maxDoc() + ")";
            }
            IndexSearcher searcher = new IndexSearcher(reader);
            for (int t = 0; t < workers; t++) {
                int hits = searcher.count(new TermQuery(new Term("worker", Integer.toString(t))));
                if (hits != opsPerThread[t]) {
                    return "lucene: worker " + t + " added " + opsPerThread[t] + " documents, its query finds " + hits;
                }
            }
            Tally tally = new Tally(workers);
            for (LeafReaderContext leaf : reader.leaves()) {
                NumericDocValues worker = leaf.reader().getNumericDocValues("worker");
                NumericDocValues seq = leaf.reader().getNumericDocValues("seq");
                if (worker == null || seq == null) {
                    return "lucene: a segment of " + leaf.reader().maxDoc() + " documents has no worker or seq values";
                }
                for (int doc = worker.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = worker.nextDoc()) {
                    if (seq.advance(doc) != doc) {
                        return "lucene: document " + doc + " of a segment has a worker but no seq";
                    }
                    long w = worker.longValue();
                    if (w < 0 || w >= workers) {
                        return "lucene: a document names worker " + w + " of " + workers;
                    }
                    tally.add((int) w, seq.longValue());
                }
            }
            for (int t = 0; t < workers; t++) {
                String m = tally.mismatch(t, opsPerThread[t]);
                if (m != null) {
                    return "lucene: worker " + t + "'s documents: " + m;
                }
            }
        }
        return null;
    }

    @Override
    public void close() throws IOException {
        try {
            writer.rollback();
        } finally {
            directory.close();
        }
    }
}
