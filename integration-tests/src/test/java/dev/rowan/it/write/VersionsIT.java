package dev.rowan.it.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Limit;
import dev.rowan.core.QueryMethodException;
import dev.rowan.core.Rowan;
import dev.rowan.core.SchemaMismatchException;
import dev.rowan.core.Versioned;
import dev.rowan.it.Compactions;
import dev.rowan.it.model.History;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.test.HBaseTest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/**
 * The versions of entities that keep history (docs/queries.md, "Versions") equal an in-memory
 * history of every write: saves with nulls, deletes, re-saves in the same millisecond, batches
 * that write one key twice; with and without views; before and after a major compaction.
 */
@HBaseTest
class VersionsIT {

  /** Without views, two families. */
  @Table(name = "notes")
  @Family(name = "n", maxVersions = 4)
  @Family(name = "x", maxVersions = 4)
  record Note(@RowKey(order = 0) String shelf, @RowKey(order = 1) int id, @Column(family = "n") String title,
      @Column(family = "x") String body) {}

  interface Notes extends HBaseRepository<Note> {
    List<Versioned<Note>> findVersionsByShelfAndId(String shelf, int id);

    List<Versioned<Note>> findVersionsByShelfAndId(String shelf, int id, Limit max);

    List<Versioned<Note>> findTop2VersionsByShelfAndId(String shelf, int id);

    List<Note> findByShelfAndTitleIsNull(String shelf);

    long countByShelfAndBodyIsNotNull(String shelf);

    List<NoteTitle> findByShelfAndBodyStartingWith(String shelf, String prefix);

    List<NoteKey> findKeysByShelf(String shelf);
  }

  record NoteTitle(int id, String title) {}

  /** Key properties only: a main-table read of them must still see the last write, not a protocol cell. */
  record NoteKey(String shelf, int id) {}

  /** With a view keyed by a property that changes, and a unique one. */
  @Table(name = "tickets")
  @Family(name = "t", maxVersions = 5)
  @Index(name = "owner", key = {"owner", "id"}, include = "state")
  @Index(name = "code", key = "code", unique = true)
  record Ticket(@RowKey String id, @Column String owner, @Column String state, @Column String code) {}

  interface Tickets extends HBaseRepository<Ticket> {
    List<Versioned<Ticket>> findVersionsById(String id);

    List<Ticket> findByOwner(String owner);
  }

  /** Keeps one version: no history. */
  @Table(name = "drafts")
  record Draft(@RowKey String id, @Column String text) {}

  interface DraftVersions extends HBaseRepository<Draft> {
    List<Versioned<Draft>> findVersionsById(String id);
  }

  @Table(name = "histories")
  @Family(name = "h", maxVersions = 3)
  record History(@RowKey String id, @Column String owner, @Column String text) {}

  interface BadHistories extends HBaseRepository<History> {
    List<Versioned<History>> findVersionsByOwner(String owner);

    Stream<Versioned<History>> findVersionsById(String id);

    List<Versioned<History>> findVersionsByIdOrderByText(String id);
  }

  /** The writes of each key, newest first: an entity, or null for a delete. */
  private static final class Histories<K, E> {
    private final Map<K, LinkedList<Optional<E>>> writes = new HashMap<>();

    void saved(K key, E entity) {
      writes.computeIfAbsent(key, k -> new LinkedList<>()).addFirst(Optional.of(entity));
    }

    /** Records a delete, which writes nothing when the entity does not exist. */
    boolean deleted(K key) {
      LinkedList<Optional<E>> history = writes.get(key);
      if (history == null || history.getFirst().isEmpty()) {
        return false;
      }
      history.addFirst(Optional.empty());
      return true;
    }

    E current(K key) {
      LinkedList<Optional<E>> history = writes.get(key);
      return history == null ? null : history.getFirst().orElse(null);
    }

    /** The newest {@code max} writes of {@code key}. */
    List<Optional<E>> newest(K key, int max) {
      LinkedList<Optional<E>> history = writes.getOrDefault(key, new LinkedList<>());
      return new ArrayList<>(history.subList(0, Math.min(max, history.size())));
    }
  }

  private static <E> List<Optional<E>> states(List<Versioned<E>> versions) {
    return versions.stream().map(Versioned::entityIfLive).toList();
  }

  private static void assertRising(List<? extends Versioned<?>> versions, String context) {
    for (int i = 1; i < versions.size(); i++) {
      assertTrue(versions.get(i - 1).timestamp() > versions.get(i).timestamp(), context + ": " + versions);
    }
  }

