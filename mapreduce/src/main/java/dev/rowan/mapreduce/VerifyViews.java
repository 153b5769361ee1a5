package dev.rowan.mapreduce;

import dev.rowan.core.DataAccessException;
import dev.rowan.core.Rowan;
import dev.rowan.index.ProtocolCells;
import dev.rowan.index.RowStatus;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Compares every view of an entity with its rebuild from the main table and reports, per
 * view, the entities that have no view row (missing), the view rows that are unverified or
 * carry other values than their entity (stale) and the view rows no entity maps to (orphans),
 * with a sample of keys; {@link #repair()} also fixes them, and {@link #rebuild()} rewrites
 * every view row from the main table.
 *
 * <pre>{@code
 * for (ViewReport view : VerifyViews.of(rowan, Order.class).check()) {
 *   System.out.println(view.summary());
 * }
 * }</pre>
 *
 * <p>It reads from the client, in two passes per view, a batch of rows at a time: the view
 * table, each row checked against its main row (one multi-get per batch), then the main table,
 * each entity's view key looked up (one multi-get per batch). Memory stays bounded by the
 * batch; the time is that of scanning every table once. Run a check at any time (a write in
 * flight shows as a stale row); run a repair or a rebuild while no saves of the entity run, as
 * it may otherwise undo a concurrent write's view row.
 *
 * <p>Thread-safety: an instance may be used by one thread at a time.
 */
public final class VerifyViews {

  private static final int BATCH = 500;
  private static final int SAMPLES = 10;

  /** What to do about the rows at fault. */
  private enum Mode { CHECK, REPAIR, REBUILD }

  private final Rowan rowan;
  private final EntityModel<?> model;
  private final List<ViewModel> views;

  private VerifyViews(Rowan rowan, EntityModel<?> model) {
    this.rowan = rowan;
    this.model = model;
    this.views = ViewMaintainer.of(model).views();
  }

  /** Verifies the views of {@code entityType} in the tables of {@code rowan}. */
  public static VerifyViews of(Rowan rowan, Class<?> entityType) {
    return new VerifyViews(Objects.requireNonNull(rowan, "rowan"), EntityModel.of(entityType));
  }

  /**
   * Reports on every view without changing anything.
   *
   * @throws DataAccessException when HBase fails
   */
  public List<ViewReport> check() {
    return run(Mode.CHECK);
  }

  /**
   * Reports on every view and fixes what is wrong: missing and stale rows are written from
   * their entity, verified; orphans are deleted.
   *
   * @throws DataAccessException when HBase fails
   */
  public List<ViewReport> repair() {
    return run(Mode.REPAIR);
  }

  /**
   * Rewrites every view row from the main table, verified, and deletes every orphan; the
   * report counts what was wrong before.
   *
   * @throws DataAccessException when HBase fails
   */
  public List<ViewReport> rebuild() {
    return run(Mode.REBUILD);
  }

  private List<ViewReport> run(Mode mode) {
    TableName mainName = rowan.tableName(model.tableName());
    List<ViewReport> reports = new ArrayList<>();
    try (Table main = rowan.connection().getTable(mainName)) {
      ViewRowRepairs repairs = new ViewRowRepairs(model, main);
      for (ViewModel view : views) {
        TableName name = rowan.tableName(view.tableName());
        try (Table table = rowan.connection().getTable(name)) {
          reports.add(verify(view, name, table, main, repairs, mode));
        }
      }
    } catch (IOException e) {
      throw DataAccessException.of("verify views of " + model.entityName(), mainName.getNameAsString(), e);
    }
    return reports;
  }

  private ViewReport verify(ViewModel view, TableName name, Table table, Table main, ViewRowRepairs repairs,
      Mode mode) throws IOException {
    Tally tally = new Tally();
    try (ResultScanner scanner = table.getScanner(new Scan().setCaching(BATCH))) {
      List<Result> batch = new ArrayList<>(BATCH);
      for (Result row : scanner) {
        batch.add(row);
        if (batch.size() == BATCH) {
          checkViewRows(view, table, main, repairs, mode, batch, tally);
          batch.clear();
        }
      }
      checkViewRows(view, table, main, repairs, mode, batch, tally);
    }
    try (ResultScanner scanner = main.getScanner(new Scan().setCaching(BATCH))) {
      List<Result> batch = new ArrayList<>(BATCH);
      for (Result row : scanner) {
        batch.add(row);
        if (batch.size() == BATCH) {
          findMissing(view, table, repairs, mode, batch, tally);
          batch.clear();
        }
      }
      findMissing(view, table, repairs, mode, batch, tally);
    }
    return new ViewReport(view.name(), name, tally.rows, tally.missing, tally.stale, tally.orphans, tally.repaired,
        tally.samples);
  }

  /** Pass one: each view row against its main row. */
  private void checkViewRows(ViewModel view, Table table, Table main, ViewRowRepairs repairs, Mode mode,
      List<Result> rows, Tally tally) throws IOException {
    if (rows.isEmpty()) {
      return;
    }
    List<Get> gets = new ArrayList<>(rows.size());
    for (Result row : rows) {
      gets.add(new Get(view.mainRowKey(row)));
    }
    Result[] mains = main.get(gets);
    for (int i = 0; i < rows.size(); i++) {
      Result row = rows.get(i);
      tally.rows++;
      Object[] entity = liveValues(mains[i]);
      byte[] expectedKey = entity == null ? null : view.rowKey(entity);
      if (expectedKey == null || !Arrays.equals(expectedKey, row.getRow())) {
        tally.orphans++;
        tally.fault("orphan", row.getRow());
        if (mode != Mode.CHECK && repairs.delete(view, table, row, mains[i])) {
          tally.repaired++;
        }
      } else if (!matches(view, row, entity)) {
        tally.stale++;
        tally.fault("stale", row.getRow());
        if (mode != Mode.CHECK && repairs.rewrite(view, table, mains[i], expectedKey)) {
          tally.repaired++;
        }
      } else if (mode == Mode.REBUILD && repairs.rewrite(view, table, mains[i], expectedKey)) {
        tally.repaired++;
      }
    }
  }

  /** Pass two: each entity's view row, looked up by key. */
  private void findMissing(ViewModel view, Table table, ViewRowRepairs repairs, Mode mode, List<Result> mains,
      Tally tally) throws IOException {
    List<Result> live = new ArrayList<>();
    List<byte[]> keys = new ArrayList<>();
    for (Result main : mains) {
      Object[] entity = liveValues(main);
      byte[] key = entity == null ? null : view.rowKey(entity);
      if (key != null) {
        live.add(main);
        keys.add(key);
      }
    }
    if (keys.isEmpty()) {
      return;
    }
    List<Get> gets = new ArrayList<>(keys.size());
    for (byte[] key : keys) {
      gets.add(new Get(key).setCheckExistenceOnly(true));
    }
    Result[] found = table.get(gets);
    for (int i = 0; i < keys.size(); i++) {
      if (!Boolean.TRUE.equals(found[i].getExists())) {
        tally.missing++;
        tally.fault("missing", keys.get(i));
        if (mode != Mode.CHECK && repairs.rewrite(view, table, live.get(i), keys.get(i))) {
          tally.repaired++;
        }
      }
    }
  }

  /** The entity a main row holds, or null for none (no row, or a tombstone). */
  private Object[] liveValues(Result main) {
    EntityCells.Prior prior = EntityCells.Prior.of(model, main);
    return prior == null ? null : prior.values();
  }

  /** Whether {@code row} is verified and carries exactly the values of {@code entity}. */
  private static boolean matches(ViewModel view, Result row, Object[] entity) {
    RowStatus status = ProtocolCells.status(row, view.statusFamily(), ProtocolCells.VIEW_STATUS);
    if (status == null || status.state() != RowStatus.State.VERIFIED) {
      return false;
    }
    Object[] carried = view.decode(row);
    for (PropertyModel column : view.carried()) {
      if (!Objects.deepEquals(carried[column.index()], entity[column.index()])) {
        return false;
      }
    }
    return true;
  }

  /** Counts of one view. */
  private static final class Tally {
    long rows;
    long missing;
    long stale;
    long orphans;
    long repaired;
    final List<String> samples = new ArrayList<>();

    void fault(String kind, byte[] key) {
      if (samples.size() < SAMPLES) {
        samples.add(kind + " " + Bytes.toStringBinary(key));
      }
    }
  }
}
