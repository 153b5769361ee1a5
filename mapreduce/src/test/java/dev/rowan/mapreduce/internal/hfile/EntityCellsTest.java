package dev.rowan.mapreduce.internal.hfile;

import dev.rowan.mapreduce.Order;
import dev.rowan.mapreduce.Reading;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.index.MainRow;
import dev.rowan.index.ProtocolCells.Qualifier;
import dev.rowan.index.RowStatus;
import dev.rowan.index.RowStatus.State;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.Version;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.junit.jupiter.api.Test;

class EntityCellsTest {

  private static final EntityModel<Order> ORDERS = EntityModel.of(Order.class);
  private static final EntityCells CELLS = new EntityCells(ORDERS);
  private static final long LOAD = 1_800_000_000_000L;
  private static final Order ORDER = new Order("o-1", "s-1", "b-1", Instant.parse("2024-03-01T10:15:30Z"),
      new BigDecimal("12.50"), null);

  @Table(name = "accounts")
  @Family(name = "a")
  record Account(@RowKey String id, @Column String owner, @Version long version) {}

  /** Keeps history: loaded with a status, and no cell deleted. */
  @Table(name = "notes")
  @Family(name = "n", maxVersions = 3)
  record Note(@RowKey String id, @Column String title, @Column String body) {}

  /** A cell emitted, with the table it went to. */
  record Emitted(int table, KeyValue cell) {
    boolean isStatus() {
      return Qualifier.MAIN_STATUS.matches(cell) || Qualifier.VIEW_STATUS.matches(cell);
    }

    RowStatus status() {
      return RowStatus.decode(cell.getValueArray(), cell.getValueOffset(), cell.getValueLength());
    }
  }

  @Test
  void writesANewEntityWithItsStatusAndVerifiedViewRowsAtTheLoadTimestamp() throws Exception {
    List<Emitted> cells = new ArrayList<>();
    EntityCells.Outcome outcome = CELLS.write(ORDERS.rowKey(ORDER), ORDERS.values(ORDER), null, LOAD, 42L,
        (table, cell) -> cells.add(new Emitted(table, cell)));

    assertTrue(outcome.wrote(0) && outcome.wrote(1) && outcome.wrote(2));
    assertEquals(0, outcome.retired());
    List<RowStatus> statuses = cells.stream().filter(Emitted::isStatus).map(Emitted::status).toList();
    assertEquals(List.of(new RowStatus(State.LIVE, LOAD, 42L), new RowStatus(State.VERIFIED, LOAD, 42L),
        new RowStatus(State.VERIFIED, LOAD, 42L)), statuses);
    for (Emitted emitted : cells) {
      KeyValue cell = emitted.cell();
      boolean delete = cell.getTypeByte() != KeyValue.Type.Put.getCode();
      assertEquals(delete ? LOAD - 1 : LOAD, cell.getTimestamp(), emitted.toString());
      assertTrue(!delete || cell.getTypeByte() == KeyValue.Type.DeleteColumn.getCode(), "only null columns are deleted");
    }
  }

  @Test
  void emitsTheRetiredViewRowsOfTheLoadsDecisionToTheirViewTablesAndCountsThem() throws Exception {
    Order after = new Order("o-1", "s-2", null, ORDER.createdAt(), new BigDecimal("13.00"), "n");
    MainRow prior = new MainRow(new RowStatus(State.LIVE, LOAD + 100, 7L), ORDERS.values(ORDER));
    List<Emitted> cells = new ArrayList<>();

    EntityCells.Outcome outcome = CELLS.write(ORDERS.rowKey(after), ORDERS.values(after), prior, LOAD, 42L,
        (table, cell) -> cells.add(new Emitted(table, cell)));

    assertEquals(2, outcome.retired(), "the seller row moves and the buyer row goes");
    assertTrue(outcome.wrote(1));
    assertFalse(outcome.wrote(2));
    List<Emitted> deletes = cells.stream().filter(e -> e.cell().getTypeByte() == KeyValue.Type.DeleteFamily.getCode())
        .toList();
    assertEquals(List.of(1, 2), deletes.stream().map(Emitted::table).toList());
    assertTrue(Arrays.equals(CELLS.views().get(0).rowKey(ORDERS.values(ORDER)), CellUtil.cloneRow(deletes.get(0).cell())));
    assertTrue(Arrays.equals(CELLS.views().get(1).rowKey(ORDERS.values(ORDER)), CellUtil.cloneRow(deletes.get(1).cell())));
  }

  @Test
  void writesAnEntityWithoutViewsAsItsRowWriteWithoutStatusAndWithoutReading() throws Exception {
    EntityModel<Account> model = EntityModel.of(Account.class);
    EntityCells cells = new EntityCells(model);
    Account account = new Account("a-1", "ann", 5);
    MainRow prior = new MainRow(null, model.values(new Account("a-1", "bob", 3)));
    List<Emitted> emitted = new ArrayList<>();

    cells.write(model.rowKey(account), model.values(account), prior, LOAD, 1L, (t, c) -> emitted.add(new Emitted(t, c)));

    assertTrue(cells.needsPrior(), "a @Version is advanced from the stored one");
    assertFalse(new EntityCells(EntityModel.of(Reading.class)).needsPrior());
    assertTrue(emitted.stream().noneMatch(Emitted::isStatus));
    assertTrue(emitted.stream().allMatch(e -> e.table() == 0 && e.cell().getTimestamp() == LOAD));
    KeyValue version = emitted.stream().map(Emitted::cell)
        .filter(c -> CellUtil.matchingQualifier(c, model.property("version").qualifier())).findFirst().orElseThrow();
    assertEquals(4L, model.property("version").valueCodec().decode(version.getValueArray(), version.getValueOffset(),
        version.getValueLength()));
  }

  @Test
  void anEntityThatKeepsHistoryIsLoadedWithAStatusAboveThePriorWriteAndDeletesNoCell() throws Exception {
    EntityModel<Note> notes = EntityModel.of(Note.class);
    EntityCells cells = new EntityCells(notes);
    assertTrue(cells.needsPrior(), "the prior status sets the load's timestamp");
    Note note = new Note("n-1", "t", null);
    MainRow prior = new MainRow(new RowStatus(State.LIVE, LOAD + 100, 7L), new Object[] {"n-1", "old", "body"});
    List<Emitted> emitted = new ArrayList<>();

    cells.write(notes.rowKey(note), notes.values(note), prior, LOAD, 42L, (table, cell) -> emitted.add(new Emitted(table, cell)));

    assertEquals(List.of(new RowStatus(State.LIVE, LOAD + 101, 42L)),
        emitted.stream().filter(Emitted::isStatus).map(Emitted::status).toList());
    assertTrue(emitted.stream().allMatch(e -> e.cell().getTypeByte() == KeyValue.Type.Put.getCode()),
        "the null body keeps the earlier version's cell: " + emitted);
    assertTrue(emitted.stream().allMatch(e -> e.cell().getTimestamp() == LOAD + 101), emitted.toString());
  }
}
