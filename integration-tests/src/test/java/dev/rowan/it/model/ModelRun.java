package dev.rowan.it.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.EntityExistsException;
import dev.rowan.core.EntityViews;
import dev.rowan.core.HBaseRepository;
import dev.rowan.core.OptimisticLockException;
import dev.rowan.core.Rowan;
import dev.rowan.core.UniqueViolationException;
import dev.rowan.it.FormerFormat;
import dev.rowan.mapreduce.RebuildViews;
import dev.rowan.test.ViewAudit;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * One run of the model test on one shape: random operations, each compared with the model, and
 * every few steps a full comparison of {@code scanAll} and every query method.
 */
final class ModelRun<E, R extends HBaseRepository<E>> {

  /** Steps between full comparisons (scanAll and every query method). */
  private static final int CHECK_EVERY = 8;
  private static final int SHOWN_OPERATIONS = 15;

  private final String shapeName;
  private final Shape<E, R> shape;
  private final Entities<E> entities;
  private final long seed;
  private final int operations;
  private final Random random;
  private final Model<E> model;
  private final Verdict<E> verdict;
  private final Deque<String> recent = new ArrayDeque<>();
  private final Map<String, Long> stamps = new HashMap<>();
  private final Map<String, Integer> counts = new LinkedHashMap<>();
  /** Wide entities once saved with every column null: their row marker outlives a delete (defect 5). */
  private final java.util.Set<String> rowMarkers = new java.util.HashSet<>();
  private R repository;
  /**
   * The repository's partial update and counter methods ({@code update<A>[And<B>...]By<key>},
   * {@code add[To]<C>By<key>}), whose key parameters come in the order of the entity's key parts.
   */
  private final List<java.lang.reflect.Method> writeMethods = new ArrayList<>();
  private int step;
  private String operation = "setup";
  /** The view rows left to readers the final audit found, when the writes settle in the background. */
  private int leftToReaders;
  /**
   * Whether the run's views are rewritten as 0.2 left them ({@link FormerFormat}) every quarter of
   * the run and before its concurrent phase, read and written over as they are, and converted by
   * {@code RebuildViews} before the final audit.
   */
  private boolean fromFormerFormat;
  /** The view rows rewritten as 0.2 left them, over the run. */
  private long formerRows;

  private ModelRun(String shapeName, Shape<E, R> shape, long seed, int operations) {
    this.shapeName = shapeName;
    this.shape = shape;
    this.entities = shape.entities;
    this.seed = seed;
    this.operations = operations;
    this.random = new Random(seed);
    this.model = new Model<>(entities);
    this.verdict = new Verdict<>(entities, this::where);
  }

  static <E, R extends HBaseRepository<E>> void run(Rowan rowan, String shapeName, Shape<E, R> shape) {
    run(rowan, shapeName, shape, false);
  }

  /**
   * Runs the scenario on {@code rowan}, whose writes settle their view rows in the background
   * ({@code Rowan.Builder.settleInBackground}), and closes it before the final audit of the views,
   * which needs every settle to have run. The settles of one entity's writes run on several
   * threads in no order: one that lands after a later write of the entity retired its row leaves
   * that row, which no reader trusts and the next reader deletes (docs/view-consistency.md, "The
   * settle lands late"). So the audit allows such rows and nothing else, then one read of every
   * view must delete them all, and the views must equal their rebuild exactly.
   */
  static <E, R extends HBaseRepository<E>> void runSettlingInBackground(Rowan rowan, String shapeName,
      Shape<E, R> shape) {
    run(rowan, shapeName, shape, true);
  }

  /**
   * Runs the scenario on {@code rowan}, whose write lease is short next to the run (a second or
   * less), so that the settle window of most writes has passed by the next write of their entity:
   * writers retire the rows their entities leave at once, a settle that comes late is not sent, and
   * readers discard the rows left to them. The final audit is that of {@link
   * #runSettlingInBackground}.
   */
  static <E, R extends HBaseRepository<E>> void runWithAShortWriteLease(Rowan rowan, String shapeName,
      Shape<E, R> shape) {
    run(rowan, shapeName, shape, true);
  }

