package dev.rowan.it.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.EntityExistsException;
import dev.rowan.core.HBaseRepository;
import dev.rowan.core.OptimisticLockException;
import dev.rowan.core.Rowan;
import dev.rowan.core.UniqueViolationException;
import dev.rowan.it.NamespaceTables;
import dev.rowan.it.Order;
import dev.rowan.it.OrderRepository;
import dev.rowan.it.Reading;
import dev.rowan.mapping.annotation.CellTimestamp;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.ColumnKey;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.Version;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import dev.rowan.test.ViewAudit;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hbase.client.Admin;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code insert} and {@code insertAll} write an entity only where none is stored under its key,
 * for every shape: tall and wide, without views (a cell every entity has, or the row marker and a
 * read first), with views and a unique view (the protocol), {@code @Version} and
 * {@code @CellTimestamp}.
 */
@HBaseTest
public class InsertIT {

  @AfterEach
  void dropTables(Admin admin, TestNamespace namespace) throws IOException {
    NamespaceTables.drop(admin, namespace);
  }

  @Table(name = "notes")
  record Note(@RowKey String id, @Column(name = "t") String text, @Column(name = "a") String author) {}

  @Table(name = "counters")
  record Counter(@RowKey String id, @Column(name = "l") String label, @Column(name = "n") long count) {}

  @Table(name = "docs")
  record Doc(@RowKey String id, @Column(name = "t") String text, @Version long version) {}

  @Table(name = "lines")
  record Line(@RowKey String orderNo, @ColumnKey int line, @Column(name = "s") String sku) {}

  @Table(name = "readings")
  record Reading(@RowKey String sensor, @Column(name = "v") String value, @CellTimestamp Instant at) {}

  @Table(name = "members")
  @Index(name = "email", key = {"email"}, unique = true)
  public record Member(@RowKey String id, @Column(name = "e") String email, @Column(name = "n") String name) {}

  interface Notes extends HBaseRepository<Note> {}

  interface Counters extends HBaseRepository<Counter> {}

  interface Docs extends HBaseRepository<Doc> {}

  interface Lines extends HBaseRepository<Line> {}

  interface Readings extends HBaseRepository<Reading> {}

  interface Members extends HBaseRepository<Member> {
    Optional<Member> findByEmail(String email);
  }

  @Test
  void aSecondInsertOfAKeyIsRefusedNamingTheEntityAndKeyAndTheFirstStays(Rowan rowan) {
    rowan.schema().create(Note.class);
    Notes notes = rowan.repository(Notes.class);
    Note first = new Note("n-1", "first", null);
    assertEquals(first, notes.insert(first));

    EntityExistsException refused = assertThrows(EntityExistsException.class,
        () -> notes.insert(new Note("n-1", "second", "someone")));
    assertEquals("Note id=n-1 already exists; insert writes only new entities (save replaces)", refused.getMessage());
    assertEquals("Note", refused.entity());
    assertEquals(List.of("id=n-1"), refused.keys());
    assertEquals(List.of(Map.of("id", "n-1")), refused.keyValues());
    assertEquals(Optional.of(first), notes.findByKey("n-1"));
  }

  @Test
  void anEntityThatASaveStoredWithoutARowMarkerIsFoundByTheInsert(Rowan rowan) {
    rowan.schema().create(Note.class);
    Notes notes = rowan.repository(Notes.class);
    notes.save(new Note("with-value", "saved", null)); // a save with a value writes no marker
    notes.save(new Note("all-null", null, null)); // one without any writes the marker alone

    assertThrows(EntityExistsException.class, () -> notes.insert(new Note("with-value", "inserted", null)));
    assertThrows(EntityExistsException.class, () -> notes.insert(new Note("all-null", "inserted", null)));
    assertEquals(Optional.of(new Note("with-value", "saved", null)), notes.findByKey("with-value"));
    assertEquals(Optional.of(new Note("all-null", null, null)), notes.findByKey("all-null"));
  }

  @Test
  void aDeletedKeyIsFreeForAnInsertAndAnInsertedEntityIsSavedAndDeletedAsAnyOther(Rowan rowan) {
    rowan.schema().create(Note.class);
    Notes notes = rowan.repository(Notes.class);
    notes.insert(new Note("n-1", "first", null));
    notes.save(new Note("n-1", null, "changed"));
    assertEquals(Optional.of(new Note("n-1", null, "changed")), notes.findByKey("n-1"));
    notes.deleteByKey("n-1");
    assertEquals(Optional.empty(), notes.findByKey("n-1"));

    Note again = new Note("n-1", "again", null);
    notes.insert(again);
    assertEquals(Optional.of(again), notes.findByKey("n-1"));
  }

