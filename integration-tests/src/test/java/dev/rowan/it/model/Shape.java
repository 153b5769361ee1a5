package dev.rowan.it.model;

import dev.rowan.core.HBaseRepository;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

/**
 * One entity shape of the model test: its entity and repository, a generator of entities over a
 * small key space (so keys are saved, moved, deleted and saved again), and its query methods,
 * each with the model's answer.
 *
 * @param <E> the entity record
 * @param <R> its repository
 */
abstract class Shape<E, R extends HBaseRepository<E>> {

  final Entities<E> entities;
  final List<Query<E, R>> queries = new ArrayList<>();
  final List<Deletion<E, R>> deletions = new ArrayList<>();

  Shape(Class<E> type) {
    this.entities = new Entities<>(type);
  }

  abstract Class<R> repository();

  /** Known defects that break the whole shape: while one is skipped, the shape does not run. */
  Set<Object> hits() {
    return Set.of();
  }

  /**
   * Whether the shape's runs are mostly inserts of new keys ({@code ModelRun}'s "saveAll mostly
   * new"): then half of the steps are batches whose entities are mostly new, so that the next
   * batch guesses its entities new and skips the read (core's {@code NewEntityGuess}), mixed with
   * updates and unchanged re-saves of live entities and the same key twice. Only for shapes
   * without {@code @Version}, whose saves return what they were given.
   */
  boolean mostlyInserts() {
    return false;
  }

  /** Creates the shape's tables before a run: {@code schema().create} unless the shape says otherwise. */
  void createTables(dev.rowan.core.Rowan rowan) {
    rowan.schema().create(entities.type);
  }

  /**
   * The entities of {@code keyOrdered} (in main row key order) in the order {@code scanAll}
   * returns them: key order, unless the shape's tables say otherwise.
   */
  List<E> inScanOrder(List<E> keyOrdered) {
    return keyOrdered;
  }

  /** Whether the entity has views (so writes go through the view protocol). */
  abstract boolean hasViews();

  /**
   * A random entity: with the key of {@code keyOf}, or a random key from the shape's small key
   * space when it is null; columns random, null at random.
   */
  abstract E create(Random random, E keyOf);

  /**
   * The entity stored under the key of {@code keyOf}, as a user reads one entity back:
   * {@code findByKey} with every key part (a wide shape may read it through a query method).
   */
  java.util.Optional<E> findOne(R repository, E keyOf) {
    return repository.findByKey(entities.keyParts(keyOf));
  }

  /**
   * An entity that cannot be written (a value over a limit, a malformed string), with the key of
   * {@code keyOf} or a random one; null when the shape has none.
   */
  E invalid(Random random, E keyOf) {
    return null;
  }

  /** A query method and the model's answer to it. */
  interface Check<E, R> {
    void run(R repository, Random random, Model<E> model, Verdict<E> verdict);
  }

  /** A {@code delete...By} method: which entities it must delete, and the call. */
  interface DeleteCall<E> {
    String call();

    Predicate<E> deletes();

    /** Calls the method; returns the number it reports, or -1 when it returns nothing. */
    long run();
  }

  interface DeleteMaker<E, R> {
    DeleteCall<E> make(R repository, Random random);
  }

  /** A query method check; one that {@code writes} (besides reading) is left out of reads during writes. */
  record Query<E, R>(String method, Set<Object> hits, Check<E, R> check, boolean writes) {}

  record Deletion<E, R>(String method, Set<Object> hits, DeleteMaker<E, R> maker) {}

  /** Declares a query method check; {@code hits} are the known defects it runs into. */
  final void query(String method, Check<E, R> check, Object... hits) {
    queries.add(new Query<>(method, Set.of(hits), check, false));
  }

  /**
   * Declares a check that changes the tables between its reads (and the model with them), such as
   * a drop of expired periods between two pages: run by the model run, not by its readers.
   */
  final void queryThatWrites(String method, Check<E, R> check) {
    queries.add(new Query<>(method, Set.of(), check, true));
  }

  final void deletion(String method, DeleteMaker<E, R> maker, Object... hits) {
    deletions.add(new Deletion<>(method, Set.of(hits), maker));
  }

  static <E> DeleteCall<E> deleting(String call, Predicate<E> deletes, ToLongFunction<Void> run) {
    return new DeleteCall<>() {
      @Override
      public String call() {
        return call;
      }

      @Override
      public Predicate<E> deletes() {
        return deletes;
      }

      @Override
      public long run() {
        return run.applyAsLong(null);
      }
    };
  }

  static <T> T pick(Random random, List<T> values) {
    return values.get(random.nextInt(values.size()));
  }

  @SafeVarargs
  static <T> T pick(Random random, T... values) {
    return values[random.nextInt(values.length)];
  }

  /** {@code value}, or null one time in {@code oneIn}. */
  static <T> T orNull(Random random, int oneIn, T value) {
    return random.nextInt(oneIn) == 0 ? null : value;
  }

  static <T> List<T> reversed(List<T> list) {
    List<T> copy = new ArrayList<>(list);
    java.util.Collections.reverse(copy);
    return copy;
  }

  static String call(String method, Object... args) {
    List<String> texts = new ArrayList<>();
    for (Object arg : args) {
      texts.add(Entities.value(arg));
    }
    return method + "(" + String.join(", ", texts) + ")";
  }
}
