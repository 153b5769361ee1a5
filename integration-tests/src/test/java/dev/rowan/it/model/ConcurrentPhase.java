package dev.rowan.it.model;

import dev.rowan.core.EntityExistsException;
import dev.rowan.core.EntityNotFoundException;
import dev.rowan.core.HBaseRepository;
import dev.rowan.core.OptimisticLockException;
import dev.rowan.core.UniqueViolationException;
import dev.rowan.mapping.InvalidValueException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
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
    List<Writer> writers = new ArrayList<>();
    List<ReadVerdict<E>> verdicts = new ArrayList<>();
    for (int i = 0; i < WRITERS; i++) {
      Writer writer = new Writer(i, new Random(seed * 31 + i));
      writers.add(writer);
      threads.add(new Thread(() -> guarded(writer::run), shapeName + "-writer-" + i));
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
    List<Shape.Query<E, R>> queries = shape.queries.stream().filter(q -> !KnownDefects.skipped(q.hits())).toList();
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

  /** One writer: the keys whose text hashes to its number are its own. */
  private final class Writer {
    private final int number;
    private final Random random;
    /** The writer's keys as it last left them: a read back after each write (null: no entity). */
    private final Map<String, E> own = new LinkedHashMap<>();
    int writes;

    Writer(int number, Random random) {
      this.number = number;
      this.random = random;
      history.finalStates().forEach((key, state) -> {
        if (owns(key)) {
          own.put(key, state);
        }
      });
    }

    private boolean owns(String key) {
      return Math.floorMod(key.hashCode(), WRITERS) == number;
    }

    private E anyLive() {
      List<E> live = own.values().stream().filter(e -> e != null).toList();
      return live.isEmpty() ? null : live.get(random.nextInt(live.size()));
    }

    /** A random entity with a key of this writer's, live or not; null when a few tries find none. */
    private E anyKey() {
      for (int tries = 0; tries < 50; tries++) {
        E entity = shape.create(random, null);
        if (owns(entities.key(entity))) {
          return entity;
        }
      }
      return null;
    }

    void run() {
      while (!stop.get()) {
        E live = anyLive();
        E keyOf = live != null && random.nextInt(3) > 0 ? live : anyKey();
        if (keyOf == null) {
          return;
        }
        step(keyOf);
      }
    }

    private void step(E keyOf) {
      int roll = random.nextInt(100);
      E stored = own.get(entities.key(keyOf));
      if (roll < 35) {
        write("save", List.of(keyOf), () -> repository.save(prepare(shape.create(random, keyOf), false)));
      } else if (roll < 42) {
        write("save nulls", List.of(keyOf), () -> repository.save(prepare(entities.nulled(shape.create(random, keyOf)), false)));
      } else if (roll < 55 && !writeMethods.isEmpty()) {
        Method method = writeMethods.get(random.nextInt(writeMethods.size()));
        write(method.getName().startsWith("add") ? "add" : "update", List.of(keyOf), () -> update(method, keyOf));
      } else if (roll < 63) {
        write("delete", List.of(keyOf), () -> repository.delete(stored != null ? stored : keyOf));
      } else if (roll < 70) {
        write("deleteByKey", List.of(keyOf), () -> repository.deleteByKey(entities.keyParts(keyOf)));
      } else if (roll < 80) {
        write("delete", List.of(keyOf), () -> repository.deleteByKey(entities.keyParts(keyOf)));
        write("save again", List.of(keyOf), () -> repository.save(prepare(shape.create(random, keyOf), false)));
      } else if (roll < 88) {
        write("insert", List.of(keyOf), () -> repository.insert(prepare(shape.create(random, keyOf), true)));
      } else {
        Map<String, E> batch = new LinkedHashMap<>();
        batch.put(entities.key(keyOf), keyOf);
        for (int i = random.nextInt(3); i > 0; i--) {
          E other = random.nextBoolean() ? anyLive() : anyKey();
          if (other != null) {
            batch.putIfAbsent(entities.key(other), other);
          }
        }
        List<E> keys = new ArrayList<>(batch.values());
        write("saveAll", keys, () -> repository.saveAll(keys.stream().map(k -> prepare(shape.create(random, k), false)).toList()));
      }
    }

    /**
     * Writes {@code keys} with {@code write}, logging when it was invoked and returned and the state
     * each key was left in: refusals (a unique key another writer holds, a value the entity cannot
     * take) are read back like any write.
     */
    private void write(String operation, List<E> keys, Runnable write) {
      List<String> texts = keys.stream().map(entities::key).toList();
      long invoked = history.invoking(texts);
      String outcome = operation;
      try {
        write.run();
      } catch (UniqueViolationException | OptimisticLockException | EntityExistsException | EntityNotFoundException
          | InvalidValueException | IllegalArgumentException refused) {
        outcome = operation + " refused (" + refused.getClass().getSimpleName() + ")";
      }
      long returned = System.nanoTime();
      for (E key : keys) {
        E state = shape.findOne(repository, key).orElse(null);
        own.put(entities.key(key), state);
        history.returned(entities.key(key), state, invoked, returned);
      }
      writes++;
      counts.merge(outcome, 1, Integer::sum);
    }

    /** The entity made a valid write: whole view keys null or not, the version stored, a later cell timestamp. */
    private E prepare(E entity, boolean insert) {
      entity = entities.nullWholeViewKeys(entity);
      String key = entities.key(entity);
      if (entities.version >= 0) {
        E stored = own.get(key);
        long version = insert || stored == null ? 0 : (Long) entities.get(stored, entities.version);
        entity = entities.with(entity, entities.version, version);
      }
      if (entities.cellTimestamp >= 0) {
        Long last = stamps.get(key);
        long stamp = last == null ? Instant.parse("2020-01-01T00:00:00Z").toEpochMilli() + random.nextInt(1_000_000_000)
            : last + 1 + random.nextInt(100_000);
        stamps.put(key, stamp);
        Class<?> type = entities.componentType(entities.cellTimestamp);
        entity = entities.with(entity, entities.cellTimestamp, type == Instant.class ? Instant.ofEpochMilli(stamp) : stamp);
      }
      return entity;
    }

    /** Calls a partial update ({@code update<A>[And<B>]By<key>}) or counter ({@code add[To]<C>By<key>}). */
    private void update(Method method, E keyOf) {
      String name = method.getName();
      boolean add = name.startsWith("add");
      E source = entities.nullWholeViewKeys(shape.create(random, keyOf));
      List<Object> args = new ArrayList<>();
      if (add) {
        long delta = random.nextInt(11) - 5;
        Class<?> type = method.getParameterTypes()[0];
        args.add(type == int.class || type == Integer.class ? (Object) (int) delta : (Object) delta);
      } else {
        String subject = name.substring(6, name.indexOf("By"));
        for (String part : subject.split("And")) {
          args.add(entities.get(source, Character.toLowerCase(part.charAt(0)) + part.substring(1)));
        }
      }
      args.addAll(Arrays.asList(entities.keyParts(keyOf)));
      try {
        method.invoke(repository, args.toArray());
      } catch (IllegalAccessException e) {
        throw new IllegalStateException(e);
      } catch (InvocationTargetException e) {
        if (e.getCause() instanceof RuntimeException runtime) {
          throw runtime;
        }
        throw new AssertionError(e.getCause());
      }
    }
  }

  /** The stamps the writers left, for the run to go on from. */
  Map<String, Long> stamps() {
    return new HashMap<>(stamps);
  }
}