  @Test
  void theVersionsOfAnEntityWithoutViewsAreEveryWriteItsFamiliesKeep(Rowan rowan, Admin admin) throws Exception {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("VersionsIT notes seed " + seed);
    Random random = new Random(seed);
    rowan.schema().create(Note.class);
    Notes notes = rowan.repository(Notes.class);
    Histories<String, Note> model = new Histories<>();
    BiFunction<String, Integer, String> key = (shelf, id) -> shelf + "/" + id;
    for (int round = 0; round < 2; round++) {
      for (int step = 0; step < 400; step++) {
        String shelf = "s" + random.nextInt(3);
        int id = random.nextInt(8);
        int op = random.nextInt(10);
        if (op < 6) {
          Note note = new Note(shelf, id, random.nextInt(4) == 0 ? null : "t" + step,
              random.nextInt(3) == 0 ? null : "b" + random.nextInt(5));
          notes.save(note);
          model.saved(key.apply(shelf, id), note);
        } else if (op < 8) {
          notes.deleteByKey(shelf, id);
          model.deleted(key.apply(shelf, id));
        } else {
          Note first = new Note(shelf, id, "batch " + step, null);
          Note second = new Note(shelf, id, null, "again " + step);
          notes.saveAll(List.of(first, second)); // one key twice in a batch: two writes, in order
          model.saved(key.apply(shelf, id), first);
          model.saved(key.apply(shelf, id), second);
        }
      }
      for (String shelf : List.of("s0", "s1", "s2", "s9")) {
        for (int id = 0; id < 8; id++) {
          String context = "seed " + seed + ", round " + round + ", " + shelf + "/" + id;
          List<Versioned<Note>> all = notes.findVersionsByShelfAndId(shelf, id);
          assertEquals(model.newest(key.apply(shelf, id), 4), states(all),
              context + ": as many versions as the families keep (4)");
          assertRising(all, context);
          assertEquals(model.newest(key.apply(shelf, id), 2), states(notes.findVersionsByShelfAndId(shelf, id,
              Limit.of(2))), context);
          assertEquals(model.newest(key.apply(shelf, id), 2), states(notes.findTop2VersionsByShelfAndId(shelf, id)),
              context);
          assertEquals(Optional.ofNullable(model.current(key.apply(shelf, id))), notes.findByKey(shelf, id), context);
        }
      }
      for (String shelf : List.of("s0", "s1", "s2")) {
        // the latest state, where older versions keep cells of the columns the last write left null
        String context = "seed " + seed + ", round " + round + ", shelf " + shelf;
        List<Note> current = new ArrayList<>();
        for (int id = 0; id < 8; id++) {
          Note note = model.current(key.apply(shelf, id));
          if (note != null) {
            current.add(note);
          }
        }
        assertEquals(current.stream().filter(n -> n.title() == null).toList(), notes.findByShelfAndTitleIsNull(shelf),
            context);
        assertEquals(current.stream().filter(n -> n.body() != null).count(), notes.countByShelfAndBodyIsNotNull(shelf),
            context);
        assertEquals(current.stream().map(n -> new NoteKey(n.shelf(), n.id())).toList(), notes.findKeysByShelf(shelf),
            context);
        assertEquals(current.stream().filter(n -> n.body() != null && n.body().startsWith("b"))
            .map(n -> new NoteTitle(n.id(), n.title())).toList(), notes.findByShelfAndBodyStartingWith(shelf, "b"),
            context);
      }
      TableName table = rowan.tableName("notes");
      Compactions.majorCompact(admin, table); // a write deletes no cell: each version keeps its cells

    }
  }

  @Test
  void aColumnAWriteLeavesNullKeepsItsValueInEarlierVersionsThroughAMajorCompaction(Rowan rowan, Admin admin)
      throws Exception {
    rowan.schema().create(Note.class);
    Notes notes = rowan.repository(Notes.class);
    Note first = new Note("s1", 1, "draft", "hello");
    Note second = new Note("s1", 1, null, "hello again");
    notes.save(first);
    notes.save(second);
    notes.deleteByKey("s1", 1);
    Note third = new Note("s1", 1, "final", null);
    notes.save(third);
    Compactions.majorCompact(admin, rowan.tableName("notes"));

    List<Versioned<Note>> versions = notes.findVersionsByShelfAndId("s1", 1);

    assertEquals(List.of(Optional.of(third), Optional.empty(), Optional.of(second), Optional.of(first)),
        states(versions));
    assertTrue(versions.get(1).isDeletion());
    assertEquals(Optional.of(third), notes.findByKey("s1", 1), "the latest state: body left null by the last write");
    String plan = notes.explain("findTop2VersionsByShelfAndId");
    assertTrue(plan.contains("versions: of the entity the get names, newest first, at most 4"), plan);
  }