  @Test
  void anEntityWithAPrimitiveColumnIsCheckedByThatColumnWhichEverySaveWrites(Rowan rowan) {
    rowan.schema().create(Counter.class);
    Counters counters = rowan.repository(Counters.class);
    counters.save(new Counter("c-1", null, 0));
    assertThrows(EntityExistsException.class, () -> counters.insert(new Counter("c-1", "inserted", 5)));
    assertEquals(Optional.of(new Counter("c-1", null, 0)), counters.findByKey("c-1"));
    counters.insert(new Counter("c-2", null, 7));
    assertEquals(Optional.of(new Counter("c-2", null, 7)), counters.findByKey("c-2"));
  }

  @Test
  void aWideEntityIsInsertedBesideTheOtherEntitiesOfItsRowAndRefusedOverItself(Rowan rowan) {
    rowan.schema().create(Line.class);
    Lines lines = rowan.repository(Lines.class);
    lines.insert(new Line("o-1", 1, "sku-1"));
    lines.insert(new Line("o-1", 2, null));
    lines.save(new Line("o-1", 3, "sku-3"));

    assertThrows(EntityExistsException.class, () -> lines.insert(new Line("o-1", 1, "other")));
    assertThrows(EntityExistsException.class, () -> lines.insert(new Line("o-1", 2, "other")));
    EntityExistsException saved = assertThrows(EntityExistsException.class,
        () -> lines.insert(new Line("o-1", 3, "other")));
    assertEquals(List.of("(orderNo=o-1, line=3)"), saved.keys());
    assertEquals(List.of(List.of("orderNo", "line")), saved.keyValues().stream().map(k -> List.copyOf(k.keySet())).toList(),
        "row key parts, then column key parts");
    assertEquals(List.of(Map.of("orderNo", "o-1", "line", 3)), saved.keyValues());
    lines.insert(new Line("o-1", 4, "sku-4"));
    try (var row = lines.scanAll()) {
      assertEquals(List.of(new Line("o-1", 1, "sku-1"), new Line("o-1", 2, null), new Line("o-1", 3, "sku-3"),
          new Line("o-1", 4, "sku-4")), row.toList());
    }
  }

  @Test
  void aVersionedEntityIsInsertedAtVersionOneAndOnlyFromVersionZero(Rowan rowan) {
    rowan.schema().create(Doc.class);
    Docs docs = rowan.repository(Docs.class);
    assertEquals(new Doc("d-1", "first", 1), docs.insert(new Doc("d-1", "first", 0)));
    assertThrows(EntityExistsException.class, () -> docs.insert(new Doc("d-1", "second", 0)));
    assertThrows(OptimisticLockException.class, () -> docs.insert(new Doc("d-1", "second", 1)),
        "an entity carrying a version is not new, whether or not its key is taken");
    assertThrows(OptimisticLockException.class, () -> docs.insert(new Doc("d-2", "stale", 4)));
    assertEquals(Optional.empty(), docs.findByKey("d-2"));
    assertEquals(new Doc("d-1", "saved", 2), docs.save(new Doc("d-1", "saved", 1)));
    docs.deleteByKey("d-1");
    assertEquals(new Doc("d-1", "again", 1), docs.insert(new Doc("d-1", "again", 0)));
  }

  @Test
  void anEntityWithCellTimestampsIsRefusedWhateverTheTimestampOfTheInsert(Rowan rowan) {
    rowan.schema().create(Reading.class);
    Readings readings = rowan.repository(Readings.class);
    Instant at = Instant.ofEpochMilli(1_700_000_000_000L);
    readings.insert(new Reading("s-1", "7", at));
    assertThrows(EntityExistsException.class, () -> readings.insert(new Reading("s-1", "8", at.minusSeconds(60))));
    assertThrows(EntityExistsException.class, () -> readings.insert(new Reading("s-1", "9", at.plusSeconds(60))));
    assertEquals(Optional.of(new Reading("s-1", "7", at)), readings.findByKey("s-1"));
  }

  @Test
  void anInsertWithViewsWritesItsViewRowsAndARefusedOneLeavesThemAsTheyWere(Rowan rowan) throws Exception {
    rowan.schema().create(Order.class);
    OrderRepository orders = rowan.repository(OrderRepository.class);
    Order order = new Order("o-1", "seller-1", "buyer-1", Instant.ofEpochSecond(1_700_000_000L),
        new BigDecimal("12.50"), null);
    orders.insert(order);
    assertEquals(List.of(order), rowan.views(Order.class).find("seller", "seller-1"));

    assertThrows(EntityExistsException.class, () -> orders.insert(order.withSeller("seller-2").withBuyer("buyer-2")));
    assertEquals(List.of(order), rowan.views(Order.class).find("seller", "seller-1"));
    assertEquals(List.of(), rowan.views(Order.class).find("seller", "seller-2"));
    assertEquals(List.of(), rowan.views(Order.class).find("buyer", "buyer-2"));
    ViewAudit.assertViewsMatchRebuild(rowan, Order.class);

    orders.delete(order); // leaves a tombstone: the key is free
    Order again = order.withSeller("seller-3");
    orders.insert(again);
    assertEquals(List.of(again), rowan.views(Order.class).find("seller", "seller-3"));
    assertEquals(List.of(), rowan.views(Order.class).find("seller", "seller-1"));
    ViewAudit.assertViewsMatchRebuild(rowan, Order.class);
  }