  /**
   * Runs the scenario on {@code rowan}, and every quarter of the run and before its concurrent phase
   * rewrites every row its writes settled as Rowan 0.2 settled them (a status of another state code beside a write mark) with 0.2's layout
   * recorded, as a table 0.2 wrote is found on an upgrade; {@code schema().create} then records
   * this version's format, and the run goes on, its reads checking the old rows against their main
   * rows and converting them, its writes writing over them. Before the final audit {@code
   * RebuildViews} converts what is left, and no row under a write mark may remain.
   */
  static <E, R extends HBaseRepository<E>> void runFromTheFormerFormat(Rowan rowan, String shapeName,
      Shape<E, R> shape) {
    ModelRun<E, R> run = of(shapeName, shape);
    run.fromFormerFormat = true;
    run.run(rowan, false);
  }

  private static <E, R extends HBaseRepository<E>> void run(Rowan rowan, String shapeName, Shape<E, R> shape,
      boolean rowsLeftToReaders) {
    of(shapeName, shape).run(rowan, rowsLeftToReaders);
  }

  private static <E, R extends HBaseRepository<E>> ModelRun<E, R> of(String shapeName, Shape<E, R> shape) {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    int operations = Integer.getInteger("rowan.model.ops", 300);
    System.out.println(shapeName + " seed " + seed + " (" + operations + " operations; known defects skipped: "
        + KnownDefects.SKIPPED + ")");
    return new ModelRun<>(shapeName, shape, seed, operations);
  }

  private String where() {
    return "shape " + shapeName + ", seed " + seed + ", step " + step + ", operation " + operation
        + "\n  recent operations (oldest first):\n    " + String.join("\n    ", recent);
  }

  private void run(Rowan rowan, boolean rowsLeftToReaders) {
    shape.createTables(rowan);
    repository = rowan.repository(shape.repository());
    for (java.lang.reflect.Method method : shape.repository().getMethods()) {
      if (method.getName().matches("(update|add)\\p{Lu}.*")) {
        writeMethods.add(method);
      }
    }
    writeMethods.sort(java.util.Comparator.comparing(java.lang.reflect.Method::getName)); // replayable order
    for (step = 0; step < operations; step++) {
      try {
        if (fromFormerFormat && step > 0 && step % Math.max(1, operations / 4) == 0) {
          asTheFormerFormatLeftIt(rowan);
        }
        step();
        if (step % CHECK_EVERY == CHECK_EVERY - 1) {
          operation = "full check";
          checkEverything(1);
        }
      } catch (AssertionError e) {
        throw e;
      } catch (RuntimeException e) {
        throw new AssertionError(where() + "\n  threw " + e, e);
      }
    }
    if (fromFormerFormat) {
      asTheFormerFormatLeftItUnread(rowan); // the concurrent phase's writers and readers meet them
    }
    if (ConcurrentPhase.SECONDS > 0) {
      operation = "concurrent phase";
      ConcurrentPhase<E, R> phase = new ConcurrentPhase<>(shapeName, shape, repository, seed, writeMethods, model.all(),
          stamps);
      phase.run().forEach((key, state) -> {
        if (state == null) {
          model.forget(key);
        } else {
          model.put(state);
        }
      });
      stamps.putAll(phase.stamps());
    }
    operation = "final check";
    try {
      if (fromFormerFormat) {
        asTheFormerFormatLeftItUnread(rowan); // what RebuildViews converts
        operation = "conversion";
        assertTrue(formerRows > 0, where() + ": the views held settled rows to rewrite");
        long left = rowsUnderAMark(rowan);
        RebuildViews.of(rowan, entities.type).run();
        assertEquals(0, rowsUnderAMark(rowan), where() + ": RebuildViews converted every row");
        System.out.println(shapeName + " seed " + seed + ": " + formerRows + " view rows rewritten as 0.2 left them, "
            + left + " of them converted by RebuildViews");
        operation = "final check";
      }
      checkEverything(3);
      if (shape.hasViews()) {
        if (rowsLeftToReaders) {
          rowan.close(); // waits for the settles still queued
          leftToReaders = ViewAudit.assertViewsMatchRebuildButForRowsLeftToReaders(rowan, entities.type);
          readEveryView(rowan);
        }
        ViewAudit.assertViewsMatchRebuild(rowan, entities.type);
        PeriodJobs.verify(rowan, entities.type);
      }
    } catch (IOException e) {
      throw new AssertionError(where(), e);
    } catch (AssertionError e) {
      throw new AssertionError(where() + "\n" + e.getMessage(), e);
    } catch (RuntimeException e) {
      throw new AssertionError(where() + "\n  threw " + e, e);
    }
    System.out.println(shapeName + " seed " + seed + ": " + operations + " operations " + counts + ", "
        + verdict.checks + " answers compared, " + model.size() + " entities live at the end"
        + (rowsLeftToReaders ? ", " + leftToReaders + " view rows left to readers" : ""));
  }

