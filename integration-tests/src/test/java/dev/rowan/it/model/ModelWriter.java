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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;

/**
 * A writer of the keys it owns, logging every state it leaves in a {@link History}: saves (moving
 * indexed and view key values), saves with nulls, partial updates and counters, deletes (of the
 * entity and by key), deletes followed by a save, inserts, and batches. Each write is read back
 * (the key is this writer's alone, so what it reads is what the write left); a write refused (a
 * unique key another writer holds, an insert of a live key, a counter on no entity, a value the
 * entity cannot take) left the entity as it was. Not thread-safe: one thread per writer.
 *
 * @param <E> the entity record
 * @param <R> its repository
 */
final class ModelWriter<E, R extends HBaseRepository<E>> {

  private final Shape<E, R> shape;
  private final Entities<E> entities;
  private final R repository;
  private final History<E> history;
  private final List<Method> writeMethods;
  private final Map<String, Long> stamps;
  private final Map<String, Integer> counts;
  private final Random random;
  private final Predicate<String> owns;
  /** The writer's keys as it last left them: a read back after each write (null: no entity). */
  private final Map<String, E> own = new LinkedHashMap<>();
  int writes;

  /**
   * A writer of the keys {@code owns} accepts; {@code stamps} (cell timestamps by key) and
   * {@code counts} (writes by outcome) may be shared by writers and must then be concurrent maps.
   */
  ModelWriter(Shape<E, R> shape, R repository, History<E> history, List<Method> writeMethods, Map<String, Long> stamps,
      Map<String, Integer> counts, Random random, Predicate<String> owns) {
    this.shape = shape;
    this.entities = shape.entities;
    this.repository = repository;
    this.history = history;
    this.writeMethods = writeMethods;
    this.stamps = stamps;
    this.counts = counts;
    this.random = random;
    this.owns = owns;
    history.finalStates().forEach((key, state) -> {
      if (owns.test(key)) {
        own.put(key, state);
      }
    });
  }

  private E anyLive() {
    List<E> live = own.values().stream().filter(e -> e != null).toList();
    return live.isEmpty() ? null : live.get(random.nextInt(live.size()));
  }

  /** A random entity with a key of this writer's, live or not; null when a few tries find none. */
  private E anyKey() {
    for (int tries = 0; tries < 50; tries++) {
      E entity = shape.create(random, null);
      if (owns.test(entities.key(entity))) {
        return entity;
      }
    }
    return null;
  }

  /** One random write (or two, for a delete and a save); false when the writer found no key of its own. */
  boolean step() {
    E live = anyLive();
    E keyOf = live != null && random.nextInt(3) > 0 ? live : anyKey();
    if (keyOf == null) {
      return false;
    }
    int roll = random.nextInt(100);
    E stored = own.get(entities.key(keyOf));
    if (roll < 35) {
      write("save", List.of(keyOf), () -> repository.save(prepare(shape.create(random, keyOf), false)));
    } else if (roll < 42) {
      write("save nulls", List.of(keyOf), () -> repository.save(prepare(entities.nulled(shape.create(random, keyOf)), false)));
    } else if (roll < 55 && !writeMethods.isEmpty()) {
      Method method = writeMethods.get(random.nextInt(writeMethods.size()));
      write(method.getName().startsWith("add") ? "add" : "update", List.of(keyOf),
          (java.util.function.Supplier<Object>) () -> update(method, keyOf));
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
    return true;
  }

  /**
   * Writes {@code keys} with {@code write}, logging when it was invoked and returned and the state
   * each key was left in, read back. A refused write that left a key as it was logs nothing for it
   * (it wrote nothing, so it did not renew a time to live either).
   */
  private void write(String operation, List<E> keys, Runnable write) {
    write(operation, keys, () -> {
      write.run();
      return null;
    });
  }

  /**
   * As {@link #write(String, List, Runnable)}; an insert refused as live, a counter refused as
   * absent, and a partial update that says whether it found the entity must agree with the states
   * the key could have had meanwhile (a time to live may have passed).
   */
  private void write(String operation, List<E> keys, java.util.function.Supplier<Object> write) {
    List<String> texts = keys.stream().map(entities::key).toList();
    long invoked = history.invoking(texts);
    String outcome = operation;
    boolean refused = false;
    Object result = null;
    try {
      result = write.get();
    } catch (UniqueViolationException | OptimisticLockException | EntityExistsException | EntityNotFoundException
        | InvalidValueException | IllegalArgumentException e) {
      outcome = operation + " refused (" + e.getClass().getSimpleName() + ")";
      refused = true;
      result = e;
    }
    long returned = System.nanoTime();
    if (keys.size() == 1) {
      justify(operation, texts.get(0), result, history.possibleOf(texts.get(0), invoked, returned));
    }
    for (E key : keys) {
      String text = entities.key(key);
      E state = shape.findOne(repository, key).orElse(null);
      E before = own.get(text);
      own.put(text, state);
      if (refused && entities.text(state).equals(entities.text(before))) {
        history.unchanged(text);
      } else {
        history.returned(text, state, invoked, returned);
      }
    }
    writes++;
    counts.merge(outcome, 1, Integer::sum);
  }

  /** Fails unless {@code result} of a write of {@code key} fits one of the states it could have had. */
  private void justify(String operation, String key, Object result, List<E> before) {
    boolean live = before.stream().anyMatch(s -> s != null);
    boolean absent = before.contains(null);
    String wrong = null;
    if (result instanceof EntityExistsException && !live) {
      wrong = "refused as live";
    } else if (result instanceof EntityNotFoundException && !absent) {
      wrong = "refused as absent";
    } else if (operation.equals("update") && Boolean.TRUE.equals(result) && !live) {
      wrong = "said it updated the entity";
    } else if (operation.equals("update") && Boolean.FALSE.equals(result) && !absent) {
      wrong = "said there was no entity";
    }
    if (wrong != null) {
      throw new AssertionError(operation + " of " + key + " " + wrong + ", but the entity could only have been "
          + before.stream().map(entities::text).toList() + "\n" + history.describe(key));
    }
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
  private Object update(Method method, E keyOf) {
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
      return method.invoke(repository, args.toArray());
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
