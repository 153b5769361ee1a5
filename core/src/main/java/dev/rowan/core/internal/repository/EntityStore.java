package dev.rowan.core.internal.repository;

import dev.rowan.core.EntityExistsException;
import dev.rowan.core.Sort;
import dev.rowan.core.WriteConflictException;
import dev.rowan.core.internal.context.CellLimits;
import dev.rowan.core.internal.context.KeyText;
import dev.rowan.core.internal.context.StoreContext;
import dev.rowan.core.internal.context.WriteOptions;
import dev.rowan.core.internal.plumbing.HBaseCalls;
import dev.rowan.core.internal.read.ViewReader;
import dev.rowan.core.internal.write.EntityChange;
import dev.rowan.core.internal.write.PlainInserts;
import dev.rowan.core.internal.write.PlainUpdates;
import dev.rowan.core.internal.write.PlainWriter;
import dev.rowan.core.internal.write.ProtocolWriter;
import dev.rowan.core.internal.write.ProtocolWriter.Pending;
import dev.rowan.core.internal.write.SettlePipeline;
import dev.rowan.core.internal.write.WriteAttempts;
import dev.rowan.core.internal.write.WriteRequest;
import dev.rowan.index.MainRow;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.RowWrite;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.filter.ColumnPrefixFilter;
import org.apache.hadoop.hbase.util.Bytes;
import org.jspecify.annotations.Nullable;

/**
 * Reads and writes the entities of one class: the one place that talks to HBase for them. Entities
 * with views, and entities that keep history, are written by the consistency protocol ({@link
 * ProtocolWriter}), others with plain puts ({@link PlainWriter}); reads through views go through
 * {@link ViewReader}.
 *
 * <p>Thread-safety: thread-safe.
 *
 * @param <T> the entity type
 */
public final class EntityStore<T> implements EntityCrud<T> {

  /** Entities written per round of the protocol. */
  static final int BATCH = 1000;

  private final StoreContext<T> context;
  private final ProtocolWriter<T> protocol;
  private final PlainWriter<T> plain;
  private final ViewReader<T> viewReader;

  /**
   * A store of {@code model}'s entities over {@code connection}, naming tables with {@code names},
   * and writing as {@code options} say.
   */
  public EntityStore(
      Connection connection,
      EntityModel<T> model,
      Function<String, TableName> names,
      WriteOptions options) {
    this.context = new StoreContext<>(connection, model, names, options);
    this.protocol = new ProtocolWriter<>(context);
    this.plain = new PlainWriter<>(context);
    this.viewReader = new ViewReader<>(context);
  }

  public StoreContext<T> context() {
    return context;
  }

  ViewReader<T> viewReader() {
    return viewReader;
  }

  /** Deletes {@code entities}, those of entities with views by the protocol a batch at a time. */
  void deleteAll(List<T> entities) {
    context.roster().requireKnown();
    if (!context.usesProtocol()) {
      entities.forEach(this::delete);
      return;
    }
    Map<String, Pending> rows = new LinkedHashMap<>();
    for (T entity : entities) {
      byte[] row = context.model().rowKey(entity);
      rows.putIfAbsent(Bytes.toStringBinary(row), new Pending(new WriteRequest.Delete(row)));
    }
    List<Pending> all = new ArrayList<>(rows.values());
    SettlePipeline.around(
        all.size() > BATCH,
        context.background(),
        settles -> {
          for (int from = 0; from < all.size(); from += BATCH) {
            context.roster().requireKnown();
            protocol.write(
                new ArrayList<>(all.subList(from, Math.min(all.size(), from + BATCH))), settles);
          }
          return null;
        });
  }

  /** The entity model. */
  public EntityModel<T> model() {
    return context.model();
  }

  /** The table names of the views, by view. */
  public Map<ViewModel, TableName> viewTables() {
    return context.viewTables();
  }

  /** The name of the main table. */
  public TableName mainTable() {
    return context.mainTable();
  }

  /** Saves one entity; see {@link dev.rowan.core.HBaseRepository#save}. */
  @Override
  public T save(T entity) {
    Objects.requireNonNull(entity, () -> "cannot save a null " + context.model().entityName());
    return saveAll(List.of(entity)).get(0);
  }

