package dev.rowan.it.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.EntityNotFoundException;
import dev.rowan.core.HBaseRepository;
import dev.rowan.core.QueryMethodException;
import dev.rowan.core.Rowan;
import dev.rowan.core.UniqueViolationException;
import dev.rowan.core.Versioned;
import dev.rowan.it.NamespaceTables;
import dev.rowan.it.write.Updates.Bin;
import dev.rowan.it.write.Updates.Bins;
import dev.rowan.it.write.Updates.Doc;
import dev.rowan.it.write.Updates.Docs;
import dev.rowan.it.write.Updates.Item;
import dev.rowan.it.write.Updates.Items;
import dev.rowan.it.write.Updates.Memo;
import dev.rowan.it.write.Updates.Memos;
import dev.rowan.it.write.Updates.Player;
import dev.rowan.it.write.Updates.Players;
import dev.rowan.it.write.Updates.Stock;
import dev.rowan.it.write.Updates.Stocks;
import dev.rowan.it.write.Updates.Tallies;
import dev.rowan.it.write.Updates.Tally;
import dev.rowan.mapping.InvalidValueException;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import dev.rowan.test.ViewAudit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Partial updates ({@code update<Properties>By<Key>}) and counters ({@code add<Property>By<Key>})
 * for every way they are written: one check-and-mutate without views, a read and a conditional
 * write for counters and versions, and the protocol for views and history. Each sets only its
 * properties, never creates an entity, and keeps the views right; and a later write, a save or a
 * delete, wins over it even in the same millisecond, and the other way round.
 */
@HBaseTest
class UpdateIT {

  @AfterEach
  void dropTables(Admin admin, TestNamespace namespace) throws IOException {
    NamespaceTables.drop(admin, namespace);
  }

  @Test
  void anUpdateSetsOnlyItsPropertiesAndNeverCreatesAnEntity(Rowan rowan) {
    rowan.schema().create(Stock.class);
    Stocks stocks = rowan.repository(Stocks.class);
    stocks.save(new Stock("s-1", "first", 4L, 2));

    assertTrue(stocks.updateNoteBySku("second", "s-1"));
    assertEquals(Optional.of(new Stock("s-1", "second", 4L, 2)), stocks.findByKey("s-1"));
    stocks.updateNoteAndUnitsBySku(null, null, "s-1");
    assertEquals(Optional.of(new Stock("s-1", null, null, 2)), stocks.findByKey("s-1"));

    assertFalse(stocks.updateNoteBySku("ghost", "s-2"));
    stocks.updateNoteAndUnitsBySku("ghost", 1L, "s-2"); // void: nothing happens either
    assertEquals(Optional.empty(), stocks.findByKey("s-2"));
    stocks.deleteByKey("s-1");
    assertFalse(stocks.updateNoteBySku("after delete", "s-1"));
    assertEquals(Optional.empty(), stocks.findByKey("s-1"));
  }

  @Test
  void anUpdateThatNullsTheLastValueOfAnEntityKeepsTheEntity(Rowan rowan) {
    rowan.schema().create(Memo.class);
    Memos memos = rowan.repository(Memos.class);
    memos.save(new Memo("m-1", "text"));
    assertTrue(memos.updateTextById(null, "m-1"));
    assertEquals(Optional.of(new Memo("m-1", null)), memos.findByKey("m-1"));
    assertTrue(memos.updateTextById("again", "m-1"));
    assertEquals(Optional.of(new Memo("m-1", "again")), memos.findByKey("m-1"));
  }

  @Test
  void aWideEntityIsUpdatedBesideTheOtherEntitiesOfItsRow(Rowan rowan) {
    rowan.schema().create(Bin.class);
    Bins bins = rowan.repository(Bins.class);
    bins.save(new Bin("s-1", 1, "one", 10L));
    bins.save(new Bin("s-1", 2, "two", null));

    assertTrue(bins.updateNoteBySkuAndBin(null, "s-1", 1));
    assertEquals(5, bins.addToUnitsBySkuAndBin(5, "s-1", 2), "a null counter counts as 0");
    assertFalse(bins.updateNoteBySkuAndBin("three", "s-1", 3), "bin 3 of the row is not stored");
    EntityNotFoundException absent = assertThrows(EntityNotFoundException.class,
        () -> bins.addToUnitsBySkuAndBin(1, "s-1", 3));
    assertEquals(List.of("sku", "bin"), List.copyOf(absent.keyValues().keySet()), "in key order");
    assertEquals(Map.of("sku", "s-1", "bin", 3), absent.keyValues());
    try (var all = bins.scanAll()) {
      assertEquals(List.of(new Bin("s-1", 1, null, 10L), new Bin("s-1", 2, "two", 5L)), all.toList());
    }
  }