  @Test
  void aUniqueViewRefusesATakenKeyToAnInsertAsToASaveWithNothingWritten(Rowan rowan) throws Exception {
    rowan.schema().create(Member.class);
    Members members = rowan.repository(Members.class);
    members.insert(new Member("u1", "one@x", "first"));

    assertThrows(UniqueViolationException.class, () -> members.insert(new Member("u2", "one@x", "second")));
    assertEquals(Optional.empty(), members.findByKey("u2"));
    assertThrows(UniqueViolationException.class, () -> members.save(new Member("u2", "one@x", "second")));
    assertThrows(EntityExistsException.class, () -> members.insert(new Member("u1", "free@x", "first again")));
    assertEquals(Optional.empty(), members.findByEmail("free@x"), "a refused insert claims nothing");
    members.insert(new Member("u3", "free@x", "third"));
    assertEquals(Optional.of(new Member("u3", "free@x", "third")), members.findByEmail("free@x"));

    assertThrows(UniqueViolationException.class, () -> members.insertAll(List.of(new Member("u4", "four@x", "fourth"),
        new Member("u5", "one@x", "fifth"))));
    assertEquals(Optional.empty(), members.findByKey("u4"), "the batch of a taken unique key writes nothing");
    assertEquals(Optional.empty(), members.findByEmail("four@x"));
    ViewAudit.assertViewsMatchRebuild(rowan, Member.class);
  }

  @Test
  void insertAllInsertsEveryFreeKeyAndFailsNamingTheTakenOnes(Rowan rowan) throws Exception {
    rowan.schema().create(Order.class);
    OrderRepository orders = rowan.repository(OrderRepository.class);
    Instant at = Instant.ofEpochSecond(1_700_000_000L);
    for (int i = 0; i < 3; i++) {
      orders.save(new Order("o-" + i, "old", null, at, null, null));
    }
    List<Order> batch = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      batch.add(new Order("o-" + i, "new", null, at, null, null));
    }
    batch.add(new Order("o-5", "twice", null, at, null, null)); // given twice: the second finds the first

    EntityExistsException refused = assertThrows(EntityExistsException.class, () -> orders.insertAll(batch));
    assertEquals(List.of("orderNo=o-0", "orderNo=o-1", "orderNo=o-2", "orderNo=o-5"), refused.keys());
    assertEquals(List.of("o-0", "o-1", "o-2", "o-5"), refused.keyValues().stream().map(k -> k.get("orderNo")).toList());
    assertTrue(refused.getMessage().startsWith("4 of 7 Order entities already exist, not inserted: orderNo=o-0"),
        refused.getMessage());
    assertEquals(3, rowan.views(Order.class).find("seller", "old").size());
    assertEquals(List.of("o-3", "o-4", "o-5"),
        rowan.views(Order.class).find("seller", "new").stream().map(Order::orderNo).sorted().toList());
    assertEquals(List.of(), rowan.views(Order.class).find("seller", "twice"));
    ViewAudit.assertViewsMatchRebuild(rowan, Order.class);

    List<Order> fresh = List.of(new Order("o-6", "new", null, at, null, null), new Order("o-7", "new", null, at, null, null));
    assertEquals(fresh, orders.insertAll(fresh));
  }

  @Test
  void insertAllWithoutViewsInsertsEveryFreeKeyAndFailsNamingTheTakenOnes(Rowan rowan) {
    rowan.schema().create(Note.class);
    Notes notes = rowan.repository(Notes.class);
    notes.save(new Note("n-1", "old", null));
    List<Note> batch = List.of(new Note("n-0", "new", null), new Note("n-1", "new", null), new Note("n-2", null, null),
        new Note("n-2", "twice", null));

    EntityExistsException refused = assertThrows(EntityExistsException.class, () -> notes.insertAll(batch));
    assertEquals(List.of("id=n-1", "id=n-2"), refused.keys());
    try (var all = notes.scanAll()) {
      assertEquals(List.of(new Note("n-0", "new", null), new Note("n-1", "old", null), new Note("n-2", null, null)),
          all.toList());
    }
  }
}