  /**
   * Reads every view of the entity whole, through a Rowan of its own on the tables of {@code
   * closed}: its reader retires every row left to readers whose settle window has passed.
   */
  private void readEveryView(Rowan closed) {
    long window = 2 * closed.writeLease().toMillis();
    if (window <= 10_000) {
      // a short lease: every row left to readers is past its window before the read, which retires
      // them all, rather than some passing it between the read and the audit after it
      try {
        Thread.sleep(window + 100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
    Rowan.Builder builder = Rowan.builder(closed.connection()).writeLease(closed.writeLease());
    String namespace = closed.namespace();
    if (namespace != null) {
      builder.namespace(namespace);
    }
    try (Rowan reader = builder.build()) {
      EntityViews<E> views = reader.views(entities.type);
      for (String view : views.names()) {
        views.find(view);
      }
    }
  }

  /**
   * Rewrites the views as 0.2 left them ({@link FormerFormat}), records this version's format as
   * {@code schema().create} does on an upgrade, compares every answer with the model, and reads
   * every view whole: each row a read meets is checked against its main row and converted, so none
   * is left under a write mark.
   */
  private void asTheFormerFormatLeftIt(Rowan rowan) {
    asTheFormerFormatLeftItUnread(rowan);
    checkEverything(1);
    EntityViews<E> views = rowan.views(entities.type);
    for (String view : views.names()) {
      views.find(view);
    }
    assertEquals(0, rowsUnderAMark(rowan), where() + ": a read of every view converted every row it read");
  }

  /**
   * Rewrites the views as 0.2 left them ({@link FormerFormat}) and records this version's format,
   * as {@code schema().create} does on an upgrade.
   */
  private void asTheFormerFormatLeftItUnread(Rowan rowan) {
    operation = "former format";
    try {
      long rewritten = FormerFormat.forge(rowan, entities.type);
      log("rewrote " + rewritten + " view rows as 0.2 settled them");
      assertEquals(rewritten, FormerFormat.rowsUnderAMark(rowan, entities.type), where());
      assertFalse(rowan.schema().check(entities.type).differences().isEmpty(),
          where() + ": the tables record 0.2's layout");
      rowan.schema().create(entities.type);
      assertEquals(List.of(), rowan.schema().check(entities.type).differences(), where());
      formerRows += rewritten;
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private long rowsUnderAMark(Rowan rowan) {
    try {
      return FormerFormat.rowsUnderAMark(rowan, entities.type);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private void log(String text) {
    counts.merge(operation, 1, Integer::sum);
    recent.addLast(step + ": " + text);
    while (recent.size() > SHOWN_OPERATIONS) {
      recent.removeFirst();
    }
  }

  private boolean deletesAllowed() {
    // With cell timestamps, a delete at the server's time and a save stamped earlier or later
    // cannot both be right until defect 13 is fixed.
    return entities.cellTimestamp < 0 || !KnownDefects.skipped(13);
  }

  private void step() {
    if (shape.mostlyInserts() && random.nextBoolean()) {
      operation = "saveAll mostly new";
      saveAllMostlyNew();
      return;
    }
    int roll = random.nextInt(100);
    E existing = model.any(random);
    E keyOf = existing != null && random.nextInt(3) > 0 ? existing : null;
    if (!writeMethods.isEmpty() && random.nextInt(8) == 0) {
      java.lang.reflect.Method method = writeMethods.get(random.nextInt(writeMethods.size()));
      operation = method.getName().startsWith("update") ? "update" : "add";
      update(method, shape.create(random, keyOf));
    } else if (random.nextInt(10) == 0) {
      operation = random.nextBoolean() ? "insert" : "insertAll";
      if (operation.equals("insert")) {
        insert(shape.create(random, keyOf));
      } else {
        insertAll();
      }
    } else if (roll < 30) {
      operation = "save";
      save(shape.create(random, keyOf), false);
    } else if (roll < 38) {
      operation = entities.version < 0 ? "save" : "save stale version";
      save(shape.create(random, keyOf), entities.version >= 0);
    } else if (roll < 48) {
      operation = "save nulls then values";
      E first = entities.nulled(shape.create(random, keyOf));
      save(first, false);
      save(shape.create(random, first), false);
    } else if (roll < 62 || !deletesAllowed()) {
      operation = "saveAll";
      saveAll();
    } else if (roll < 88 && markerOutlivesDelete(keyOf != null ? keyOf : (keyOf = shape.create(random, null)))) {
      operation = "save";
      save(shape.create(random, keyOf), false);
    } else if (roll < 70) {
      operation = "delete";
      E target = model.get(keyOf) != null ? model.get(keyOf) : keyOf;
      log("delete " + entities.text(target));
      repository.delete(target);
      model.remove(target);
      after(target);
    } else if (roll < 78) {
      operation = "deleteByKey";
      deleteByKey(keyOf);
    } else if (roll < 88) {
      operation = "delete then save";
      if (random.nextBoolean() && model.get(keyOf) != null) {
        E target = model.get(keyOf);
        log("delete " + entities.text(target));
        repository.delete(target);
        model.remove(target);
        after(target);
      } else {
        deleteByKey(keyOf);
      }
      save(shape.create(random, keyOf), false);
    } else if (!shape.deletions.isEmpty()) {
      operation = "delete by query";
      deleteByQuery();
    } else {
      operation = "save";
      save(shape.create(random, keyOf), false);
    }
  }

  /** Whether deleting {@code keyOf} would run into defect 5 while it is skipped. */
  private boolean markerOutlivesDelete(E keyOf) {
    return KnownDefects.skipped(5) && rowMarkers.contains(entities.key(keyOf));
  }

  private void deleteByKey(E target) {
    log("deleteByKey" + entities.key(target));
    if (entities.wide() && KnownDefects.skipped(4)) {
      // deleteByKey takes the row key only and deletes the whole row (defect 4's family):
      // delete the entity itself instead.
      E stored = model.get(target);
      if (stored != null) {
        repository.delete(stored);
      }
    } else {
      repository.deleteByKey(entities.keyParts(target));
    }
    model.remove(target);
    after(target);
  }

  private void deleteByQuery() {
    Shape.Deletion<E, R> deletion = Shape.pick(random, shape.deletions);
    if (KnownDefects.skipped(deletion.hits())) {
      operation = "save";
      save(shape.create(random, null), false);
      return;
    }
    Shape.DeleteCall<E> call = deletion.maker().make(repository, random);
    List<E> deleted = model.where(call.deletes());
    if (deleted.stream().anyMatch(this::markerOutlivesDelete)) {
      operation = "save";
      save(shape.create(random, null), false);
      return;
    }
    log(call.call() + " expecting " + deleted.size());
    long reported = call.run();
    if (reported >= 0) {
      verdict.same(call.call() + " reported", deleted.size(), reported);
    }
    for (E entity : deleted) {
      model.remove(entity);
    }
    for (E entity : deleted) {
      after(entity);
    }
  }

  /** Sets the version and cell timestamp the way the step wants them. */
  private E prepare(E entity, boolean stale) {
    // Rowan refuses an entity whose view key has a null property after one with a value (its
    // view row would lack a key part; ViewKeyNullsIT): generate whole view keys null or not null.
    entity = entities.nullWholeViewKeys(entity);
    E stored = model.get(entity);
    if (entities.version >= 0) {
      long current = stored == null ? 0 : (Long) entities.get(stored, entities.version);
      long given = stale ? pickStale(current) : current;
      entity = entities.with(entity, entities.version, given);
    }
    if (entities.cellTimestamp >= 0) {
      String key = entities.key(entity);
      Long last = stamps.get(key);
      long stamp;
      if (last == null) {
        stamp = Instant.parse("2020-01-01T00:00:00Z").toEpochMilli() + random.nextInt(1_000_000_000);
        if (!KnownDefects.skipped(13) && random.nextInt(4) == 0) {
          stamp += 80L * 365 * 24 * 3600 * 1000; // in the future
        }
      } else if (random.nextInt(5) == 0) {
        // the same stamp: the later save wins. (An older stamp would be an older version of the
        // cells, which HBase keeps behind the newer ones: not "the last save wins".)
        stamp = last;
      } else {
        stamp = last + 1 + random.nextInt(100_000);
      }
      stamps.put(key, Math.max(stamp, last == null ? stamp : last));
      Class<?> type = entities.componentType(entities.cellTimestamp);
      entity = entities.with(entity, entities.cellTimestamp, type == Instant.class ? Instant.ofEpochMilli(stamp) : stamp);
    }
    return entity;
  }

  private long pickStale(long current) {
    long stale = current + Shape.pick(random, -2L, -1L, 1L, 2L);
    return stale < 0 ? current + 1 : stale;
  }

  private E advanced(E entity) {
    if (entities.version < 0) {
      return entity;
    }
    return entities.with(entity, entities.version, (Long) entities.get(entity, entities.version) + 1);
  }

  private void save(E requested, boolean stale) {
    E entity = prepare(requested, stale);
    E owner = model.uniqueOwnerOtherThan(entity);
    if (stale) { // a stale version is refused before any unique key is claimed
      log("save " + entities.text(entity) + " expecting OptimisticLockException");
      try {
        E returned = repository.save(entity);
        verdict.fail("save(" + entities.text(entity) + ")", "OptimisticLockException: stored is "
            + entities.text(model.get(entity)), "saved " + entities.text(returned));
      } catch (OptimisticLockException expected) {
        verdict.checks++;
      }
    } else if (owner != null) {
      log("save " + entities.text(entity) + " expecting UniqueViolationException (held by " + entities.key(owner) + ")");
      try {
        E returned = repository.save(entity);
        verdict.fail("save(" + entities.text(entity) + ")", "UniqueViolationException: the key is held by "
            + entities.text(owner), "saved " + entities.text(returned));
      } catch (UniqueViolationException expected) {
        verdict.checks++;
      }
    } else {
      log("save " + entities.text(entity));
      E returned;
      try {
        returned = repository.save(entity);
      } catch (UniqueViolationException e) {
        if (!releasedKeyInFlight(e)) {
          throw e;
        }
        operation = "refused by known defect N3";
        log("  refused by known defect N3: " + e.getMessage());
        after(entity);
        return;
      }
      E expected = advanced(entity);
      verdict.sameEntity("save(" + entities.text(entity) + ") returned", expected, returned);
      model.put(expected);
      noteRowMarker(expected);
    }
    after(entity);
  }

  /**
   * Calls partial update or counter {@code method} on the key of {@code source}, with the values of
   * {@code source} (or a small delta): an absent key is left absent (false, or
   * {@code EntityNotFoundException} for a counter); a live one gets the properties set, or the sum
   * (a null counting as 0), and its version advanced; a unique key another entity holds is refused.
   * A change that would leave a view key with a null after a value is not tried (ViewKeyNullsIT).
   */
  private void update(java.lang.reflect.Method method, E source) {
    String name = method.getName();
    boolean add = name.startsWith("add");
    String subject = name.substring(add ? 3 : 6, name.indexOf("By"));
    if (add && subject.startsWith("To")) {
      subject = subject.substring(2);
    }
    List<String> properties = java.util.Arrays.stream(subject.split("And"))
        .map(p -> Character.toLowerCase(p.charAt(0)) + p.substring(1)).toList();
    Object[] key = entities.keyParts(source);
    List<Object> args = new ArrayList<>();
    E stored = model.get(source);
    E expected = stored;
    long delta = random.nextInt(11) - 5;
    if (add) {
      args.add(method.getParameterTypes()[0] == int.class || method.getParameterTypes()[0] == Integer.class
          ? (Object) (int) delta : (Object) delta);
      if (stored != null) {
        int i = entities.index(properties.get(0));
        Object value = entities.get(stored, i);
        Class<?> type = entities.componentType(i);
        boolean isInt = type == int.class || type == Integer.class;
        long before = value == null ? 0 : ((Number) value).longValue();
        long sum = before + delta;
        if (isInt ? sum != (int) sum : ((before ^ sum) & (delta ^ sum)) < 0) {
          log(name + " of " + delta + " to " + before + " expecting InvalidValueException (overflow)");
          Object[] overflowing = java.util.stream.Stream.concat(java.util.stream.Stream.of(args.get(0)),
              java.util.Arrays.stream(key)).toArray();
          try {
            method.invoke(repository, overflowing);
            verdict.fail(name, "InvalidValueException: the sum overflows", "no exception");
          } catch (ReflectiveOperationException e) {
            if (!(e.getCause() instanceof dev.rowan.mapping.InvalidValueException)) {
              throw new AssertionError(e.getCause());
            }
            verdict.checks++;
          }
          after(source);
          return;
        }
        expected = entities.with(stored, i, isInt ? (Object) (int) sum : (Object) sum);
      }
    } else {
      for (String property : properties) {
        int i = entities.index(property);
        args.add(entities.get(source, i));
        if (expected != null) {
          expected = entities.with(expected, i, entities.get(source, i));
        }
      }
    }
    args.addAll(java.util.Arrays.asList(key));
    String call = name + args.stream().map(Entities::value).toList();
    if (expected != null && !entities.text(entities.nullWholeViewKeys(expected)).equals(entities.text(expected))) {
      operation = "save";
      save(shape.create(random, source), false);
      return;
    }
    E owner = expected == null ? null : model.uniqueOwnerOtherThan(expected);
    Object returned;
    try {
      if (stored == null) {
        log(call + " expecting no entity");
      } else if (owner != null) {
        log(call + " expecting UniqueViolationException (held by " + entities.key(owner) + ")");
      } else {
        log(call);
      }
      returned = method.invoke(repository, args.toArray());
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    } catch (java.lang.reflect.InvocationTargetException e) {
      Throwable thrown = e.getCause();
      if (stored == null && add && thrown instanceof dev.rowan.core.EntityNotFoundException) {
        verdict.checks++;
      } else if (owner != null && thrown instanceof UniqueViolationException) {
        verdict.checks++;
      } else if (thrown instanceof RuntimeException runtime) {
        throw runtime;
      } else {
        throw new AssertionError(thrown);
      }
      after(source);
      return;
    }
    if (stored == null) {
      if (add) {
        verdict.fail(call, "EntityNotFoundException", "returned " + returned);
      }
      verdict.same(call + " returned", method.getReturnType() == void.class ? null : false, returned);
    } else if (owner != null) {
      verdict.fail(call, "UniqueViolationException: the key is held by " + entities.text(owner), "returned " + returned);
    } else {
      expected = advanced(expected);
      Object value = add ? entities.get(expected, entities.index(properties.get(0))) : true;
      verdict.same(call + " returned", method.getReturnType() == void.class ? null : value, returned);
      model.put(expected);
      noteRowMarker(expected);
    }
    after(source);
  }

  /** An entity as an insert takes it: as a save would, at version 0. */
  private E forInsert(E requested) {
    E entity = prepare(requested, false);
    return entities.version < 0 ? entity : entities.with(entity, entities.version, 0L);
  }

  /**
   * Inserts {@code requested}: refused with {@code EntityExistsException} when its key is live in
   * the model, with {@code UniqueViolationException} when another entity holds one of its unique
   * keys, and otherwise stored as a save of a new entity stores it.
   */
  private void insert(E requested) {
    E entity = forInsert(requested);
    E stored = model.get(entity);
    E owner = model.uniqueOwnerOtherThan(entity);
    if (stored != null) {
      log("insert " + entities.text(entity) + " expecting EntityExistsException");
      try {
        E returned = repository.insert(entity);
        verdict.fail("insert(" + entities.text(entity) + ")", "EntityExistsException: stored is "
            + entities.text(stored), "inserted " + entities.text(returned));
      } catch (EntityExistsException expected) {
        verdict.checks++;
      }
    } else if (owner != null) {
      log("insert " + entities.text(entity) + " expecting UniqueViolationException (held by " + entities.key(owner) + ")");
      try {
        E returned = repository.insert(entity);
        verdict.fail("insert(" + entities.text(entity) + ")", "UniqueViolationException: the key is held by "
            + entities.text(owner), "inserted " + entities.text(returned));
      } catch (UniqueViolationException expected) {
        verdict.checks++;
      }
    } else {
      log("insert " + entities.text(entity));
      E returned = repository.insert(entity);
      E expected = advanced(entity);
      verdict.sameEntity("insert(" + entities.text(entity) + ") returned", expected, returned);
      model.put(expected);
      noteRowMarker(expected);
    }
    after(entity);
  }

  /**
   * Inserts a batch of live and free keys (no unique key held by another entity, none twice):
   * the free ones are stored, and the call fails naming as many keys as were live.
   */
  private void insertAll() {
    List<E> given = new ArrayList<>(batch(this::forInsert).values());
    List<E> live = given.stream().filter(e -> model.get(e) != null).toList();
    log("insertAll " + given.stream().map(entities::text).toList() + " expecting " + live.size() + " live");
    try {
      List<E> returned = repository.insertAll(given);
      verdict.same("insertAll of " + given.size() + " with live keys", live.size(), 0);
      verdict.inOrder("insertAll returned", given.stream().map(this::advanced).toList(), returned);
    } catch (EntityExistsException e) {
      verdict.same("insertAll: keys named as live, " + e.keys(), live.size(), e.keys().size());
    }
    for (E entity : given) {
      if (model.get(entity) == null) {
        E expected = advanced(entity);
        model.put(expected);
        noteRowMarker(expected);
      }
    }
    given.forEach(this::after);
  }

  /** A batch of {@code 1 + random.nextInt(6)} tries (see {@link #batch(int, java.util.function.UnaryOperator)}). */
  private Map<String, E> batch(java.util.function.UnaryOperator<E> prepare) {
    return batch(1 + random.nextInt(6), prepare);
  }

  /**
   * Up to {@code size} entities, new or of live keys, each made ready by {@code prepare}, by key:
   * no key twice, none with a unique key another entity holds or another of the batch takes.
   */
  private Map<String, E> batch(int size, java.util.function.UnaryOperator<E> prepare) {
    Map<String, E> batch = new LinkedHashMap<>();
    List<String> taken = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      E existing = model.any(random);
      E entity = prepare.apply(shape.create(random, existing != null && random.nextBoolean() ? existing : null));
      String key = entities.key(entity);
      if (batch.containsKey(key) || model.uniqueOwnerOtherThan(entity) != null) {
        continue;
      }
      List<String> unique = entities.uniqueKeys(entity).stream().filter(k -> k != null).toList();
      if (unique.stream().anyMatch(taken::contains)) {
        continue;
      }
      taken.addAll(unique);
      batch.put(key, entity);
    }
    return batch;
  }

  private void saveAll() {
    int size = 1 + random.nextInt(6);
    E invalid = random.nextInt(5) == 0 ? shape.invalid(random, model.any(random)) : null;
    Map<String, E> batch = batch(size, e -> prepare(e, false));
    List<E> entitiesSaved = new ArrayList<>(batch.values());
    if (invalid != null && !batch.containsKey(entities.key(invalid))) {
      refusedSaveAll(entitiesSaved, prepare(invalid, false));
      return;
    }
    log("saveAll " + entitiesSaved.stream().map(entities::text).toList());
    List<E> returned;
    try {
      returned = repository.saveAll(entitiesSaved);
    } catch (UniqueViolationException e) {
      if (!releasedKeyInFlight(e)) {
        throw e;
      }
      operation = "refused by known defect N3";
      log("  refused by known defect N3: " + e.getMessage());
      readBackRefused(entitiesSaved);
      return;
    }
    List<E> expected = entitiesSaved.stream().map(this::advanced).toList();
    verdict.inOrder("saveAll returned", expected, returned);
    expected.forEach(model::put);
    expected.forEach(this::noteRowMarker);
    entitiesSaved.forEach(this::after);
  }

  /**
   * A batch of mostly new keys (never saved, or deleted), with updates and unchanged re-saves of
   * live entities, and now and then a key saved a second time later in the batch (the later save
   * wins). More than half new, so the next batch guesses its entities new; the live keys among
   * them are guesses that the commit finds wrong.
   */
  private void saveAllMostlyNew() {
    if (entities.version >= 0) {
      throw new IllegalStateException(shape.getClass().getSimpleName() + " has a @Version: it cannot be mostlyInserts");
    }
    int size = 1 + random.nextInt(8);
    List<E> batch = new ArrayList<>();
    java.util.Set<String> keys = new java.util.HashSet<>();
    for (int i = 0; i < size; i++) {
      int roll = random.nextInt(10);
      E existing = model.any(random);
      E entity;
      if (roll < 7 || existing == null) {
        entity = freshKey(keys);
      } else if (roll < 8) {
        entity = shape.create(random, existing);
      } else if (roll < 9) {
        entity = existing;
      } else {
        entity = batch.isEmpty() ? null : shape.create(random, batch.get(random.nextInt(batch.size())));
      }
      if (entity != null) {
        entity = prepare(entity, false);
        keys.add(entities.key(entity));
        batch.add(entity);
      }
    }
    if (batch.isEmpty()) {
      operation = "save";
      save(shape.create(random, null), false);
      return;
    }
    log("saveAll " + batch.stream().map(entities::text).toList());
    List<E> returned = repository.saveAll(batch);
    verdict.inOrder("saveAll returned", batch, returned);
    batch.forEach(model::put);
    batch.forEach(this::noteRowMarker);
    batch.forEach(this::after);
  }

  /** A random entity whose key is neither live nor in {@code taken}; null when a few tries find none. */
  private E freshKey(java.util.Set<String> taken) {
    for (int tries = 0; tries < 20; tries++) {
      E entity = shape.create(random, null);
      if (model.get(entity) == null && !taken.contains(entities.key(entity))) {
        return entity;
      }
    }
    return null;
  }

  /**
   * Whether {@code e} is known defect N3 (a key released by a returned save refused as held by a
   * write in flight) while it is skipped.
   */
  private boolean releasedKeyInFlight(UniqueViolationException e) {
    return KnownDefects.skipped("N3") && String.valueOf(e.getMessage()).contains("(a write in flight)");
  }

  /** After a batch refused by a skipped defect: each entity is stored as saved or as before. */
  private void readBackRefused(List<E> batch) {
    for (E entity : batch) {
      E saved = advanced(entity);
      E found = shape.findOne(repository, entity).orElse(null);
      if (entities.text(found).equals(entities.text(saved))) {
        model.put(saved);
        noteRowMarker(saved);
      } else {
        verdict.sameEntity("findOne" + entities.key(entity) + " after a refused saveAll", model.get(entity), found);
      }
    }
  }

  private void noteRowMarker(E saved) {
    if (entities.wide() && entities.nullableColumns().stream().allMatch(i -> entities.get(saved, i) == null)) {
      rowMarkers.add(entities.key(saved));
    }
  }

  /** A batch with one entity that cannot be written: refused whole, nothing written. */
  private void refusedSaveAll(List<E> valid, E invalid) {
    List<E> batch = new ArrayList<>(valid);
    batch.add(random.nextInt(batch.size() + 1), invalid);
    operation = "saveAll with an invalid entity";
    log("saveAll " + batch.stream().map(entities::text).map(t -> t.length() > 300 ? t.substring(0, 300) + "..." : t)
        .toList() + " expecting InvalidValueException");
    try {
      repository.saveAll(batch);
      verdict.fail("saveAll with " + entities.key(invalid) + " invalid", "InvalidValueException, nothing written",
          "no exception");
    } catch (dev.rowan.mapping.InvalidValueException expected) {
      verdict.checks++;
    }
    for (E entity : valid) {
      after(entity);
    }
    E stored = model.get(invalid);
    try {
      verdict.sameEntity("findOne" + entities.key(invalid) + " after " + operation, stored,
          shape.findOne(repository, invalid).orElse(null));
    } catch (IllegalArgumentException | dev.rowan.mapping.InvalidValueException keyCannotBeRead) {
      // the invalid value is in the key: there is nothing to read back
    }
  }

  /** Reads the touched key back. */
  private void after(E keyOf) {
    E expected = model.get(keyOf);
    Optional<E> found = shape.findOne(repository, keyOf);
    verdict.sameEntity("findOne" + entities.key(keyOf) + " after " + operation, expected, found.orElse(null));
    if (KnownDefects.skipped(1) && !shape.hasViews()) {
      awaitNextMillisecond();
    }
  }

  /** Until defect 1 is fixed, writes without views must not share a millisecond. */
  private static void awaitNextMillisecond() {
    long now = System.currentTimeMillis();
    while (System.currentTimeMillis() <= now) {
      Thread.onSpinWait();
    }
  }

  private void checkEverything(int rounds) {
    List<E> scanned = Verdict.list(repository.scanAll());
    verdict.inOrder("scanAll()", shape.inScanOrder(model.all()), scanned);
    for (int round = 0; round < rounds; round++) {
      for (Shape.Query<E, R> query : shape.queries) {
        if (!KnownDefects.skipped(query.hits())) {
          String before = operation;
          operation = before + ": " + query.method();
          query.check().run(repository, random, model, verdict);
          operation = before;
        }
      }
    }
  }
}
