package dev.rowan.mapreduce.internal.view;

import dev.rowan.index.MainRow;
import dev.rowan.index.ProtocolCells;
import dev.rowan.index.RetiredRows;
import dev.rowan.index.RowStatus;
import dev.rowan.index.ViewModel;
import dev.rowan.index.ViewRowRepair;
import dev.rowan.index.ViewRowVerdict;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapreduce.internal.view.ViewVerdict.Kind;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.jspecify.annotations.Nullable;

/**
 * Checks a batch of rows of one table against the others, one multi-get per batch and view, and
 * repairs what is wrong when asked (through {@link ViewRowRepairs}, by the rules of the write
 * protocol):
 *
 * <ul>
 *   <li>a batch of view rows: their main rows read in one multi-get; each row is consistent, stale
 *       (rewritten from its entity) or an orphan (deleted);
 *   <li>a batch of main rows: for each view, the view keys of their entities looked up in one
 *       multi-get of existence checks; an entity without its row is missing (the row is written).
 * </ul>
 *
 * <p>Thread-safety: not thread-safe; one per map task.
 */
final class ViewBatch {

  /** Where the findings go: the job's counters and samples. */
  interface Findings {
    /** {@code count} rows of view {@code view} were read. */
    void rows(int view, long count);

    /** A row of view {@code view} is at fault. */
    void fault(int view, Kind kind, byte[] key) throws IOException, InterruptedException;

    /** A repair rewrote ({@code deleted} false) or deleted a row of view {@code view}. */
    void repaired(int view, boolean deleted);

    /** {@code count} rows of view {@code view} as a rebuild's load left them were settled. */
    void settled(int view, long count);

    /**
     * A key of unique view {@code view}, shown as {@code keyText} ({@link #keyText}), is held by
     * another entity than the one reported missing at it.
     */
    void secondOwner(int view, String keyText) throws IOException, InterruptedException;
  }

  /** The owner qualifier of unique view rows, this class's own copy for its gets. */
  private static final byte[] OWNER = ProtocolCells.Qualifier.OWNER.bytes();

  /** The status qualifier of view rows, this class's own copy for its gets. */
  private static final byte[] STATUS = ProtocolCells.Qualifier.VIEW_STATUS.bytes();

  private static final Result EMPTY = Result.create(new Cell[0]);

  private final List<ViewModel> views;
  private final ViewVerdict verdict;
  private final Table main;
  private final List<Table> viewTables;
  private final @Nullable ViewRowRepairs repairs; // only when rows at fault are repaired
  private final boolean settleLoaded;
  private final EntityModel<?> model;
  private final long leaseMillis;
  private final Findings findings;

  /**
   * @param repair whether rows at fault are repaired, or only reported
   * @param settleLoaded whether rows as a rebuild's load left them are settled without a finding
   *     (only with {@code repair})
   * @param leaseMillis the writers' write lease: a unique key's claim younger than it, whose writer
   *     may still commit, is left to that writer
   */
  ViewBatch(
      EntityModel<?> model,
      List<ViewModel> views,
      Table main,
      List<Table> viewTables,
      boolean repair,
      boolean settleLoaded,
      long leaseMillis,
      Findings findings) {
    this.model = model;
    this.leaseMillis = leaseMillis;
    this.views = views;
    this.verdict = new ViewVerdict(model);
    this.main = main;
    this.viewTables = viewTables;
    this.repairs = repair ? new ViewRowRepairs(model, main, leaseMillis) : null;
    this.settleLoaded = repair && settleLoaded;
    this.findings = findings;
  }

  /**
   * Checks rows of view {@code index} against their main rows. A row that names no main row (a key
   * this view cannot decode, a unique view row without owner cell) is an orphan. A retired row is
   * passed over, neither counted nor judged, and a row its entity left, awaiting retirement, is not
   * counted either.
   */
  void viewRows(int index, List<Result> scanned) throws IOException, InterruptedException {
    if (scanned.isEmpty()) {
      return;
    }
    ViewModel view = views.get(index);
    Table table = viewTables.get(index);
    // a row an entity left is kept for readers until HBase drops it: not a row of the view's
    List<Result> current =
        scanned.stream().filter(row -> RetiredRows.retired(view, row) == null).toList();
    if (current.isEmpty()) {
      return;
    }
    List<Result> rows = reread(table, current);
    List<Get> gets = new ArrayList<>(rows.size());
    Result[] mains = new Result[rows.size()];
    List<Integer> named = new ArrayList<>(rows.size());
    for (int i = 0; i < rows.size(); i++) {
      byte[] mainKey = view.owner(rows.get(i));
      if (mainKey == null) {
        mains[i] = EMPTY;
      } else {
        named.add(i);
        gets.add(new Get(mainKey));
      }
    }
    Result[] found = gets.isEmpty() ? new Result[0] : main.get(gets);
    for (int j = 0; j < found.length; j++) {
      mains[named.get(j)] = found[j];
    }
    boolean[] settled = settleLoaded(index, rows, mains);
    long counted = 0; // the rows of the view's: neither retired nor left by their entity
    for (int i = 0; i < rows.size(); i++) {
      if (settled[i]) {
        counted++;
        continue;
      }
      Result row = rows.get(i);
      Kind kind = verdict.of(view, row, mains[i]);
      if (kind == Kind.AWAITING_RETIREMENT && repairs != null) {
        // a row an entity left, as a retired one, retired by a repair once its settle window has
        // passed
        repairs.delete(view, table, row, mains[i]);
      }
      if (kind == Kind.RETIRED || kind == Kind.AWAITING_RETIREMENT) {
        continue;
      }
      counted++;
      if (kind == Kind.CONSISTENT) {
        continue;
      }
      findings.fault(index, kind, row.getRow());
      if (repairs == null) {
        continue;
      }
      if (kind == Kind.ORPHAN && repairs.delete(view, table, row, mains[i])) {
        findings.repaired(index, true);
      } else if (kind == Kind.STALE
          && repairs.rewrite(
              view,
              table,
              mains[i],
              row.getRow(),
              ViewRowRepair.statusAsRead(view, row),
              ViewRowRepair.writeMarked(view, row))) {
        findings.repaired(index, false);
      }
    }
    findings.rows(index, counted);
  }

