package dev.rowan.it.model;

import dev.rowan.core.HBaseRepository;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Readers running while writers move entities within the readers' ranges: W writer threads save,
 * update (moving indexed and view key values), delete, delete and save again, insert, save in
 * batches and call the partial update and counter methods, each on the keys it owns (a key's
 * writes follow one another), logging each state in a {@link History}; R reader threads run the
 * shape's query checks (lists, streams, counts, exists, Top-N, pages), each judged by a {@link
 * ReadVerdict}. {@code -Drowan.model.concurrent.seconds=N} sets how long the writers run (2 by
 * default, 0 skips the phase), {@code .writers} and {@code .readers} how many threads (2 each).
 * The seed fixes each thread's operations, not how the threads interleave.
 *
 * @param <E> the entity record
 * @param <R> its repository
 */
final class ConcurrentPhase<E, R extends HBaseRepository<E>> {

  static final double SECONDS = Double.parseDouble(System.getProperty("rowan.model.concurrent.seconds", "2"));
  static final int WRITERS = Integer.getInteger("rowan.model.concurrent.writers", 2);
  static final int READERS = Integer.getInteger("rowan.model.concurrent.readers", 2);
  /** A query method with {@code Or} groups (defect N4, left out when skipped). */
  private static final java.util.regex.Pattern OR_GROUPS = java.util.regex.Pattern.compile("[a-z0-9]Or\\p{Lu}");

  private final String shapeName;
  private final Shape<E, R> shape;
  private final Entities<E> entities;
  private final R repository;
  private final long seed;
  private final List<Method> writeMethods;
  private final History<E> history;
  private final Map<String, Long> stamps;
  private final AtomicBoolean stop = new AtomicBoolean();
  private final AtomicReference<Throwable> failure = new AtomicReference<>();
  private final Map<String, Integer> counts = new ConcurrentHashMap<>();

  ConcurrentPhase(String shapeName, Shape<E, R> shape, R repository, long seed, List<Method> writeMethods,
      List<E> live, Map<String, Long> stamps) {
    this.shapeName = shapeName;
    this.shape = shape;
    this.entities = shape.entities;
    this.repository = repository;
    this.seed = seed;
    this.writeMethods = writeMethods;
    this.history = new History<>(entities);
    this.stamps = new ConcurrentHashMap<>(stamps);
    live.forEach(e -> history.initial(entities.key(e), e));
  }

  /** Runs the phase; returns the state each key written or live was left in (null: none). */
  Map<String, E> run() {
    List<Thread> threads = new ArrayList<>();
    List<ModelWriter<E, R>> writers = new ArrayList<>();
    List<ReadVerdict<E>> verdicts = new ArrayList<>();
    for (int i = 0; i < WRITERS; i++) {
      int number = i;
      ModelWriter<E, R> writer = new ModelWriter<>(shape, repository, history, writeMethods, stamps, counts,
          new Random(seed * 31 + i), key -> Math.floorMod(key.hashCode(), WRITERS) == number);
      writers.add(writer);
      threads.add(new Thread(() -> guarded(() -> {
        while (!stop.get() && writer.step()) {
          // until the phase ends
        }
      }), shapeName + "-writer-" + i));
    }
    for (int i = 0; i < READERS; i++) {
      int reader = i;
      ReadModel<E> model = new ReadModel<>(entities, history);
      Random random = new Random(seed * 37 + 1000 + i);
      String[] operation = {"start"};
      ReadVerdict<E> verdict = new ReadVerdict<>(entities, history, model,
          () -> "shape " + shapeName + ", seed " + seed + ", concurrent phase, reader " + reader + ", " + operation[0]);
      verdicts.add(verdict);
      threads.add(new Thread(() -> guarded(() -> read(random, model, verdict, operation)), shapeName + "-reader-" + i));
    }
    threads.forEach(Thread::start);
    long until = System.nanoTime() + (long) (SECONDS * 1e9);
    try {
      while (System.nanoTime() < until && failure.get() == null) {
        Thread.sleep(20);
      }
      stop.set(true);
      for (Thread thread : threads) {
        thread.join();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
    Throwable failed = failure.get();
    if (failed instanceof AssertionError assertion) {
      throw assertion;
    } else if (failed != null) {
      throw new AssertionError("shape " + shapeName + ", seed " + seed + ", concurrent phase: " + failed, failed);
    }
    int writes = writers.stream().mapToInt(w -> w.writes).sum();
    System.out.println(shapeName + " seed " + seed + " concurrent phase: " + WRITERS + " writers, " + READERS
        + " readers, " + SECONDS + "s: " + writes + " writes " + new java.util.TreeMap<>(counts) + "; reads judged "
        + verdicts.stream().mapToInt(v -> v.judged).sum() + " (pages " + verdicts.stream().mapToInt(v -> v.pagesRead).sum()
        + ", with an entity whose states differed " + verdicts.stream().mapToInt(v -> v.eitherWay).sum()
        + "), answers not judged (projections) " + verdicts.stream().mapToInt(v -> v.notJudged).sum());
    return history.finalStates();
  }

  private void guarded(Runnable body) {
    try {
      body.run();
    } catch (Throwable t) {
      failure.compareAndSet(null, t);
      stop.set(true);
      history.abort();
    }
  }

  private void read(Random random, ReadModel<E> model, ReadVerdict<E> verdict, String[] operation) {
    List<Shape.Query<E, R>> queries = shape.queries.stream()
        .filter(q -> !q.writes() && !KnownDefects.skipped(q.hits()))
        .filter(q -> !(KnownDefects.skipped("N4") && OR_GROUPS.matcher(q.method()).find())).toList();
    if (queries.isEmpty()) {
      return;
    }
    while (!stop.get()) {
      Shape.Query<E, R> query = queries.get(random.nextInt(queries.size()));
      operation[0] = query.method();
      verdict.begin();
      try {
        query.check().run(repository, random, model, verdict);
      } catch (RuntimeException e) {
        throw new AssertionError("shape " + shapeName + ", seed " + seed + ", concurrent phase, " + query.method()
            + " threw " + e, e);
      }
    }
  }

  /** The stamps the writers left, for the run to go on from. */
  Map<String, Long> stamps() {
    return new HashMap<>(stamps);
  }
}
