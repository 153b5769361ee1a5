package dev.rowan.core.internal;

import dev.rowan.core.schema.PeriodSchema;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PeriodModel;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;

/**
 * The stores of an entity kept in one table per period ({@code @TablePerPeriod}): one
 * {@link EntityStore} per period, built on first use, and the periods whose tables exist, listed
 * from the cluster again once a refresh has passed (and at once when a write names a period not
 * listed). A write to a period without tables is refused: {@code schema().create} makes the
 * periods ahead of their writes.
 *
 * <p>Thread-safety: thread-safe.
 *
 * @param <T> the entity type
 */
public final class PeriodStores<T> {

  /** The periods listed, at {@code listedAt}. */
  private record Listed(List<LocalDate> periods, long listedAt) {}

  private final Connection connection;
  private final EntityModel<T> model;
  private final PeriodModel periods;
  private final Function<String, TableName> names;
  private final Function<Function<String, TableName>, EntityStore<T>> storeOf;
  private final long refreshMillis;
  private final Map<LocalDate, EntityStore<T>> stores = new ConcurrentHashMap<>();
  private volatile Listed listed;

  /**
   * The period stores of {@code model} over {@code connection}, naming tables with {@code names}
   * and building each period's store with {@code storeOf} (given that period's names), listing
   * the periods again every {@code refreshMillis}.
   */
  public PeriodStores(Connection connection, EntityModel<T> model, Function<String, TableName> names,
      Function<Function<String, TableName>, EntityStore<T>> storeOf, long refreshMillis) {
    this.connection = connection;
    this.model = model;
    this.periods = java.util.Objects.requireNonNull(model.periods(), "a model with @TablePerPeriod");
    this.names = names;
    this.storeOf = storeOf;
    this.refreshMillis = refreshMillis;
  }

  /** The entity model. */
  public EntityModel<T> model() {
    return model;
  }

  /** The periods whose main tables exist, oldest first, as listed at most a refresh ago. */
  public List<LocalDate> periods() {
    Listed now = listed;
    if (now == null || System.currentTimeMillis() - now.listedAt() >= refreshMillis) {
      now = list();
    }
    return now.periods();
  }

  /** The store of {@code period}, whose tables exist; null when they do not (as listed, then listed again). */
  EntityStore<T> existing(LocalDate period) {
    if (!periods().contains(period) && !list().periods().contains(period)) {
      return null;
    }
    return stores.computeIfAbsent(period, p -> storeOf.apply(PeriodSchema.names(model, p, names)));
  }

  /**
   * The store the entity of {@code values} is written to.
   *
   * @throws IllegalStateException when its period has no tables, naming the entity, the value and the table
   */
  EntityStore<T> forWrite(Object[] values) {
    LocalDate period = periods.periodOfValues(values);
    EntityStore<T> store = existing(period);
    if (store == null) {
      String table = PeriodSchema.names(model, period, names).apply(model.tableName()).getNameAsString();
      throw new IllegalStateException("cannot write " + model.entityName() + " " + KeyText.of(model, values)
          + ": its " + periods.property().name() + " " + values[periods.property().index()] + " belongs to period table "
          + table + ", which does not exist. schema().create(" + model.entityName() + ".class) creates the current period"
          + " and " + periods.ahead() + " ahead (@TablePerPeriod(ahead)); schema().createPeriods makes others; periods"
          + " older than keep = " + periods.keep() + " are dropped by schema().dropExpiredPeriods");
    }
    return store;
  }

  /** The store of the entity of {@code values}, or null when its period has no tables (no such entity is stored). */
  EntityStore<T> forRead(Object[] values) {
    return existing(periods.periodOfValues(values));
  }

  /** Lists the periods whose main tables exist now, and forgets the stores of periods that no longer do. */
  private Listed list() {
    List<LocalDate> found = HBaseCalls.admin(connection, names.apply(model.tableName()), "list the period tables of",
        admin -> PeriodSchema.existing(admin, model, names));
    stores.keySet().retainAll(found);
    Listed now = new Listed(List.copyOf(found), System.currentTimeMillis());
    listed = now;
    return now;
  }
}