  /**
   * Saves entities in batches; see {@link dev.rowan.core.HBaseRepository#saveAll}. Every entity is
   * encoded and checked before anything is written (its main row key and cells, and its row key and
   * cells in every view, against HBase's limits for each table), so a bad value fails the call with
   * nothing written; without views and versions the cells encoded then are the ones written.
   * Without a {@code @Version} nothing about an entity changes when it is saved, and the given
   * entities are returned.
   */
  @Override
  public List<T> saveAll(Iterable<T> entities) {
    Encoded<T> encoded = encode(entities, "save");
    List<T> given = encoded.given();
    List<Object[]> values = encoded.values();
    List<byte[]> keys = encoded.keys();
    List<RowWrite> writes = encoded.writes();
    boolean versioned = context.model().version() != null;
    List<T> saved = versioned ? new ArrayList<>(values.size()) : given;
    return SettlePipeline.around(
        values.size() > BATCH,
        context.background(),
        settles -> {
          for (int from = 0; from < values.size(); from += BATCH) {
            if (from > 0) {
              context
                  .roster()
                  .requireKnown(); // a long call sees a view added while it runs, as each call does
            }
            int to = Math.min(values.size(), from + BATCH);
            List<Object[]> stored =
                writeBatch(
                    keys.subList(from, to),
                    values.subList(from, to),
                    writes.subList(from, to),
                    settles);
            if (versioned) {
              for (Object[] entity : stored) {
                saved.add(context.model().instantiate(entity));
              }
            }
          }
          return saved;
        });
  }

  /**
   * Entities to write, each encoded and checked: their values, main row keys and cells, in order.
   */
  private record Encoded<T>(
      List<T> given, List<Object[]> values, List<byte[]> keys, List<RowWrite> writes) {}