  @Test
  void aCounterReturnsTheNewValueInItsTypeAndRefusesAnAbsentEntityOrAnOverflow(Rowan rowan) {
    rowan.schema().create(Stock.class);
    Stocks stocks = rowan.repository(Stocks.class);
    stocks.save(new Stock("s-1", null, null, Integer.MAX_VALUE - 1));

    assertEquals(3L, stocks.addToUnitsBySku(3, "s-1"));
    assertEquals(1L, stocks.addToUnitsBySku(-2, "s-1"));
    assertEquals(Integer.MAX_VALUE, stocks.addToShelvesBySku(1, "s-1"));
    InvalidValueException overflow = assertThrows(InvalidValueException.class, () -> stocks.addToShelvesBySku(1, "s-1"));
    assertEquals("Stock.shelves: adding 1 to 2147483647 leaves the range of int; nothing was written",
        overflow.getMessage());
    assertEquals(Optional.of(new Stock("s-1", null, 1L, Integer.MAX_VALUE)), stocks.findByKey("s-1"));

    EntityNotFoundException absent = assertThrows(EntityNotFoundException.class, () -> stocks.addToUnitsBySku(1, "s-9"));
    assertEquals("Stock sku=s-9 does not exist; Stocks.addToUnitsBySku changes a stored entity and never creates one"
        + " (save or insert it first)", absent.getMessage());
    assertEquals("sku=s-9", absent.key());
    assertEquals(Map.of("sku", "s-9"), absent.keyValues());
    assertEquals(Optional.empty(), stocks.findByKey("s-9"));
  }

  @Test
  void updatesAndCountersAdvanceTheVersionAsASaveDoes(Rowan rowan) {
    rowan.schema().create(Doc.class);
    Docs docs = rowan.repository(Docs.class);
    Doc saved = docs.save(new Doc("d-1", "text", null, 0));
    assertEquals(1, saved.version());

    assertTrue(docs.updateTextById("edited", "d-1"));
    assertEquals(7L, docs.addToHitsById(7, "d-1"));
    assertEquals(Optional.of(new Doc("d-1", "edited", 7L, 3)), docs.findByKey("d-1"));
    assertThrows(dev.rowan.core.OptimisticLockException.class, () -> docs.save(saved),
        "a save of the version read before the updates is stale");
    assertFalse(docs.updateTextById("x", "d-2"));
  }

  @Test
  void anUpdateOfAPropertyNoViewCarriesWritesNoViewRow(Rowan rowan, Connection connection) throws Exception {
    rowan.schema().create(Item.class);
    Items items = rowan.repository(Items.class);
    items.save(new Item("i-1", "ann", "red", 5L, "first"));
    List<String> before = viewCells(rowan, connection, Item.class);

    assertTrue(items.updateNoteById("second", "i-1"));
    assertEquals(Optional.of(new Item("i-1", "ann", "red", 5L, "second")), items.findByKey("i-1"));
    assertEquals(before, viewCells(rowan, connection, Item.class), "no view carries the note");
    assertFalse(items.updateNoteById("ghost", "i-2"));
    assertEquals(Optional.empty(), items.findByKey("i-2"));
  }

  @Test
  void aCounterKeepsTheViewKeyedByItAndTheViewCarryingItRight(Rowan rowan) throws IOException {
    rowan.schema().create(Item.class);
    Items items = rowan.repository(Items.class);
    items.save(new Item("i-1", "ann", "red", 5L, null));
    items.save(new Item("i-2", "bob", "red", null, null));

    assertEquals(8L, items.addToStockById(3, "i-1"));
    assertEquals(2L, items.addToStockById(2, "i-2"));
    assertEquals(List.of(), items.findByStock(5L));
    assertEquals(List.of(new Item("i-1", "ann", "red", 8L, null)), items.findByStock(8L));
    assertEquals(List.of(new Item("i-2", "bob", "red", 2L, null)), items.findByOwner("bob"));
    items.updateOwnerAndTagById("bob", "blue", "i-1");
    assertEquals(List.of("i-1", "i-2"), items.findByOwner("bob").stream().map(Item::id).toList());
    assertEquals(List.of("i-2"), items.findByTag("red").stream().map(Item::id).toList());
    assertThrows(EntityNotFoundException.class, () -> items.addToStockById(1, "i-3"));
    ViewAudit.assertViewsMatchRebuild(rowan, Item.class);
  }

