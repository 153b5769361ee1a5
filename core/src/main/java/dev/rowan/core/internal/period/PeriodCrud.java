package dev.rowan.core.internal.period;

import dev.rowan.core.EntityExistsException;
import dev.rowan.core.internal.context.CellLimits;
import dev.rowan.core.internal.repository.EntityCrud;
import dev.rowan.core.internal.repository.EntityStore;
import dev.rowan.mapping.EntityModel;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The methods of {@link dev.rowan.core.HBaseRepository} for an entity kept in one table per period:
 * each entity and key goes to its period's store ({@link PeriodStores}). A batch is checked whole
 * before anything is written (every entity's period has tables, every value and cell is valid),
 * then written a period at a time; {@code scanAll} reads every period, oldest first.
 *
 * <p>Thread-safety: thread-safe.
 *
 * @param <T> the entity type
 */
final class PeriodCrud<T> implements EntityCrud<T> {

  private final PeriodStores<T> stores;
  private final EntityModel<T> model;

  PeriodCrud(PeriodStores<T> stores) {
    this.stores = stores;
    this.model = stores.model();
  }

  @Override
  public T save(T entity) {
    return write(entity, false);
  }

  @Override
  public List<T> saveAll(Iterable<T> entities) {
    return saveAll(entities, false);
  }

  @Override
  public T insert(T entity) {
    return write(entity, true);
  }

  @Override
  public List<T> insertAll(Iterable<T> entities) {
    return saveAll(entities, true);
  }

  private T write(T entity, boolean insert) {
    Objects.requireNonNull(
        entity, () -> "cannot " + (insert ? "insert" : "save") + " a null " + model.entityName());
    return saveAll(List.of(entity), insert).get(0);
  }

  /**
   * Saves (or inserts) {@code entities}: every one checked first, then each period's written by its
   * store, the results in the order given. Inserts that find entities stored fail once every period
   * is written, naming all of them.
   */
  private List<T> saveAll(Iterable<T> entities, boolean insert) {
    Objects.requireNonNull(entities, "entities");
    Map<LocalDate, List<Integer>> byPeriod = new LinkedHashMap<>();
    Map<LocalDate, EntityStore<T>> periodStores = new LinkedHashMap<>();
    List<T> given = new ArrayList<>();
    for (T entity : entities) {
      Objects.requireNonNull(
          entity, () -> "cannot " + (insert ? "insert" : "save") + " a null " + model.entityName());
      Object[] values = model.values(entity);
      LocalDate period = stores.periodModel().periodOfValues(values);
      EntityStore<T> store =
          periodStores.computeIfAbsent(
              period,
              p -> {
                EntityStore<T> found = stores.forWrite(values);
                found
                    .context()
                    .roster()
                    .requireKnown(); // a period whose table names a view this class lacks: refused
                // first
                return found;
              });
      CellLimits.check(
          store.context(),
          values,
          model.write(values)); // nothing is written unless every entity is valid
      byPeriod.computeIfAbsent(period, p -> new ArrayList<>()).add(given.size());
      given.add(entity);
    }
    List<T> result = new ArrayList<>(Collections.nCopies(given.size(), null));
    List<String> existing = new ArrayList<>();
    List<Map<String, Object>> existingValues = new ArrayList<>(); // each period's store gives them
    for (Map.Entry<LocalDate, List<Integer>> period : byPeriod.entrySet()) {
      List<T> batch = period.getValue().stream().map(given::get).toList();
      EntityStore<T> store =
          Objects.requireNonNull(periodStores.get(period.getKey()), "each period has a store");
      List<T> written;
      try {
        written = insert ? store.insertAll(batch) : store.saveAll(batch);
      } catch (EntityExistsException found) {
        existing.addAll(found.keys());
        existingValues.addAll(found.keyValues());
        continue; // the inserted ones are not returned: the call fails
      } catch (RuntimeException failed) {
        if (stores.periodGone(failed)) { // dropped since it was listed
          throw stores.noTables(model.values(batch.get(0)));
        }
        throw failed;
      }
      for (int i = 0; i < batch.size(); i++) {
        result.set(period.getValue().get(i), written.get(i));
      }
    }
    if (!existing.isEmpty()) {
      throw EntityExistsException.of(
          model.entityName(),
          existing,
          existingValues.size() == existing.size() ? existingValues : List.of(),
          given.size());
    }
    return result;
  }

  @Override
  public Optional<T> findByKey(Object... keyParts) {
    EntityStore<T> store = stores.forRead(model.keyValuesOf(keyParts));
    return store == null
        ? Optional.empty()
        : unlessGone(() -> store.findByKey(keyParts), Optional.empty());
  }

  @Override
  public void delete(T entity) {
    Objects.requireNonNull(entity, () -> "cannot delete a null " + model.entityName());
    EntityStore<T> store = stores.forRead(model.values(entity));
    if (store != null) {
      unlessGone(() -> store.delete(entity));
    }
  }

  @Override
  public void deleteByKey(Object... keyParts) {
    EntityStore<T> store = stores.forRead(model.keyValuesOf(keyParts));
    if (store != null) {
      unlessGone(() -> store.deleteByKey(keyParts));
    }
  }

  /**
   * What {@code call} returns on a period's store, or {@code gone} when the period was dropped
   * since it was listed.
   */
  private <R> R unlessGone(Supplier<R> call, R gone) {
    try {
      return call.get();
    } catch (RuntimeException failed) {
      if (stores.periodGone(failed)) {
        return gone;
      }
      throw failed;
    }
  }

  /** Runs {@code call} on a period's store, unless the period was dropped since it was listed. */
  private void unlessGone(Runnable call) {
    try {
      call.run();
    } catch (RuntimeException failed) {
      if (!stores.periodGone(failed)) {
        throw failed;
      }
    }
  }

  /** Every entity, period by period (oldest first), each period in row key order. */
  @Override
  public Stream<T> scanAll() {
    List<LocalDate> periods = stores.periods();
    return PeriodStreams.concat(
        periods.size(),
        i -> {
          EntityStore<T> store = stores.existing(periods.get(i));
          return store == null ? Stream.empty() : store.scanAll();
        },
        stores::periodGone);
  }
}