  @Test
  void theVersionsOfAnEntityWithViewsAreEveryWriteAndTheViewsStayRight(Rowan rowan) {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("VersionsIT tickets seed " + seed);
    Random random = new Random(seed);
    rowan.schema().create(Ticket.class);
    Tickets tickets = rowan.repository(Tickets.class);
    Histories<String, Ticket> model = new Histories<>();
    for (int step = 0; step < 300; step++) {
      String id = "t" + random.nextInt(6);
      if (random.nextInt(4) == 0) {
        tickets.deleteByKey(id);
        model.deleted(id);
      } else {
        // codes are unique per ticket: a ticket's code never collides with another's
        Ticket ticket = new Ticket(id, "o" + random.nextInt(3), random.nextBoolean() ? null : "st" + step,
            random.nextInt(3) == 0 ? null : id + "-c" + random.nextInt(2));
        tickets.save(ticket);
        model.saved(id, ticket);
      }
    }
    for (int i = 0; i < 7; i++) {
      String id = "t" + i;
      List<Versioned<Ticket>> versions = tickets.findVersionsById(id);
      assertEquals(model.newest(id, 5), states(versions), "seed " + seed + ", " + id);
      assertRising(versions, id);
    }
    for (int owner = 0; owner < 3; owner++) {
      String name = "o" + owner;
      List<Ticket> expected = new ArrayList<>();
      for (int i = 0; i < 6; i++) {
        Ticket current = model.current("t" + i);
        if (current != null && name.equals(current.owner())) {
          expected.add(current);
        }
      }
      assertEquals(expected, tickets.findByOwner(name), "seed " + seed + ": views hold the latest state");
    }
  }

  @Test
  void aTableKeepingFewerVersionsThanTheEntityDeclaresIsReportedAndRefusedWhereItsFamiliesAreRead(Rowan rowan,
      Admin admin) throws Exception {
    rowan.schema().create(Note.class);
    TableName table = rowan.tableName("notes");
    admin.modifyColumnFamily(table, ColumnFamilyDescriptorBuilder
        .newBuilder(admin.getDescriptor(table).getColumnFamily(Bytes.toBytes("x"))).setMaxVersions(1).build());
    assertTrue(rowan.schema().check(Note.class).differences().contains("Table " + table.getNameAsString()
        + ", column family 'x': max versions is 1, expected 4."), rowan.schema().check(Note.class).toString());

    // a repository reads the catalog, which create wrote after comparing the families; on tables an older Rowan made
    // (no catalog) it reads their descriptors, families included
    admin.disableTable(dev.rowan.core.internal.schema.Catalog.of(table));
    admin.deleteTable(dev.rowan.core.internal.schema.Catalog.of(table));
    SchemaMismatchException refused = assertThrows(SchemaMismatchException.class,
        () -> rowan.repository(Notes.class));
    assertTrue(refused.getMessage().contains("Table " + table.getNameAsString() + ", column family 'x' keeps 1"
        + " versions, but Note keeps history with 4; raise it (HBase shell: alter '" + table.getNameAsString()
        + "', {NAME => 'x', VERSIONS => 4})."), refused.getMessage());
  }

  @Test
  void aVersionsMethodIsRefusedWhereVersionsCannotBeReadNamingWhatToChange(Rowan rowan) {
    rowan.schema().create(Draft.class);
    rowan.schema().create(History.class);
    QueryMethodException noHistory = assertThrows(QueryMethodException.class,
        () -> rowan.repository(DraftVersions.class));
    assertTrue(noHistory.getMessage().contains("DraftVersions.findVersionsById reads versions, but Draft's family d"
        + " keeps 1 version: to read versions, give every family of drafts @Family(maxVersions = n) with n > 1"),
        noHistory.getMessage());

    QueryMethodException badMethods = assertThrows(QueryMethodException.class,
        () -> rowan.repository(BadHistories.class));
    String message = badMethods.getMessage();
    assertTrue(message.contains("BadHistories.findVersionsByOwner reads the versions of one entity: its conditions must"
        + " be equalities on every part of History's row key (id) and nothing else"), message);
    assertTrue(message.contains("BadHistories.findVersionsByIdOrderByText: versions come newest first"), message);
    assertTrue(message.contains("BadHistories.findVersionsById: returns java.util.stream.Stream<"), message);
    assertTrue(message.contains("the versions of an entity are returned as List<Versioned<History>>"), message);
  }
}