  @Test
  void anUpdateOfAUniqueKeyClaimsItAndFreesTheOldOne(Rowan rowan) throws IOException {
    rowan.schema().create(Player.class);
    Players players = rowan.repository(Players.class);
    players.save(new Player("p-1", "ace", 0L));
    players.save(new Player("p-2", "bee", 0L));

    assertThrows(UniqueViolationException.class, () -> players.updateHandleById("bee", "p-1"));
    assertEquals(Optional.of(new Player("p-1", "ace", 0L)), players.findByKey("p-1"));
    assertTrue(players.updateHandleById("cat", "p-1"));
    assertEquals(10L, players.addToScoreById(10, "p-1"));
    assertEquals(Optional.of(new Player("p-1", "cat", 10L)), players.findByHandle("cat"));
    assertEquals(Optional.empty(), players.findByHandle("ace"));
    players.save(new Player("p-3", "ace", 1L)); // the old handle is free at once
    ViewAudit.assertViewsMatchRebuild(rowan, Player.class);
  }

  @Test
  void anUpdateOfAnEntityThatKeepsHistoryWritesANewVersion(Rowan rowan) {
    rowan.schema().create(Tally.class);
    Tallies tallies = rowan.repository(Tallies.class);
    tallies.save(new Tally("t-1", 1L, "first"));
    assertEquals(3L, tallies.addToTotalById(2, "t-1"));
    assertTrue(tallies.updateNoteById(null, "t-1"));

    List<Tally> versions = tallies.findVersionsById("t-1").stream().map(Versioned::entity).toList();
    assertEquals(List.of(new Tally("t-1", 3L, null), new Tally("t-1", 3L, "first"), new Tally("t-1", 1L, "first")),
        versions);
  }

  @Test
  void aLaterWriteWinsOverAnUpdateAndAnUpdateOverAnEarlierWriteEvenInOneMillisecond(Rowan rowan) {
    rowan.schema().create(Stock.class);
    rowan.schema().create(Item.class);
    rowan.schema().create(Doc.class);
    Stocks stocks = rowan.repository(Stocks.class);
    Items items = rowan.repository(Items.class);
    Docs docs = rowan.repository(Docs.class);
    for (int i = 0; i < 100; i++) { // the steps of one round mostly share a millisecond
      String key = "k-" + i;
      stocks.save(new Stock(key, "saved", 1L, 0));
      assertEquals(6L, stocks.addToUnitsBySku(5, key));
      stocks.save(new Stock(key, "saved again", 2L, 0));
      assertEquals(3L, stocks.addToUnitsBySku(1, key), "the add reads the save before it, round " + i);
      assertTrue(stocks.updateNoteBySku("updated", key));
      stocks.save(new Stock(key, "last", 9L, 0));
      assertEquals(Optional.of(new Stock(key, "last", 9L, 0)), stocks.findByKey(key), "the last save wins, round " + i);
      stocks.deleteByKey(key);
      assertThrows(EntityNotFoundException.class, () -> stocks.addToUnitsBySku(1, key));
      assertFalse(stocks.updateNoteBySku("after delete", key));
      assertEquals(Optional.empty(), stocks.findByKey(key), "round " + i);

      items.save(new Item(key, "ann", null, 1L, null));
      assertEquals(6L, items.addToStockById(5, key));
      items.save(new Item(key, "ann", null, 2L, null));
      assertEquals(3L, items.addToStockById(1, key), "round " + i);
      items.deleteByKey(key);
      assertThrows(EntityNotFoundException.class, () -> items.addToStockById(1, key));
      assertEquals(Optional.empty(), items.findByKey(key), "round " + i);

      docs.save(new Doc(key, "saved", 1L, 0));
      assertEquals(6L, docs.addToHitsById(5, key));
      docs.save(new Doc(key, "saved again", 2L, 2));
      assertEquals(3L, docs.addToHitsById(1, key), "round " + i);
      docs.deleteByKey(key);
      assertThrows(EntityNotFoundException.class, () -> docs.addToHitsById(1, key));
    }
    assertEquals(List.of(), items.findByOwner("ann"));
  }