  /**
   * Encodes every entity and checks it against HBase's limits (its main row key and cells, and its
   * row key and cells in every view) before anything is written; {@code verb} names the write in
   * the message of a null entity.
   */
  private Encoded<T> encode(Iterable<T> entities, String verb) {
    Objects.requireNonNull(entities, "entities");
    context.roster().requireKnown(); // a view this class does not declare would be left stale
    Encoded<T> encoded =
        new Encoded<>(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    for (T entity : entities) {
      Objects.requireNonNull(
          entity, () -> "cannot " + verb + " a null " + context.model().entityName());
      Object[] entityValues = context.model().values(entity);
      RowWrite write =
          context.model().write(entityValues); // validates every value before any write
      CellLimits.check(context, entityValues, write); // and every key and cell of the views
      encoded.given().add(entity);
      encoded.values().add(entityValues);
      encoded.keys().add(write.row());
      encoded.writes().add(write);
    }
    return encoded;
  }

  private List<Object[]> writeBatch(
      List<byte[]> keys, List<Object[]> values, List<RowWrite> writes, SettlePipeline settles) {
    if (!context.usesProtocol()) {
      return plain.save(keys, values, writes);
    }
    List<Object[]> written = new ArrayList<>(values.size());
    // One protocol round per run of distinct rows: a row saved twice in a batch is saved in order.
    Map<String, Pending> round = new LinkedHashMap<>();
    for (int i = 0; i <= keys.size(); i++) {
      String key = i < keys.size() ? Bytes.toStringBinary(keys.get(i)) : null;
      if (i == keys.size() || round.containsKey(key)) {
        written.addAll(protocol.write(new ArrayList<>(round.values()), settles));
        round.clear();
      }
      if (i < keys.size()) {
        round.put(key, new Pending(new WriteRequest.Save(keys.get(i), values.get(i))));
      }
    }
    return written;
  }

  /** Inserts one entity; see {@link dev.rowan.core.HBaseRepository#insert}. */
  @Override
  public T insert(T entity) {
    Objects.requireNonNull(entity, () -> "cannot insert a null " + context.model().entityName());
    return insertAll(List.of(entity)).get(0);
  }

  /**
   * Inserts entities in batches; see {@link dev.rowan.core.HBaseRepository#insertAll}. Every entity
   * is encoded and checked first, as by {@link #saveAll}; then each is written only where no entity
   * is stored under its key (by the protocol for entities with views, with {@link PlainInserts}
   * without), and the call fails once every batch is written if some were not, naming them. An
   * entity given twice is inserted once and found existing the second time.
   *
   * @throws dev.rowan.core.EntityExistsException naming the keys under which an entity existed
   */
  @Override
  public List<T> insertAll(Iterable<T> entities) {
    Encoded<T> encoded = encode(entities, "insert");
    List<T> given = encoded.given();
    List<Object[]> values = encoded.values();
    List<byte[]> keys = encoded.keys();
    List<RowWrite> writes = encoded.writes();
    List<Object[]> stored =
        SettlePipeline.around(
            values.size() > BATCH,
            context.background(),
            settles -> {
              List<Object[]> all = new ArrayList<>(values.size());
              for (int from = 0; from < values.size(); from += BATCH) {
                context.roster().requireKnown();
                int to = Math.min(values.size(), from + BATCH);
                all.addAll(
                    insertBatch(
                        keys.subList(from, to),
                        values.subList(from, to),
                        writes.subList(from, to),
                        settles));
              }
              return all;
            });
    List<T> inserted = new ArrayList<>(stored.size());
    List<String> existing = new ArrayList<>();
    List<Map<String, Object>> existingValues = new ArrayList<>();
    for (int i = 0; i < stored.size(); i++) {
      if (stored.get(i) == null) {
        existing.add(KeyText.of(context.model(), values.get(i)));
        existingValues.add(KeyText.values(context.model(), values.get(i)));
      } else {
        inserted.add(
            context.model().version() == null
                ? given.get(i)
                : context.model().instantiate(stored.get(i)));
      }
    }
    if (!existing.isEmpty()) {
      throw EntityExistsException.of(
          context.model().entityName(), existing, existingValues, stored.size());
    }
    return inserted;
  }

  /** One batch of inserts, in rounds of distinct entities; null for each entity that exists. */
  private List<Object[]> insertBatch(
      List<byte[]> keys, List<Object[]> values, List<RowWrite> writes, SettlePipeline settles) {
    List<Object[]> stored = new ArrayList<>(values.size());
    Set<String> round = new HashSet<>();
    int start = 0;
    for (int i = 0; i <= keys.size(); i++) {
      String key =
          i < keys.size() ? KeyText.identity(context.model(), keys.get(i), values.get(i)) : null;
      if (i == keys.size() || round.contains(key)) {
        if (!context.usesProtocol()) {
          stored.addAll(
              new PlainInserts<>(context)
                  .insert(
                      keys.subList(start, i), values.subList(start, i), writes.subList(start, i)));
        } else {
          List<Pending> pending = new ArrayList<>(i - start);
          for (int j = start; j < i; j++) {
            pending.add(new Pending(new WriteRequest.Insert(keys.get(j), values.get(j))));
          }
          stored.addAll(protocol.write(pending, settles));
        }
        round.clear();
        start = i;
      }
      if (key != null) {
        round.add(key);
      }
    }
    return stored;
  }

  /**
   * Applies {@code change} (a partial update or a counter's addition) to the entity whose key parts
   * are set in {@code key}, and returns its values after, or null when no entity is stored under
   * the key, with nothing written. Entities written by the protocol are updated by it ({@link
   * dev.rowan.index.WriteDecision#ofUpdate}): read, changed, written if the status is unchanged,
   * else read and changed again; others by {@link PlainUpdates}.
   *
   * @throws dev.rowan.mapping.InvalidValueException when a value after the change cannot be written
   */
  Object @Nullable [] update(Object[] key, EntityChange change) {
    context.roster().requireKnown(); // a view this class does not declare would be left stale
    byte[] row = context.model().rowKey().encode(key);
    if (!CellLimits.canHold(context.mainTable(), row)) {
      return null;
    }
    if (!context.usesProtocol()) {
      return new PlainUpdates<>(context).update(row, key, change);
    }
    UnaryOperator<Object[]> checked =
        before -> {
          Object[] after = change.apply(before);
          CellLimits.check(context, after, context.model().write(after));
          return after;
        };
    // An update has the budget of WriteAttempts.OF_UPDATE tries, in rounds of a protocol write's.
    int rounds = WriteAttempts.OF_UPDATE / WriteAttempts.OF_WRITE;
    for (int round = 1; ; round++) {
      try {
        return protocol.write(List.of(new Pending(new WriteRequest.Update(row, checked)))).get(0);
      } catch (WriteConflictException e) {
        if (round == rounds) {
          throw WriteAttempts.exhausted(
              context.model().entityName(), context.describe(row), WriteAttempts.OF_UPDATE);
        }
        WriteAttempts.pause(round + 2); // writers racing for one counter take turns
      }
    }
  }

  /**
   * The entity under {@code keyParts}: its row key parts, then for a wide entity its column key
   * parts (one entity of a wide row, read with a get of that entity's columns alone).
   */
  @Override
  public Optional<T> findByKey(Object... keyParts) {
    if (context.model().isWide()) {
      Object[] key = context.model().keyValuesOf(keyParts);
      byte[] row = context.model().rowKey().encode(key);
      if (!CellLimits.canHold(context.mainTable(), row)) {
        return Optional.empty();
      }
      byte[] column =
          Objects.requireNonNull(context.model().columnKey(), "a wide entity has a column key")
              .encode(key);
      Get get = new Get(row).setFilter(new ColumnPrefixFilter(column));
      Result result =
          HBaseCalls.on(context.connection(), context.mainTable(), "get", t -> t.get(get));
      for (T entity : context.model().readAll(result)) {
        if (Arrays.equals(
            column, context.model().columnKey().encode(context.model().values(entity)))) {
          return Optional.of(entity);
        }
      }
      return Optional.empty();
    }
    byte[] row = context.model().rowKeyOf(keyParts);
    if (!CellLimits.canHold(context.mainTable(), row)) {
      return Optional.empty();
    }
    Result result =
        HBaseCalls.on(context.connection(), context.mainTable(), "get", t -> t.get(new Get(row)));
    MainRow main = MainRow.of(context.model(), result);
    return main.isLive()
        ? Optional.of(
            context
                .model()
                .instantiate(Objects.requireNonNull(main.values(), "a live row has values")))
        : Optional.empty();
  }

  /** Deletes {@code entity}. */
  @Override
  public void delete(T entity) {
    Objects.requireNonNull(entity, () -> "cannot delete a null " + context.model().entityName());
    deleteRow(context.model().rowKey(entity), context.model().values(entity));
  }

  /**
   * Deletes the entity under {@code keyParts}, given as to {@link #findByKey}: for a wide entity,
   * that one entity of its row, never the whole row.
   */
  @Override
  public void deleteByKey(Object... keyParts) {
    Object[] key = context.model().keyValuesOf(keyParts);
    byte[] row = context.model().rowKey().encode(key);
    if (!CellLimits.canHold(context.mainTable(), row)) {
      return;
    }
    deleteRow(row, key);
  }

  /** Deletes the entity of {@code row}, whose key parts are in {@code values}. */
  private void deleteRow(byte[] row, Object[] values) {
    context.roster().requireKnown();
    if (context.usesProtocol()) {
      protocol.write(List.of(new Pending(new WriteRequest.Delete(row))));
      return;
    }
    Delete delete = context.model().deletion(values);
    HBaseCalls.runOn(
        context.connection(),
        context.mainTable(),
        "delete",
        t -> {
          t.delete(delete);
        });
  }

  /**
   * Every entity in row key order (merged across salt buckets), lazily; closing the stream closes
   * the scanners. Read as a query without conditions that may read the whole table is.
   */
  @Override
  public Stream<T> scanAll() {
    return AdHocQuery.plan(this, null, List.of(), Sort.unsorted(), 0, true, false).stream(null);
  }

  /**
   * The entities whose leading view key properties equal {@code leading}, through view {@code
   * viewName}, in view key order (across buckets), every row checked as a query's rows are.
   */
  public List<T> findByView(String viewName, Object... leading) {
    // every declared view: one that is building or dropped is refused by the query, saying so
    ViewModel view = ViewsByName.view(context.model(), viewName, leading.length);
    List<AdHocQuery.Term> terms = new ArrayList<>();
    for (int i = 0; i < leading.length; i++) {
      terms.add(AdHocQuery.Term.equal(view.keyProperties().get(i).name(), leading[i]));
    }
    try (Stream<T> found = AdHocQuery.ofViewRows(this, view.name(), terms).stream(null)) {
      return found.toList();
    }
  }
}
