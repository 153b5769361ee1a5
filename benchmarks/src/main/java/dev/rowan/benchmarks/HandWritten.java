package dev.rowan.benchmarks;

import dev.rowan.index.ProtocolCells;
import dev.rowan.index.RowStatus;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapping.RowWrite;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Row;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.BinaryComparator;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.SingleColumnValueFilter;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The baseline of the HBase workloads: what an engineer writes with the HBase client alone, with
 * the same row keys and cells as Rowan (computed with Rowan's mapping classes, so that the layout
 * and the bytes are the same) and without any consistency protocol. It is the honest minimum: an
 * insert is one put per table, an update a get and then the puts and deletes the change needs, a
 * read one get, scan or multi-get, rows decoded with the mapping classes.
 *
 * <p>Main rows carry no status cell (that is Rowan's protocol); view rows are built by {@link
 * ViewModel#put}, so they carry the carried columns and a {@code VERIFIED} status cell (18 bytes),
 * which keeps them readable by Rowan. Cell timestamps are the region server's.
 *
 * <p>Thread-safety: not thread-safe (it holds {@link Table}s); one per thread.
 *
 * @param <T> the entity type
 */
final class HandWritten<T> implements AutoCloseable {

  /** The status of a hand-written view row: verified, timestamp left to the region server. */
  private static final RowStatus VERIFIED =
      new RowStatus(RowStatus.State.VERIFIED, HConstants.LATEST_TIMESTAMP, 0);

  private static final int BATCH = 1000;
  private static final byte[] MAIN_STATUS = ProtocolCells.Qualifier.MAIN_STATUS.bytes();

  private final Connection connection;
  private final EntityModel<T> model;
  private final List<ViewModel> views;
  private final TableName mainName;
  private final List<TableName> viewNames = new ArrayList<>();
  private final Table main;
  private final List<Table> viewTables = new ArrayList<>();

  /**
   * The hand-written client of {@code type}'s tables, named by {@code names} (a Rowan's {@code
   * tableName}).
   */
  HandWritten(Connection connection, Class<T> type, Function<String, TableName> names) {
    this.connection = connection;
    this.model = EntityModel.of(type);
    this.views = ViewMaintainer.of(model).views();
    this.mainName = names.apply(model.tableName());
    try {
      this.main = connection.getTable(mainName);
      for (ViewModel view : views) {
        TableName name = names.apply(view.tableName());
        viewNames.add(name);
        viewTables.add(connection.getTable(name));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  EntityModel<T> model() {
    return model;
  }

  /** Writes new entities: 1 + k puts each, one {@link BufferedMutator} per table. */
  void insert(List<T> entities) throws IOException {
    BufferedMutator mainOut = connection.getBufferedMutator(mainName);
    List<BufferedMutator> viewOut = new ArrayList<>();
    try {
      for (TableName name : viewNames) {
        viewOut.add(connection.getBufferedMutator(name));
      }
      for (T entity : entities) {
        Object[] values = model.values(entity);
        RowWrite write = model.write(values);
        mainOut.mutate(write.put());
        for (int v = 0; v < views.size(); v++) {
          ViewModel view = views.get(v);
          byte[] key = view.rowKey(values);
          if (key != null) {
            viewOut.get(v).mutate(view.put(key, values, VERIFIED, write.row()));
          }
        }
      }
    } finally {
      mainOut.close(); // flushes
      for (BufferedMutator out : viewOut) {
        out.close();
      }
    }
  }

  /**
   * Writes new entities as Rowan's {@code saveAll} leaves them once its protocol has settled (see
   * docs/view-consistency.md): each main row with a {@code LIVE} status cell, each view row {@code
   * VERIFIED}, all cells at one timestamp; through one {@link BufferedMutator} per table. After a
   * major compaction the tables hold the cells {@code saveAll} leaves (timestamps and nonces aside;
   * {@link SettledLoad} checks it). Used to load the read workloads' tables fast.
   */
  void insertSettled(List<T> entities) throws IOException {
    insertSettled(entities, System.currentTimeMillis());
  }

  /** {@link #insertSettled(List)}, as written at {@code timestamp}. */
  void insertSettled(List<T> entities, long timestamp) throws IOException {
    byte[] statusFamily = model.families().get(0).nameBytes();
    BufferedMutator mainOut = connection.getBufferedMutator(mainName);
    List<BufferedMutator> viewOut = new ArrayList<>();
    try {
      for (TableName name : viewNames) {
        viewOut.add(connection.getBufferedMutator(name));
      }
      for (T entity : entities) {
        Object[] values = model.values(entity);
        RowStatus live =
            new RowStatus(RowStatus.State.LIVE, timestamp, ThreadLocalRandom.current().nextLong());
        RowWrite write = model.write(values, timestamp);
        mainOut.mutate(write.put().addColumn(statusFamily, MAIN_STATUS, timestamp, live.encode()));
        if (write.delete() != null) {
          mainOut.mutate(write.delete());
        }
        for (int v = 0; v < views.size(); v++) {
          ViewModel view = views.get(v);
          byte[] key = view.rowKey(values);
          if (key != null) {
            viewOut
                .get(v)
                .mutate(view.put(key, values, live.with(RowStatus.State.VERIFIED), write.row()));
          }
        }
      }
    } finally {
      mainOut.close();
      for (BufferedMutator out : viewOut) {
        out.close();
      }
    }
  }

  /**
   * Replaces one stored entity: a get of its row (to learn the old view keys), a put of the main
   * row, then one batch per view table with the put of the new view row and the delete of the old
   * one.
   */
  void update(T entity) throws IOException, InterruptedException {
    Object[] after = model.values(entity);
    RowWrite write = model.write(after);
    Object[] before = model.readValues(main.get(new Get(write.row())));
    main.put(write.put());
    for (int v = 0; v < views.size(); v++) {
      List<Row> changes = viewChanges(views.get(v), before, after, write.row());
      if (!changes.isEmpty()) {
        viewTables.get(v).batch(changes, new Object[changes.size()]);
      }
    }
  }

  /**
   * Sets one property of the entity under {@code key}: one put of its cell, at the region server's
   * time.
   */
  void putCell(Object key, String property, Object value) throws IOException {
    dev.rowan.mapping.PropertyModel column = model.property(property);
    Object[] values = model.keyValuesOf(key);
    main.put(
        new org.apache.hadoop.hbase.client.Put(model.rowKeyOf(key))
            .addColumn(
                column.family(),
                model.qualifier(values, column),
                column.valueCodec().encode(value)));
  }

  /** Replaces stored entities a thousand at a time: a multi-get, then buffered puts and deletes. */
  void updateAll(List<T> entities) throws IOException {
    BufferedMutator mainOut = connection.getBufferedMutator(mainName);
    List<BufferedMutator> viewOut = new ArrayList<>();
    try {
      for (TableName name : viewNames) {
        viewOut.add(connection.getBufferedMutator(name));
      }
      for (int from = 0; from < entities.size(); from += BATCH) {
        List<T> chunk = entities.subList(from, Math.min(entities.size(), from + BATCH));
        List<Object[]> after = new ArrayList<>(chunk.size());
        List<Get> gets = new ArrayList<>(chunk.size());
        List<RowWrite> writes = new ArrayList<>(chunk.size());
        for (T entity : chunk) {
          Object[] values = model.values(entity);
          RowWrite write = model.write(values);
          after.add(values);
          writes.add(write);
          gets.add(new Get(write.row()));
        }
        Result[] current = main.get(gets);
        for (int i = 0; i < chunk.size(); i++) {
          Object[] before = model.readValues(current[i]);
          mainOut.mutate(writes.get(i).put());
          for (int v = 0; v < views.size(); v++) {
            for (Row change :
                viewChanges(views.get(v), before, after.get(i), writes.get(i).row())) {
              viewOut.get(v).mutate((org.apache.hadoop.hbase.client.Mutation) change);
            }
          }
        }
      }
    } finally {
      mainOut.close();
      for (BufferedMutator out : viewOut) {
        out.close();
      }
    }
  }

  private static List<Row> viewChanges(
      ViewModel view, Object[] before, Object[] after, byte[] mainKey) {
    byte[] oldKey = before == null ? null : view.rowKey(before);
    byte[] newKey = view.rowKey(after);
    boolean sameKey = oldKey != null && Arrays.equals(oldKey, newKey);
    List<Row> changes = new ArrayList<>(2);
    if (sameKey && view.sameContent(before, after)) {
      return changes;
    }
    if (newKey != null) {
      changes.add(view.put(newKey, after, VERIFIED, mainKey));
    }
    if (oldKey != null && !sameKey) {
      changes.add(new Delete(oldKey));
    }
    return changes;
  }

  /** The entity stored under the single-part row key {@code key}, or null: one get. */
  T get(Object key) throws IOException {
    Result result = main.get(new Get(model.rowKeyOf(key)));
    return result.isEmpty() ? null : model.read(result);
  }

  /** The entities stored under the single-part row keys {@code keys}: one multi-get. */
  List<T> multiGet(List<?> keys) throws IOException {
    List<Get> gets = new ArrayList<>(keys.size());
    for (Object key : keys) {
      gets.add(new Get(model.rowKeyOf(key)));
    }
    List<T> found = new ArrayList<>(keys.size());
    for (Result result : main.get(gets)) {
      if (!result.isEmpty()) {
        found.add(model.read(result));
      }
    }
    return found;
  }

  /**
   * The entities whose first view key property of view {@code viewName} equals {@code leading} and
   * whose second lies in {@code [from, to]}: one scan of the view table, or one per bucket of a
   * salted view, one after the other, merged by key (the salt byte ignored).
   */
  List<T> viewRange(String viewName, Object leading, Object from, Object to) throws IOException {
    int v = viewIndex(viewName);
    ViewModel view = views.get(v);
    Object[] values = new Object[model.properties().size()];
    values[view.keyProperties().get(0).index()] = leading;
    values[view.keyProperties().get(1).index()] = from;
    if (view.key().salt() == null) {
      byte[] start = view.key().encode(values, 2);
      values[view.keyProperties().get(1).index()] = to;
      byte[] stop = after(view.key().encode(values, 2));
      List<T> found = new ArrayList<>();
      try (ResultScanner scanner =
          viewTables.get(v).getScanner(new Scan().withStartRow(start).withStopRow(stop))) {
        for (Result row : scanner) {
          found.add(model.instantiate(view.decode(row)));
        }
      }
      return found;
    }
    byte[] start = view.key().encodeParts(values, 2);
    values[view.keyProperties().get(1).index()] = to;
    byte[] stop = after(view.key().encodeParts(values, 2));
    List<Result> rows = new ArrayList<>();
    for (int bucket = 0; bucket < view.key().salt().buckets(); bucket++) {
      Scan scan = new Scan().withStartRow(salted(bucket, start)).withStopRow(salted(bucket, stop));
      try (ResultScanner scanner = viewTables.get(v).getScanner(scan)) {
        for (Result row : scanner) {
          rows.add(row);
        }
      }
    }
    rows.sort(
        (a, b) ->
            Bytes.compareTo(
                a.getRow(), 1, a.getRow().length - 1, b.getRow(), 1, b.getRow().length - 1));
    List<T> found = new ArrayList<>(rows.size());
    for (Result row : rows) {
      found.add(model.instantiate(view.decode(row)));
    }
    return found;
  }

  private static byte[] salted(int bucket, byte[] parts) {
    byte[] key = new byte[parts.length + 1];
    key[0] = (byte) bucket;
    System.arraycopy(parts, 0, key, 1, parts.length);
    return key;
  }

  /**
   * The entities of an unsalted main table whose first key part is {@code leading} and second is in
   * {@code [from, to]}: one scan of the main table.
   */
  List<T> mainRange(Object leading, Object from, Object to) throws IOException {
    Object[] values = new Object[model.properties().size()];
    values[model.rowKey().parts().get(0).index()] = leading;
    values[model.rowKey().parts().get(1).index()] = from;
    byte[] start = model.rowKey().encode(values, 2);
    values[model.rowKey().parts().get(1).index()] = to;
    byte[] stop = after(model.rowKey().encode(values, 2));
    List<T> found = new ArrayList<>();
    try (ResultScanner scanner =
        main.getScanner(new Scan().withStartRow(start).withStopRow(stop))) {
      for (Result row : scanner) {
        found.add(model.read(row));
      }
    }
    return found;
  }

  /**
   * The same question as {@link #viewRange} without the view: a scan of the whole main table with
   * {@link SingleColumnValueFilter}s on the two columns, evaluated by the region server.
   */
  List<T> fullScan(
      String equalProperty, Object equalTo, String rangeProperty, Instant from, Instant to)
      throws IOException {
    FilterList filters =
        new FilterList(
            FilterList.Operator.MUST_PASS_ALL,
            filter(equalProperty, CompareOperator.EQUAL, equalTo),
            filter(rangeProperty, CompareOperator.GREATER_OR_EQUAL, from),
            filter(rangeProperty, CompareOperator.LESS_OR_EQUAL, to));
    List<T> found = new ArrayList<>();
    try (ResultScanner scanner = main.getScanner(new Scan().setFilter(filters))) {
      for (Result row : scanner) {
        found.add(model.read(row));
      }
    }
    return found;
  }

  /** Only for columns whose encoding sorts like their values (here: Strings, positive Instants). */
  private SingleColumnValueFilter filter(String property, CompareOperator op, Object value) {
    PropertyModel column = model.property(property);
    SingleColumnValueFilter filter =
        new SingleColumnValueFilter(
            column.family(),
            column.qualifier(),
            op,
            new BinaryComparator(column.valueCodec().encode(value)));
    filter.setFilterIfMissing(true);
    return filter;
  }

  /**
   * The {@code limit} entities with the greatest second key property among those whose first key
   * property of view {@code viewName} equals {@code leading}: one reversed scan per salt bucket
   * (one for an unsalted view), each limited to {@code limit} rows, merged by key (the salt byte
   * ignored).
   */
  List<T> newestInView(String viewName, Object leading, int limit) throws IOException {
    int v = viewIndex(viewName);
    ViewModel view = views.get(v);
    Object[] values = new Object[model.properties().size()];
    values[view.keyProperties().get(0).index()] = leading;
    byte[] parts = view.key().encodeParts(values, 1);
    int saltLength = view.key().salt() == null ? 0 : 1;
    int buckets = saltLength == 0 ? 1 : view.key().salt().buckets();
    List<Result> rows = new ArrayList<>();
    for (int bucket = 0; bucket < buckets; bucket++) {
      byte[] prefix = new byte[parts.length + saltLength];
      if (saltLength == 1) {
        prefix[0] = (byte) bucket;
      }
      System.arraycopy(parts, 0, prefix, saltLength, parts.length);
      Scan scan =
          new Scan()
              .setReversed(true)
              .withStartRow(after(prefix), false)
              .withStopRow(prefix, true)
              .setLimit(limit);
      try (ResultScanner scanner = viewTables.get(v).getScanner(scan)) {
        for (Result row : scanner) {
          rows.add(row);
        }
      }
    }
    rows.sort(
        (a, b) ->
            Bytes.compareTo(
                b.getRow(),
                saltLength,
                b.getRow().length - saltLength,
                a.getRow(),
                saltLength,
                a.getRow().length - saltLength));
    List<T> found = new ArrayList<>(limit);
    for (Result row : rows.subList(0, Math.min(limit, rows.size()))) {
      found.add(model.instantiate(view.decode(row)));
    }
    return found;
  }

  private int viewIndex(String name) {
    for (int v = 0; v < views.size(); v++) {
      if (views.get(v).name().equals(name)) {
        return v;
      }
    }
    throw new IllegalArgumentException(model.entityName() + " has no view " + name);
  }

  /**
   * How many rows of the unsalted view {@code viewName} have {@code leading} as their first view
   * key property: one scan of the view table that returns the first cell's key of each row and no
   * value ({@code FirstKeyOnlyFilter}, {@code KeyOnlyFilter}), trusting every row.
   */
  long viewKeyCount(String viewName, Object leading) throws IOException {
    int v = viewIndex(viewName);
    ViewModel view = views.get(v);
    Object[] values = new Object[model.properties().size()];
    values[view.keyProperties().get(0).index()] = leading;
    byte[] prefix = view.key().encode(values, 1);
    Scan scan =
        new Scan()
            .withStartRow(prefix)
            .withStopRow(after(prefix))
            .setFilter(
                new org.apache.hadoop.hbase.filter.FilterList(
                    new org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter(),
                    new org.apache.hadoop.hbase.filter.KeyOnlyFilter()));
    long count = 0;
    try (ResultScanner scanner = viewTables.get(v).getScanner(scan)) {
      for (Result ignored : scanner) {
        count++;
      }
    }
    return count;
  }

  /** The smallest key after every key that starts with {@code prefix}. */
  private static byte[] after(byte[] prefix) {
    int end = prefix.length;
    while (end > 0 && prefix[end - 1] == (byte) 0xFF) {
      end--;
    }
    byte[] next = Arrays.copyOf(prefix, end);
    next[end - 1]++;
    return next;
  }

  @Override
  public void close() throws IOException {
    main.close();
    for (Table table : viewTables) {
      table.close();
    }
  }
}
