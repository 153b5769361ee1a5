package dev.rowan.core.internal.write;

import dev.rowan.core.internal.context.StoreContext;
import dev.rowan.core.internal.plumbing.HBaseCalls;
import dev.rowan.core.internal.plumbing.ObservedCalls;
import dev.rowan.core.observation.RepositoryCallContext;
import dev.rowan.index.MainRow;
import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapping.RowWrite;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Row;

/**
 * Writes entities without views: the same cells hand-written client code would put, in one batch;
 * with a {@code @Version}, each row conditionally on the version read (the entity's own version
 * cell, behind its column key in a wide row).
 */
public final class PlainWriter<T> {

  private final StoreContext<T> context;

  public PlainWriter(StoreContext<T> context) {
    this.context = context;
  }

  /**
   * Writes the entities and returns the values stored, versions advanced; {@code writes} are their
   * cells as encoded from {@code values}, written as they are when there is no version.
   */
  public List<Object[]> save(List<byte[]> rowKeys, List<Object[]> values, List<RowWrite> writes) {
    if (context.model().version() != null) {
      return putVersioned(rowKeys, values);
    }
    put(writes);
    return values;
  }

  private void put(List<RowWrite> writes) {
    List<Row> rows = new ArrayList<>(writes.size());
    for (RowWrite write : writes) {
      rows.add(write.delete() == null ? write.put() : write.asRowMutations());
    }
    HBaseCalls.runOn(
        context.connection(),
        context.mainTable(),
        "write",
        t -> {
          t.batch(rows, new Object[rows.size()]);
        });
  }

  private List<Object[]> putVersioned(List<byte[]> rowKeys, List<Object[]> values) {
    List<Object[]> written = new ArrayList<>(values);
    List<Integer> pending = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      pending.add(i);
    }
    PropertyModel version =
        Objects.requireNonNull(context.model().version(), "only a versioned entity puts versioned");
    for (int attempt = 1; !pending.isEmpty(); attempt++) {
      if (attempt > WriteAttempts.OF_WRITE) {
        throw WriteAttempts.exhausted(
            context.model().entityName(),
            context.describe(rowKeys.get(pending.get(0))),
            WriteAttempts.OF_WRITE);
      }
      if (attempt > 1) {
        ObservedCalls.count(RepositoryCallContext.Cost.RETRIES, 1);
      }
      List<byte[]> qualifiers =
          pending.stream().map(i -> context.model().qualifier(values.get(i), version)).toList();
      List<Get> gets = new ArrayList<>(pending.size());
      for (int j = 0; j < pending.size(); j++) {
        gets.add(
            new Get(rowKeys.get(pending.get(j))).addColumn(version.family(), qualifiers.get(j)));
      }
      Result[] current =
          HBaseCalls.on(
              context.connection(), context.mainTable(), "read versions", t -> t.get(gets));
      List<CheckAndMutate> writes = new ArrayList<>();
      for (int j = 0; j < pending.size(); j++) {
        int i = pending.get(j);
        byte[] stored = current[j].getValue(version.family(), qualifiers.get(j));
        Object[] before = stored == null ? null : storedVersion(version, stored);
        Object[] advanced =
            StoreContext.staleAsOptimisticLock(
                () ->
                    MainRow.advanceVersionForSave(
                        context.model(), before, values.get(i), rowKeys.get(i)));
        written.set(i, advanced);
        RowWrite write = context.model().write(advanced);
        CheckAndMutate.Builder condition = CheckAndMutate.newBuilder(rowKeys.get(i));
        condition =
            stored == null
                ? condition.ifNotExists(version.family(), qualifiers.get(j))
                : condition.ifEquals(version.family(), qualifiers.get(j), stored);
        writes.add(
            write.delete() == null
                ? condition.build(write.put())
                : condition.build(write.asRowMutations()));
      }
      List<CheckAndMutateResult> results =
          HBaseCalls.on(
              context.connection(), context.mainTable(), "write", t -> t.checkAndMutate(writes));
      List<Integer> lost = new ArrayList<>();
      for (int j = 0; j < results.size(); j++) {
        if (!results.get(j).isSuccess()) {
          lost.add(pending.get(j));
        }
      }
      pending = lost;
    }
    return written;
  }

  private Object[] storedVersion(PropertyModel version, byte[] stored) {
    Object[] before = new Object[context.model().properties().size()];
    before[version.index()] =
        Objects.requireNonNull(version.valueCodec(), "a column has a value codec")
            .decode(stored, 0, stored.length);
    return before;
  }
}