  @Test
  void aSaveAfterABurstOfAdditionsWinsOverThem(Rowan rowan) {
    // HBase's Increment would write each sum at max(now, previous cell + 1): a burst runs the
    // cell's timestamp ahead of the clock, and a save made meanwhile would land under it.
    rowan.schema().create(Stock.class);
    Stocks stocks = rowan.repository(Stocks.class);
    for (int i = 0; i < 50; i++) {
      String key = "b-" + i;
      stocks.save(new Stock(key, null, 0L, 0));
      for (int k = 0; k < 20; k++) {
        stocks.addToUnitsBySku(5, key);
      }
      stocks.save(new Stock(key, "saved", 1L, 0));
      assertEquals(Optional.of(new Stock(key, "saved", 1L, 0)), stocks.findByKey(key), "round " + i);
    }
  }

  /** An older version of {@link Item}: the same table, without the views byStock and tag. */
  @dev.rowan.mapping.annotation.Table(name = "items")
  @dev.rowan.mapping.annotation.Index(name = "owner", key = {"owner"}, include = {"stock"})
  record OldItem(@dev.rowan.mapping.annotation.RowKey String id,
      @dev.rowan.mapping.annotation.Column(name = "o") String owner,
      @dev.rowan.mapping.annotation.Column(name = "t") String tag,
      @dev.rowan.mapping.annotation.Column(name = "k") Long stock,
      @dev.rowan.mapping.annotation.Column(name = "n") String note) {}

  interface OldItems extends HBaseRepository<OldItem> {
    boolean updateNoteById(String note, String id);

    long addToStockById(long delta, String id);
  }

  @Test
  void aWriterWhoseClassDoesNotDeclareEveryViewOfTheTableIsRefusedItsUpdates(Rowan rowan) {
    rowan.schema().create(Item.class);
    Items items = rowan.repository(Items.class);
    Item stored = new Item("i-1", "ann", "red", 1L, null);
    items.save(stored);
    OldItems old = rowan.repository(OldItems.class);

    IllegalStateException refused = assertThrows(IllegalStateException.class, () -> old.updateNoteById("x", "i-1"));
    assertTrue(refused.getMessage().startsWith("OldItem (" + OldItem.class.getName() + ") cannot write table "),
        refused.getMessage());
    assertTrue(refused.getMessage().contains("which this version of the class does not declare"), refused.getMessage());
    assertThrows(IllegalStateException.class, () -> old.addToStockById(1, "i-1"));
    assertEquals(Optional.of(stored), items.findByKey("i-1"));
    assertEquals(Optional.of(new OldItem("i-1", "ann", "red", 1L, null)), old.findByKey("i-1"), "reads go on");
  }

  interface BadItems extends HBaseRepository<Item> {
    boolean updateOwnerByOwner(String newOwner, String owner);

    long addToNoteById(long delta, String id);
  }

  @Test
  void aRepositoryWithAnUpdateItCannotServeIsRefusedNamingEveryMethod(Rowan rowan) {
    QueryMethodException refused = assertThrows(QueryMethodException.class, () -> rowan.repository(BadItems.class));
    assertEquals(List.of("BadItems.addToNoteById: note is String; add<Property> adds to a long, int or short property",
        "BadItems.updateOwnerByOwner: an update binds the whole key of Item with equalities, [id], each once; ByOwner"
            + " names [owner]"), refused.problems().stream().sorted().toList());
  }

  /** Every cell of every view table of {@code type}, as text with its timestamp. */
  static List<String> viewCells(Rowan rowan, Connection connection, Class<?> type) throws IOException {
    List<String> cells = new ArrayList<>();
    for (String name : rowan.views(type).names()) {
      TableName table = rowan.views(type).table(name);
      try (Table view = connection.getTable(table); ResultScanner scanner = view.getScanner(new Scan().readAllVersions())) {
        for (Result result : scanner) {
          for (Cell cell : result.rawCells()) {
            cells.add(table.getNameAsString() + " " + cell + " " + org.apache.hadoop.hbase.util.Bytes.toStringBinary(
                org.apache.hadoop.hbase.CellUtil.cloneValue(cell)));
          }
        }
      }
    }
    return cells;
  }
}
