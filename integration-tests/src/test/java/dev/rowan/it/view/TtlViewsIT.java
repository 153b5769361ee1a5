package dev.rowan.it.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.core.UniqueViolationException;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.it.NamespaceTables;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A family's time to live on an entity: the entity lives, whole, a TTL after its last write, in
 * its table and every view, whatever that write was (a save, an insert, a partial update, a
 * counter), and then expires whole (docs/row-keys.md, "Time to live"). Each test writes, writes
 * again part of the entities {@link #RENEW_AFTER_MILLIS} later, reads once the first writes'
 * TTL has passed but not the second's, and reads again once every TTL has passed.
 */
@HBaseTest
class TtlViewsIT {

  private static final int TTL_SECONDS = 4;
  private static final long TTL_MILLIS = TTL_SECONDS * 1000L;
  private static final long RENEW_AFTER_MILLIS = 2500;
  /** How far past a TTL a read waits, so that the cells' expiry is behind it. */
  private static final long PAST_MILLIS = 300;

  /** A narrow view keyed by kind, a full copy keyed by color. */
  @Table(name = "gadgets")
  @Family(name = "d", ttlSeconds = TTL_SECONDS)
  @Index(name = "kind", key = {"kind"}, include = {"kind"})
  @Index(name = "color", key = {"color"})
  record Gadget(@RowKey String id, @Column(name = "k") String kind, @Column(name = "c") String color,
      @Column(name = "n") String note, @Column(name = "h") Long hits) {}

  interface Gadgets extends HBaseRepository<Gadget> {
    List<Gadget> findByKind(String kind);

    long countByKind(String kind);

    List<Gadget> findByColor(String color);

    boolean updateNoteById(String note, String id);

    long addToHitsById(long delta, String id);
  }

  /** Without views: written without the protocol. */
  @Table(name = "notes")
  @Family(name = "d", ttlSeconds = TTL_SECONDS)
  record Note(@RowKey String id, @Column(name = "t") String text, @Column(name = "o") String other,
      @Column(name = "h") Long hits) {}

  interface Notes extends HBaseRepository<Note> {
    boolean updateTextById(String text, String id);

    long addToHitsById(long delta, String id);
  }

  /** A unique view keyed by code, carrying no other column. */
  @Table(name = "badges")
  @Family(name = "d", ttlSeconds = TTL_SECONDS)
  @Index(name = "code", key = {"code"}, include = {"code"}, unique = true)
  record Badge(@RowKey String id, @Column(name = "c") String code, @Column(name = "n") String note) {}

  interface Badges extends HBaseRepository<Badge> {
    Optional<Badge> findByCode(String code);

    boolean updateNoteById(String note, String id);
  }

  @AfterEach
  void dropTables(Admin admin, TestNamespace namespace) throws IOException {
    NamespaceTables.drop(admin, namespace);
  }

  @Test
  void anEntityLivesWholeATimeToLiveAfterItsLastWriteInItsTableAndEveryViewThenExpiresWhole(Rowan rowan,
      Connection connection) throws Exception {
    rowan.schema().create(Gadget.class);
    rowan.schema().create(Note.class);
    Gadgets gadgets = rowan.repository(Gadgets.class);
    Notes notes = rowan.repository(Notes.class);
    gadgets.save(new Gadget("a", "K", "red", "first", 1L));     // a partial update renews it
    gadgets.save(new Gadget("b", "K", "red", "first", 1L));     // a counter renews it
    gadgets.insert(new Gadget("c", "K", "red", "first", 1L));   // a save of the same values renews it
    gadgets.save(new Gadget("z", "K", "red", "first", 1L));     // nothing renews it
    notes.save(new Note("a", "first", "kept", 1L));
    notes.save(new Note("b", "first", "kept", 1L));
    long firstWrites = System.currentTimeMillis();

    sleepUntil(firstWrites + RENEW_AFTER_MILLIS);
    assertTrue(gadgets.updateNoteById("second", "a"));
    assertEquals(2L, gadgets.addToHitsById(1, "b"));
    gadgets.save(new Gadget("c", "K", "red", "first", 1L));
    assertTrue(notes.updateTextById("second", "a"));
    assertEquals(2L, notes.addToHitsById(1, "b"));
    long lastWrites = System.currentTimeMillis();

    sleepUntil(firstWrites + TTL_MILLIS + PAST_MILLIS); // the first writes expired, the second live
    assertEquals(Optional.of(new Note("a", "second", "kept", 1L)), notes.findByKey("a"),
        "no column expires before the rest of its entity");
    assertEquals(Optional.of(new Note("b", "first", "kept", 2L)), notes.findByKey("b"));
    List<Gadget> live = List.of(new Gadget("a", "K", "red", "second", 1L), new Gadget("b", "K", "red", "first", 2L),
        new Gadget("c", "K", "red", "first", 1L));
    assertEquals(live, gadgets.scanAll().toList());
    assertEquals(Optional.of(live.get(0)), gadgets.findByKey("a"));
    assertEquals(live, gadgets.findByKind("K"), "the narrow view's rows live with their entities");
    assertEquals(3L, gadgets.countByKind("K"));
    assertEquals(live, gadgets.findByColor("red"));

    sleepUntil(lastWrites + TTL_MILLIS + PAST_MILLIS);
    assertEquals(List.of(), gadgets.scanAll().toList());
    assertEquals(List.of(), gadgets.findByKind("K"));
    assertEquals(0L, gadgets.countByKind("K"));
    assertEquals(List.of(), gadgets.findByColor("red"));
    assertEquals(List.of(), notes.scanAll().toList());
    EntityModel<Gadget> model = EntityModel.of(Gadget.class);
    for (ViewModel view : ViewMaintainer.of(model).views()) {
      assertEquals(0, rows(connection, rowan.tableName(view.tableName())), view.tableName());
    }
    assertEquals(0, rows(connection, rowan.tableName(model.tableName())), model.tableName());
  }

  @Test
  void aUniqueKeyStaysTakenWhileItsOwnerLivesAndIsFreeOnceItExpired(Rowan rowan) throws Exception {
    rowan.schema().create(Badge.class);
    Badges badges = rowan.repository(Badges.class);
    badges.save(new Badge("x", "C-1", "first"));
    long firstWrite = System.currentTimeMillis();

    sleepUntil(firstWrite + RENEW_AFTER_MILLIS);
    assertTrue(badges.updateNoteById("second", "x")); // changes no value of the unique view's key
    long lastWrite = System.currentTimeMillis();

    sleepUntil(firstWrite + TTL_MILLIS + PAST_MILLIS);
    UniqueViolationException refused = assertThrows(UniqueViolationException.class,
        () -> badges.save(new Badge("y", "C-1", "other")));
    assertTrue(refused.getMessage().contains("badges.code") && refused.getMessage().contains("for Badge x"),
        refused.getMessage());
    assertEquals(Optional.of(new Badge("x", "C-1", "second")), badges.findByCode("C-1"));
    assertEquals(Optional.empty(), badges.findByKey("y"));

    sleepUntil(lastWrite + TTL_MILLIS + PAST_MILLIS);
    assertEquals(Optional.empty(), badges.findByCode("C-1"));
    badges.save(new Badge("y", "C-1", "other")); // the owner expired: its key is free
    assertEquals(Optional.of(new Badge("y", "C-1", "other")), badges.findByCode("C-1"));
  }

  private static int rows(Connection connection, TableName table) throws IOException {
    List<Result> rows = new ArrayList<>();
    try (org.apache.hadoop.hbase.client.Table t = connection.getTable(table);
        ResultScanner scanner = t.getScanner(new Scan())) {
      scanner.forEach(rows::add);
    }
    return rows.size();
  }

  private static void sleepUntil(long millis) throws InterruptedException {
    long left = millis - System.currentTimeMillis();
    if (left > 0) {
      Thread.sleep(left);
    }
  }
}
