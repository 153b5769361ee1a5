package dev.rowan.core.internal.context;

import dev.rowan.core.OptimisticLockException;
import dev.rowan.core.PermissionDeniedException;
import dev.rowan.core.internal.plumbing.BackgroundSettles;
import dev.rowan.core.internal.plumbing.HBaseCalls;
import dev.rowan.core.spi.ProtocolHook;
import dev.rowan.index.CellSize;
import dev.rowan.index.CommitSync;
import dev.rowan.index.MainRow;
import dev.rowan.index.RowStatus;
import dev.rowan.index.StaleVersionException;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.util.Bytes;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything the readers and writers of one entity share: the connection, the table names of the
 * entity and its views, the entity's model and view maintainer, and the protocol hook.
 *
 * @param <T> the entity type
 */
public final class StoreContext<T> {

  private final Connection connection;
  private final EntityModel<T> model;
  private final TableName mainTable;
  private final Map<ViewModel, TableName> viewTables;
  private final ProtocolHook hook;
  private final byte[] statusFamily;
  private final long maxCellSize;

  /**
   * How long a write may be in flight: past it, readers fence its main row and clean up after it.
   */
  private final long writeLeaseMillis;

  /**
   * Whether commits are grouped: synced once per region after a batch ({@link
   * dev.rowan.index.CommitSync}).
   */
  private final boolean groupCommit;

  /** Where step four runs off the callers' threads; null when writes settle before they return. */
  private final @Nullable BackgroundSettles background;

  /**
   * What the tables say of the views: which queries read, which writers write, and whether this
   * class may write.
   */
  private final ViewRoster roster;

  /**
   * Whether readers tidy after writers (repair view rows, fence dead writes): until the principal
   * is refused WRITE.
   */
  private final AtomicBoolean readerWrites = new AtomicBoolean(true);

  private static final Logger LOG = LoggerFactory.getLogger(StoreContext.class);

  public StoreContext(
      Connection connection,
      EntityModel<T> model,
      Function<String, TableName> names,
      WriteOptions options) {
    this.connection = connection;
    this.model = model;
    this.mainTable = names.apply(model.tableName());
    Map<ViewModel, TableName> tables = new LinkedHashMap<>();
    for (ViewModel view : ViewMaintainer.of(model).views()) {
      tables.put(view, names.apply(view.tableName()));
    }
    this.viewTables = Map.copyOf(tables);
    this.hook = options.hook();
    this.statusFamily = MainRow.statusFamily(model);
    this.maxCellSize = CellSize.max(connection.getConfiguration());
    this.writeLeaseMillis = options.writeLease().toMillis();
    this.groupCommit = options.groupCommit();
    this.background = options.background();
    this.roster =
        new ViewRoster(connection, model, mainTable, viewTables, options.viewRefresh().toMillis());
  }

  /** The connection every read and write of the entity goes through. */
  public Connection connection() {
    return connection;
  }

  /** The entity's model. */
  public EntityModel<T> model() {
    return model;
  }

  /** The name of the entity's main table. */
  public TableName mainTable() {
    return mainTable;
  }

  /** The name of the table of {@code view}, a view of the entity. */
  public TableName viewTable(ViewModel view) {
    return Objects.requireNonNull(viewTables.get(view), "every view of the entity has a table");
  }

  /** The name of each view's table, in the order the views are declared. */
  public Map<ViewModel, TableName> viewTables() {
    return viewTables;
  }

  /** The protocol hook, called between the steps of a write. */
  public ProtocolHook hook() {
    return hook;
  }

  /**
   * The family of the protocol's cells (the entity's first): shared, callers must not change it.
   */
  public byte[] statusFamily() {
    return statusFamily;
  }

  /** The largest cell HBase accepts ({@code hbase.client.keyvalue.maxsize}). */
  public long maxCellSize() {
    return maxCellSize;
  }

  /**
   * How long a write may be in flight: past it, readers fence its main row and clean up after it.
   */
  public long writeLeaseMillis() {
    return writeLeaseMillis;
  }

  /**
   * Whether commits are grouped: synced once per region after a batch ({@link
   * dev.rowan.index.CommitSync}).
   */
  public boolean groupCommit() {
    return groupCommit;
  }

  /** Where step four runs off the callers' threads; null when writes settle before they return. */
  public @Nullable BackgroundSettles background() {
    return background;
  }

  /**
   * What the tables say of the views: which queries read, which writers write, and whether this
   * class may write.
   */
  public ViewRoster roster() {
    return roster;
  }

  /**
   * Whether main row {@code rowKey}, read as {@code main}, is durable: true when it has no status
   * (no unsynced write of the protocol's) or its confirmation ({@link CommitSync#confirm})
   * succeeds; false when the row has changed since it was read, or lost the write it showed.
   */
  public boolean confirmDurable(byte @Nullable [] rowKey, MainRow main) {
    RowStatus status = main.status();
    if (status == null) {
      return true;
    }
    CheckAndMutate confirm =
        CommitSync.confirm(
            Objects.requireNonNull(rowKey, "a row with a status has a key"), statusFamily, status);
    return HBaseCalls.on(
            connection, mainTable, "confirm a main row is durable", t -> t.checkAndMutate(confirm))
        .isSuccess();
  }

  /** Whether readers still tidy after writers: false once the principal was refused a write. */
  public boolean readerWrites() {
    return readerWrites.get();
  }

  /**
   * Stops readers tidying after writers, as {@code refused} says the principal may not write: from
   * now on they read main rows and leave unsettled view rows for a writer to settle.
   */
  public void stopReaderWrites(PermissionDeniedException refused) {
    if (readerWrites.compareAndSet(true, false)) {
      LOG.info(
          "Principal '{}' may not write table {} ({}): reads of {} through views read main rows instead of"
              + " repairing view rows that writers left unsettled (docs/security.md)",
          refused.principal(),
          refused.table(),
          refused.permission(),
          model.entityName());
    }
  }

  /**
   * Every view the class declares: what queries are planned with (those the roster says are not
   * readable are planned around at each call), whatever the tables say now.
   */
  public List<ViewModel> declaredViews() {
    return ViewMaintainer.of(model).views();
  }

  /**
   * The maintainer of the views writers write: every declared view but those dropped ({@link
   * ViewRoster}).
   */
  public ViewMaintainer views() {
    return roster.maintained();
  }

  /**
   * Whether the entity is written by the consistency protocol ({@link
   * ViewMaintainer#usesProtocol}).
   */
  public boolean usesProtocol() {
    return ViewMaintainer.usesProtocol(model);
  }

  public String describe(byte[] rowKey) {
    return Bytes.toStringBinary(rowKey);
  }

  /**
   * What {@code decision} returns, a stale {@code @Version} reported as the repository's {@link
   * OptimisticLockException} (same message).
   */
  public static <V> V staleAsOptimisticLock(Supplier<V> decision) {
    try {
      return decision.get();
    } catch (StaleVersionException e) {
      throw OptimisticLockException.stale(e.entity(), e.key(), e.given(), e.stored());
    }
  }
}
