package dev.rowan.core.internal.write;

import dev.rowan.core.internal.context.StoreContext;
import dev.rowan.core.internal.plumbing.HBaseCalls;
import dev.rowan.index.MainRow;
import dev.rowan.mapping.RowWrite;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.filter.ColumnPrefixFilter;

/**
 * Inserts entities without views: each entity one check-and-mutate that writes its cells only if
 * its {@link PresenceCell} does not exist, the check-and-mutates of a batch in one call. Where the
 * presence cell is the row marker, the entities are read first (one multi-get), since a save of an
 * entity with a value writes no marker.
 */
public final class PlainInserts<T> {

  private final StoreContext<T> context;

  public PlainInserts(StoreContext<T> context) {
    this.context = context;
  }

  /**
   * Inserts each entity of {@code values} (its row key in {@code rowKeys}, its cells, as a save
   * encodes them, in {@code writes}; for a {@code @Version} re-encoded at version 1) and returns
   * the values stored, null for each entity that exists. The entities must be distinct.
   *
   * @throws dev.rowan.core.OptimisticLockException when an entity carries a version other than 0
   */
  public List<Object[]> insert(List<byte[]> rowKeys, List<Object[]> values, List<RowWrite> writes) {
    int size = values.size();
    List<Object[]> stored = new ArrayList<>(size);
    List<PresenceCell> cells = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      Object[] requested = values.get(i);
      byte[] row = rowKeys.get(i);
      stored.add(
          StoreContext.staleAsOptimisticLock(
              () -> MainRow.advanceVersionForSave(context.model(), null, requested, row)));
      cells.add(PresenceCell.of(context.model(), requested));
    }
    boolean[] exists = readFirst(rowKeys, values, cells);
    List<Integer> sent = new ArrayList<>(size);
    List<CheckAndMutate> inserts = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      if (exists[i]) {
        continue;
      }
      RowWrite write =
          stored.get(i) == values.get(i) ? writes.get(i) : context.model().write(stored.get(i));
      sent.add(i);
      inserts.add(cells.get(i).insert(write));
    }
    if (!inserts.isEmpty()) {
      List<CheckAndMutateResult> results =
          HBaseCalls.on(
              context.connection(), context.mainTable(), "insert", t -> t.checkAndMutate(inserts));
      for (int j = 0; j < results.size(); j++) {
        if (!results.get(j).isSuccess()) {
          exists[sent.get(j)] = true;
        }
      }
    }
    for (int i = 0; i < size; i++) {
      if (exists[i]) {
        stored.set(i, null);
      }
    }
    return stored;
  }

  /**
   * Whether each entity whose presence cell is its marker is stored already, read in one multi-get.
   */
  private boolean[] readFirst(
      List<byte[]> rowKeys, List<Object[]> values, List<PresenceCell> cells) {
    boolean[] exists = new boolean[values.size()];
    List<Integer> read = new ArrayList<>();
    List<Get> gets = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      if (cells.get(i).readFirst()) {
        Get get = new Get(rowKeys.get(i));
        if (context.model().isWide()) {
          get.setFilter(
              new ColumnPrefixFilter(
                  Objects.requireNonNull(
                          context.model().columnKey(), "a wide entity has a column key")
                      .encode(values.get(i))));
        }
        read.add(i);
        gets.add(get);
      }
    }
    if (gets.isEmpty()) {
      return exists;
    }
    Result[] results =
        HBaseCalls.on(
            context.connection(), context.mainTable(), "read before insert", t -> t.get(gets));
    for (int j = 0; j < results.length; j++) {
      int i = read.get(j);
      exists[i] = holdsEntity(results[j], values.get(i));
    }
    return exists;
  }

  private boolean holdsEntity(Result result, Object[] values) {
    if (result.isEmpty()) {
      return false;
    }
    if (!context.model().isWide()) {
      return true; // every cell of a tall row belongs to its one entity
    }
    byte[] columnKey =
        Objects.requireNonNull(context.model().columnKey(), "a wide entity has a column key")
            .encode(values);
    for (T entity : context.model().readAll(result)) {
      if (Arrays.equals(
          columnKey, context.model().columnKey().encode(context.model().values(entity)))) {
        return true;
      }
    }
    return false;
  }
}