  /**
   * Settles, in one batch and before any other repair of the batch (which may fence their main
   * rows), the rows of view {@code index} as a rebuild's load left them; which were settled. A row
   * that could not be settled was written since, or its main row was: it is judged as any other
   * row.
   */
  private boolean[] settleLoaded(int index, List<Result> rows, Result[] mains) throws IOException {
    boolean[] settled = new boolean[rows.size()];
    if (!settleLoaded) {
      return settled;
    }
    ViewModel view = views.get(index);
    List<Integer> loaded = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      if (verdict.asLoaded(view, rows.get(i), mains[i])) {
        loaded.add(i);
      }
    }
    if (loaded.isEmpty()) {
      return settled;
    }
    boolean[] done =
        Objects.requireNonNull(repairs, "rows are settled only on repair")
            .settleLoaded(
                view,
                viewTables.get(index),
                loaded.stream().map(rows::get).toList(),
                loaded.stream().map(i -> mains[i]).toList());
    long count = 0;
    for (int j = 0; j < done.length; j++) {
      settled[loaded.get(j)] = done[j];
      count += done[j] ? 1 : 0;
    }
    findings.settled(index, count);
    return settled;
  }

  /**
   * The rows {@code scanned} as they are now, those deleted since left out. A region scanner reads
   * its region as it was when the scanner opened, which is long ago by the end of a task while
   * writers write: judged against main rows read now, most rows they changed meanwhile would look
   * at fault, and their repairs would fail on the changed rows. One multi-get per batch.
   */
  private static List<Result> reread(Table table, List<Result> scanned) throws IOException {
    List<Get> gets = new ArrayList<>(scanned.size());
    for (Result row : scanned) {
      gets.add(new Get(row.getRow()));
    }
    List<Result> now = new ArrayList<>(scanned.size());
    for (Result row : table.get(gets)) {
      if (!row.isEmpty()) {
        now.add(row);
      }
    }
    return now;
  }

  /** Looks up the view rows of the entities in {@code scanned} (as they are now), in every view. */
  void mainRows(List<Result> scanned) throws IOException, InterruptedException {
    List<Result> mains = reread(main, scanned);
    for (int index = 0; index < views.size(); index++) {
      findMissing(index, mains);
    }
  }

  /**
   * Finds the entities of {@code mains} without their row in view {@code index}. In a unique view
   * the row must also name the entity as its owner: a row at the entity's key whose owner cell is
   * damaged or names an entity that no longer maps to the key leaves the entity missing (its row is
   * rewritten on repair, so that the key stays owned); a row whose owner is another live entity
   * with the same key is a second owner, reported and left as it is.
   */
  private void findMissing(int index, List<Result> mains) throws IOException, InterruptedException {
    ViewModel view = views.get(index);
    List<Result> live = new ArrayList<>();
    List<Get> gets = new ArrayList<>();
    byte[] family = view.statusFamily();
    for (Result row : mains) {
      byte[] key = verdict.expectedKey(view, row);
      if (key != null) {
        live.add(row);
        gets.add(
            view.isUnique()
                ? new Get(key).addColumn(family, OWNER).addColumn(family, STATUS)
                : new Get(key).setCheckExistenceOnly(true));
      }
    }
    if (gets.isEmpty()) {
      return;
    }
    Table table = viewTables.get(index);
    Result[] found = table.get(gets);
    List<Integer> otherOwner = new ArrayList<>();
    for (int i = 0; i < found.length; i++) {
      if (view.isUnique()) {
        byte[] owner = ProtocolCells.owner(found[i], family);
        if (owner == null || !Arrays.equals(owner, live.get(i).getRow())) {
          otherOwner.add(i);
        }
      } else if (!Boolean.TRUE.equals(found[i].getExists())) {
        missing(index, view, table, live.get(i), gets.get(i).getRow(), null, true);
      }
    }
    if (otherOwner.isEmpty()) {
      return;
    }
    List<Get> owners = new ArrayList<>();
    for (int i : otherOwner) {
      owners.add(ownerGet(found[i], family, live.get(i)));
    }
    Result[] held = main.get(owners);
    for (int j = 0; j < held.length; j++) {
      int i = otherOwner.get(j);
      findings.fault(index, Kind.MISSING, gets.get(i).getRow());
      claim(index, view, table, gets.get(i).getRow(), found[i], live.get(i), held[j]);
    }
  }

  /**
   * Rounds of judging a unique key's holder and taking it over, when the key changes hands
   * meanwhile.
   */
  private static final int CLAIM_ROUNDS = 3;

  /**
   * Gives the entity of {@code mainRow} its key {@code key} of unique view {@code view}, whose row
   * was read as {@code row}, held by the entity whose main row was read as {@code holderMain} (its
   * own when the row names no owner): the holder judged as a writer's claim would judge it. Taken
   * by another live entity: a second owner, reported and left. Stale (or the entity's own): taken
   * over on repair; when the key changed hands meanwhile, its new holder is judged again.
   */
  private void claim(
      int index,
      ViewModel view,
      Table table,
      byte[] key,
      Result row,
      Result mainRow,
      Result holderMain)
      throws IOException, InterruptedException {
    RowStatus mine = MainRow.of(model, mainRow).status();
    for (int round = 1; round <= CLAIM_ROUNDS; round++) {
      RowStatus seen = ViewRowVerdict.observed(view, row);
      // the entity's own row (its owner cell damaged) when it names the entity's current write
      boolean own =
          Arrays.equals(holderMain.getRow(), mainRow.getRow())
              || seen != null
                  && mine != null
                  && seen.timestamp() == mine.timestamp()
                  && seen.nonce() == mine.nonce();
      ViewRowVerdict.Holder holder =
          own
              ? ViewRowVerdict.Holder.STALE
              : ViewRowVerdict.forClaim(
                  view,
                  key,
                  seen,
                  MainRow.of(model, holderMain),
                  System.currentTimeMillis(),
                  leaseMillis);
      if (holder == ViewRowVerdict.Holder.CURRENT) {
        findings.secondOwner(
            index,
            keyText(
                view,
                Objects.requireNonNull(
                    MainRow.of(model, mainRow).values(),
                    "an entity missing its row in a view is live")));
        return;
      }
      if (holder != ViewRowVerdict.Holder.STALE || repairs == null) {
        return; // a claim in flight is left to its writer
      }
      if (repairs.takeOver(view, table, row, mainRow, key)) {
        findings.repaired(index, false);
        return;
      }
      // another claim came first (a writer's, or this pass's for another entity with the same key):
      // judge it
      byte[] family = view.statusFamily();
      row = table.get(new Get(key).addColumn(family, OWNER).addColumn(family, STATUS));
      if (row.isEmpty()) {
        continue;
      }
      byte[] owner = ProtocolCells.owner(row, family);
      if (owner != null && Arrays.equals(owner, mainRow.getRow())) {
        return; // its own now: written by a writer of the entity meanwhile
      }
      holderMain = main.get(ownerGet(row, family, mainRow));
    }
  }

  /**
   * The key of view {@code view} of the entity whose values are {@code values}, as its key
   * properties with their values: {@code email=a@example.com}, or {@code (tenant=t-1, code=7)}.
   */
  static String keyText(ViewModel view, Object[] values) {
    List<String> shown =
        view.keyProperties().stream().map(p -> p.name() + "=" + shown(values[p.index()])).toList();
    return shown.size() == 1 ? shown.get(0) : "(" + String.join(", ", shown) + ")";
  }

  private static String shown(Object value) {
    return value instanceof byte[] bytes ? Bytes.toStringBinary(bytes) : String.valueOf(value);
  }

  /**
   * The get of the main row that {@code row}'s owner cell names, or of {@code mainRow} when it
   * names none.
   */
  private static Get ownerGet(Result row, byte[] family, Result mainRow) {
    byte[] owner = ProtocolCells.owner(row, family);
    return new Get(owner == null || owner.length == 0 ? mainRow.getRow() : owner);
  }

  /**
   * Reports the entity of {@code mainRow} missing its row {@code key}, whose status was read as
   * {@code observed}.
   */
  private void missing(
      int index,
      ViewModel view,
      Table table,
      Result mainRow,
      byte[] key,
      byte @Nullable [] observed,
      boolean rewrite)
      throws IOException, InterruptedException {
    findings.fault(index, Kind.MISSING, key);
    if (rewrite
        && repairs != null
        && repairs.rewrite(view, table, mainRow, key, observed, false)) { // no row: no mark
      findings.repaired(index, false);
    }
  }
}
