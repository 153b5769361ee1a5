package dev.rowan.core.internal.period;

import dev.rowan.core.internal.context.KeyText;
import dev.rowan.core.internal.plumbing.HBaseCalls;
import dev.rowan.core.internal.repository.EntityStore;
import dev.rowan.core.internal.schema.PeriodSchema;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.InvalidValueException;
import dev.rowan.mapping.PeriodModel;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Connection;
import org.jspecify.annotations.Nullable;

/**
 * The stores of an entity kept in one table per period ({@code @TablePerPeriod}): one {@link
 * EntityStore} per period, built on first use, and the periods whose tables exist, listed from the
 * cluster again once a refresh has passed (and at once when a write names a period not listed). A
 * write to a period without tables is refused: {@code schema().create} makes the periods ahead of
 * their writes.
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
  private volatile @Nullable Listed listed;

  /**
   * The period stores of {@code model} over {@code connection}, naming tables with {@code names}
   * and building each period's store with {@code storeOf} (given that period's names), listing the
   * periods again every {@code refreshMillis}.
   */
  public PeriodStores(
      Connection connection,
      EntityModel<T> model,
      Function<String, TableName> names,
      Function<Function<String, TableName>, EntityStore<T>> storeOf,
      long refreshMillis) {
    this.connection = connection;
    this.model = model;
    this.periods =
        model
            .tablePerPeriod()
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        model.entityName() + " is not kept in one table per period"));
    this.names = names;
    this.storeOf = storeOf;
    this.refreshMillis = refreshMillis;
  }

  /** The entity model. */
  public EntityModel<T> model() {
    return model;
  }

  /** How the entity is spread over its periods' tables ({@code @TablePerPeriod}). */
  public PeriodModel periodModel() {
    return periods;
  }

  /** The periods whose main tables exist, oldest first, as listed at most a refresh ago. */
  public List<LocalDate> periods() {
    Listed now = listed;
    if (now == null || System.currentTimeMillis() - now.listedAt() >= refreshMillis) {
      now = list();
    }
    return now.periods();
  }

  /**
   * Forgets the periods listed and the stores built: what this Rowan's schema calls do when they
   * make or drop periods, so that its next call lists them again.
   */
  public void forget() {
    listed = null;
    stores.clear();
  }

  /**
   * Whether {@code failure}, of a call on a period's tables, says a table is gone: the period was
   * dropped since it was listed. Then the periods are forgotten, to be listed again.
   */
  boolean periodGone(RuntimeException failure) {
    for (Throwable cause = failure;
        cause != null;
        cause = cause.getCause() == cause ? null : cause.getCause()) {
      if (cause instanceof TableNotFoundException) {
        forget();
        return true;
      }
    }
    return false;
  }

  /**
   * The store of {@code period}, whose tables exist; null when they do not (as listed, then listed
   * again).
   */
  @Nullable EntityStore<T> existing(LocalDate period) {
    if (!periods().contains(period) && !list().periods().contains(period)) {
      return null;
    }
    return store(period);
  }

  /** The store of {@code period} as listed, not listed again when it is not: null then. */
  private @Nullable EntityStore<T> listed(LocalDate period) {
    return periods().contains(period) ? store(period) : null;
  }

  private EntityStore<T> store(LocalDate period) {
    return stores.computeIfAbsent(period, p -> storeOf.apply(PeriodSchema.names(model, p, names)));
  }

  /**
   * The refusal of a write of the entity of {@code values} into its period, which has no tables (or
   * lost them while the write ran), naming the entity, the value and the table.
   */
  InvalidValueException noTables(Object[] values) {
    LocalDate period = periods.periodOfValues(values);
    String table =
        PeriodSchema.names(model, period, names).apply(model.tableName()).getNameAsString();
    return InvalidValueException.of(
        periods.property().qualifiedName(),
        "cannot write "
            + model.entityName()
            + " "
            + KeyText.of(model, values)
            + ": its "
            + periods.property().name()
            + " "
            + values[periods.property().index()]
            + " belongs to period table "
            + table
            + ", which does not exist. schema().create("
            + model.entityName()
            + ".class) creates the current period"
            + " and "
            + periods.ahead()
            + " ahead (@TablePerPeriod(ahead)); schema().createPeriods makes others; periods"
            + " older than keep = "
            + periods.keep()
            + " are dropped by schema().dropExpiredPeriods");
  }

  /**
   * The store the entity of {@code values} is written to.
   *
   * @throws InvalidValueException when its period has no tables (or its time is of no period),
   *     naming the entity, the value and the table
   */
  EntityStore<T> forWrite(Object[] values) {
    EntityStore<T> store = existing(periods.periodOfValues(values));
    if (store == null) {
      throw noTables(values);
    }
    return store;
  }

  /**
   * The store of the entity of {@code values}, or null when its period has no tables as listed (no
   * such entity is stored): a read of a period not listed does not list the periods again, so reads
   * of expired keys cost no call to the master.
   */
  @Nullable EntityStore<T> forRead(Object[] values) {
    LocalDate period;
    try {
      period = periods.periodOfValues(values);
    } catch (InvalidValueException noPeriod) {
      return null; // a time no period table holds
    }
    return listed(period);
  }

  /**
   * Lists the periods whose main tables exist now, and forgets the stores of periods that no longer
   * do.
   */
  private Listed list() {
    List<LocalDate> found =
        HBaseCalls.admin(
            connection,
            names.apply(model.tableName()),
            "list the period tables of",
            admin -> PeriodSchema.existing(admin, model, names));
    stores.keySet().retainAll(found);
    Listed now = new Listed(List.copyOf(found), System.currentTimeMillis());
    listed = now;
    return now;
  }
}
