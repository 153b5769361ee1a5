package dev.rowan.core.internal.write;

import dev.rowan.core.internal.context.KeyText;
import dev.rowan.core.internal.context.StoreContext;
import dev.rowan.core.internal.plumbing.HBaseCalls;
import dev.rowan.core.internal.plumbing.ObservedCalls;
import dev.rowan.core.observation.RepositoryCallContext;
import dev.rowan.mapping.InvalidValueException;
import dev.rowan.mapping.PropertyModel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.filter.BinaryComparator;
import org.apache.hadoop.hbase.filter.ColumnPrefixFilter;
import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.apache.hadoop.hbase.filter.NullComparator;
import org.apache.hadoop.hbase.filter.SingleColumnValueFilter;
import org.jspecify.annotations.Nullable;

/**
 * Partial updates and counters of entities written without the protocol (no views, no history):
 * check-and-mutates that write only the cells of the properties changed, at the region server's
 * time, as a save's cells are.
 *
 * <ul>
 *   <li>An update without {@code @Version} is one check-and-mutate, without a read: its cells (and
 *       the deletes of the columns it sets to null) only if a cell of the entity exists, a filter
 *       condition (the whole row for a tall entity, the cells behind its column key for a wide
 *       one): it never creates an entity.
 *   <li>A counter, and an update of a {@code @Version} entity, read the entity, then write the new
 *       value (and version) only if the cell they read is unchanged (the version, or else the
 *       counter: equal to the value read, or still absent while the entity exists), and read again
 *       when it changed. Not HBase's {@code Increment}: it writes its cell at {@code max(now,
 *       previous cell + 1)}, so a save made in the same millisecond after it would write under it
 *       and be hidden, while every other write of Rowan's uses the server's time.
 * </ul>
 *
 * An entity that expires ({@code EntityModel.expires}) lives a time to live after its last write,
 * whole: each of its updates and additions reads it and writes every column again, at the server's
 * time as a save does, only if every column still holds what was read (and reads again when one
 * changed), so that no column keeps the timestamp of an earlier write and expires before the rest
 * (docs/writes.md, "Time to live").
 *
 * <p>A column set to null is deleted, and the row marker written (as a save of an entity without
 * values writes it), so that an entity whose last value an update removes still exists.
 */
public final class PlainUpdates<T> {

  private static final byte[] EMPTY = new byte[0];

  private final StoreContext<T> context;

  public PlainUpdates(StoreContext<T> context) {
    this.context = context;
  }

  /**
   * Applies {@code change} to the entity of main row {@code row} whose key parts are in {@code
   * key}, and returns its values after (only the key and the changed properties for an update
   * without version), or null when no entity is stored there.
   */
  public Object @Nullable [] update(byte[] row, Object[] key, EntityChange change) {
    boolean whole = context.model().expires();
    if (!change.isAddition() && context.model().version() == null && !whole) {
      Object[] after = change.apply(key.clone());
      CheckAndMutate write =
          write(
              CheckAndMutate.newBuilder(row).ifMatches(exists(key)),
              row,
              after,
              change.properties());
      boolean written =
          HBaseCalls.on(
                  context.connection(), context.mainTable(), "update", t -> t.checkAndMutate(write))
              .isSuccess();
      return written ? after : null;
    }
    PropertyModel checked =
        context.model().version() != null ? context.model().version() : change.properties().get(0);
    byte[] qualifier = context.model().qualifier(key, checked);
    for (int attempt = 1; attempt <= WriteAttempts.OF_UPDATE; attempt++) {
      if (attempt > 1) {
        ObservedCalls.count(RepositoryCallContext.Cost.RETRIES, 1);
      }
      Get get = new Get(row);
      if (context.model().isWide()) {
        get.setFilter(
            new ColumnPrefixFilter(
                Objects.requireNonNull(
                        context.model().columnKey(), "a wide entity has a column key")
                    .encode(key)));
      }
      Result result =
          HBaseCalls.on(
              context.connection(), context.mainTable(), "read before update", t -> t.get(get));
      Object[] before = values(result, key);
      if (before == null) {
        return null;
      }
      Object[] after = change.apply(before.clone());
      List<PropertyModel> written =
          new ArrayList<>(whole ? context.model().columns() : change.properties());
      PropertyModel version = context.model().version();
      if (version != null) {
        Object stored = before[version.index()];
        long next = (stored == null ? 0 : ((Number) stored).longValue()) + 1;
        after[version.index()] =
            version.type() == int.class || version.type() == Integer.class
                ? (Object) (int) next
                : (Object) next;
        if (!whole) {
          written.add(version);
        }
      }
      byte[] read = result.getValue(checked.family(), qualifier);
      CheckAndMutate.Builder condition = CheckAndMutate.newBuilder(row);
      if (whole) {
        condition = condition.ifMatches(unchanged(key, result));
      } else {
        condition =
            read != null
                ? condition.ifEquals(checked.family(), qualifier, read)
                : condition.ifMatches(absentIn(key, checked.family(), qualifier));
      }
      CheckAndMutate write = write(condition, row, after, written);
      if (HBaseCalls.on(
              context.connection(), context.mainTable(), "update", t -> t.checkAndMutate(write))
          .isSuccess()) {
        return after;
      }
      WriteAttempts.pause(attempt);
    }
    throw WriteAttempts.exhausted(
        context.model().entityName(), KeyText.of(context.model(), key), WriteAttempts.OF_UPDATE);
  }

  /** The values of the entity under {@code key} in {@code result}, or null when it holds none. */
  private Object @Nullable [] values(Result result, Object[] key) {
    if (result.isEmpty()) {
      return null;
    }
    if (!context.model().isWide()) {
      return context.model().readValues(result);
    }
    byte[] columnKey =
        Objects.requireNonNull(context.model().columnKey(), "a wide entity has a column key")
            .encode(key);
    for (T entity : context.model().readAll(result)) {
      Object[] values = context.model().values(entity);
      if (Arrays.equals(columnKey, context.model().columnKey().encode(values))) {
        return values;
      }
    }
    return null;
  }

  /** The condition that a cell of the entity under {@code key} exists. */
  private Filter exists(Object[] key) {
    return context.model().isWide()
        ? new ColumnPrefixFilter(
            Objects.requireNonNull(context.model().columnKey(), "a wide entity has a column key")
                .encode(key))
        : new FirstKeyOnlyFilter();
  }

  /**
   * The condition that the entity under {@code key} exists and has no cell {@code
   * family:qualifier}.
   */
  private Filter absentIn(Object[] key, byte @Nullable [] family, byte[] qualifier) {
    SingleColumnValueFilter absent =
        new SingleColumnValueFilter(
            family,
            qualifier,
            CompareOperator.EQUAL,
            new NullComparator()); // a stored value never equals null: the row passes only without
    // the cell
    absent.setFilterIfMissing(false);
    return context.model().isWide()
        ? new FilterList(
            FilterList.Operator.MUST_PASS_ALL,
            new ColumnPrefixFilter(
                Objects.requireNonNull(
                        context.model().columnKey(), "a wide entity has a column key")
                    .encode(key)),
            absent)
        : absent;
  }

  /**
   * The condition that the entity under {@code key} exists and its every column still holds what
   * {@code read} holds (a value equal to the one read, or no cell where it had none): the condition
   * of an update that writes every column again ({@code EntityModel.expires}), which must not put
   * back a value another write changed since it read.
   */
  private Filter unchanged(Object[] key, Result read) {
    List<Filter> conditions = new ArrayList<>();
    if (context.model().isWide()) {
      conditions.add(
          new ColumnPrefixFilter(
              Objects.requireNonNull(context.model().columnKey(), "a wide entity has a column key")
                  .encode(key)));
    }
    for (PropertyModel column : context.model().columns()) {
      byte[] qualifier = context.model().qualifier(key, column);
      byte[] value = read.getValue(column.family(), qualifier);
      SingleColumnValueFilter same =
          new SingleColumnValueFilter(
              column.family(),
              qualifier,
              CompareOperator.EQUAL,
              value == null ? new NullComparator() : new BinaryComparator(value));
      same.setFilterIfMissing(value != null);
      conditions.add(same);
    }
    return new FilterList(FilterList.Operator.MUST_PASS_ALL, conditions);
  }

  /**
   * {@code condition} applied to the cells of {@code properties} of the entity whose values are
   * {@code after}, at the server's time: a put of the non-null ones, and a delete of the null ones
   * with the row marker put.
   */
  private CheckAndMutate write(
      CheckAndMutate.Builder condition,
      byte[] row,
      Object[] after,
      List<PropertyModel> properties) {
    Put put = new Put(row);
    Delete delete = null;
    for (PropertyModel property : properties) {
      Object value = after[property.index()];
      byte[] qualifier = context.model().qualifier(after, property);
      if (value == null) {
        if (delete == null) {
          delete = new Delete(row);
        }
        delete.addColumns(property.family(), qualifier, HConstants.LATEST_TIMESTAMP);
      } else {
        put.addColumn(property.family(), qualifier, encode(property, value));
      }
    }
    if (delete == null) {
      return condition.build(put);
    }
    put.addColumn(context.model().markerFamily(), context.model().markerQualifier(after), EMPTY);
    try {
      return condition.build(RowMutations.of(List.of(put, delete)));
    } catch (IOException e) {
      throw new IllegalStateException("a put and a delete of one row", e);
    }
  }

  private static byte[] encode(PropertyModel property, Object value) {
    try {
      return Objects.requireNonNull(property.valueCodec(), "a column has a value codec")
          .encode(value);
    } catch (IllegalArgumentException | ClassCastException e) {
      throw InvalidValueException.of(property.qualifiedName(), String.valueOf(e.getMessage()));
    }
  }
}
