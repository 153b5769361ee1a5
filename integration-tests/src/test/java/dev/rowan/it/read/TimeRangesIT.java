package dev.rowan.it.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.AllowScan;
import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.core.QueryMethodException;
import dev.rowan.core.Rowan;
import dev.rowan.core.TimeRange;
import dev.rowan.it.Compactions;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.test.HBaseTest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Finds with a {@code TimeRange} (docs/queries.md, "Time ranges") answer with the entities as
 * they were at the range's end, among those last written within it, as snapshots of an
 * in-memory model taken at the same instants say; through gets, scans, pages, projections and
 * filters, before and after a major compaction.
 */
@HBaseTest
class TimeRangesIT {

  @Table(name = "logs")
  @Family(name = "l", maxVersions = 50)
  @Index(name = "owner", key = {"owner", "shelf", "id"})
  record Log(@RowKey(order = 0) String shelf, @RowKey(order = 1) int id, @Column String owner, @Column String text) {}

  record LogText(int id, String text) {}

  interface Logs extends HBaseRepository<Log> {
    List<Log> findByShelf(String shelf, TimeRange written);

    Optional<Log> findByShelfAndId(String shelf, int id, TimeRange written);

    Page<Log> findByShelfAndTextIsNull(String shelf, TimeRange written, PageRequest page);

    List<LogText> findByShelfAndTextStartingWith(String shelf, String prefix, TimeRange written);

    @AllowScan
    List<Log> findByOwner(String owner, TimeRange written);

    List<Log> findByOwner(String owner);
  }

  interface OwnerWithScan extends HBaseRepository<Log> {
    @AllowScan
    List<Log> findByOwner(String owner, TimeRange written);
  }

  interface OwnerWithoutScan extends HBaseRepository<Log> {
    List<Log> findByOwner(String owner, TimeRange written);

    long countByShelf(String shelf, TimeRange written);
  }

  @Table(name = "plain_logs")
  record PlainLog(@RowKey String id, @Column String text) {}

  interface PlainLogs extends HBaseRepository<PlainLog> {
    List<PlainLog> findById(String id, TimeRange written);
  }

  /** Keeps two versions: a time range reaches back two writes of each row. */
  @Table(name = "short_logs")
  @Family(name = "l", maxVersions = 2)
  record ShortLog(@RowKey String id, @Column String a, @Column String b) {}

  interface ShortLogs extends HBaseRepository<ShortLog> {
    Optional<ShortLog> findById(String id, TimeRange written);
  }

  /** A key's state at a checkpoint: its entity (null when it has none) and the epoch of its last write. */
  private record State(Log entity, int lastWrite) {}

  private static final List<String> SHELVES = List.of("s0", "s1");

  @Test
  void findsWithATimeRangeAnswerAsTheModelWasAtItsEnd(Rowan rowan, org.apache.hadoop.hbase.client.Admin admin)
      throws Exception {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("TimeRangesIT seed " + seed);
    Random random = new Random(seed);
    rowan.schema().create(Log.class);
    Logs logs = rowan.repository(Logs.class);
    Map<String, State> current = new TreeMap<>();
    List<Instant> checkpoints = new ArrayList<>();
    List<Map<String, State>> snapshots = new ArrayList<>();
    for (int epoch = 0; epoch < 6; epoch++) {
      checkpoints.add(checkpoint());
      snapshots.add(new HashMap<>(current));
      for (int step = 0; step < 60; step++) {
        String shelf = SHELVES.get(random.nextInt(SHELVES.size()));
        int id = random.nextInt(6);
        String key = shelf + "/" + id;
        if (random.nextInt(5) == 0) {
          logs.deleteByKey(shelf, id);
          State before = current.get(key);
          if (before != null && before.entity() != null) {
            current.put(key, new State(null, epoch)); // a delete of an absent entity writes nothing
          }
        } else {
          Log log = new Log(shelf, id, "o" + random.nextInt(2), random.nextInt(3) == 0 ? null : "t" + random.nextInt(4));
          logs.save(log);
          current.put(key, new State(log, epoch));
        }
      }
    }
    checkpoints.add(checkpoint());
    snapshots.add(new HashMap<>(current));
    for (String stage : List.of("in the memstore", "after a major compaction")) {
      for (int end = 0; end < checkpoints.size(); end++) {
        for (int start = 0; start <= end; start++) {
          if (start == end && start > 0) {
            continue; // an empty range is refused when made
          }
          TimeRange range = start == 0 ? TimeRange.before(checkpoints.get(end))
              : TimeRange.between(checkpoints.get(start), checkpoints.get(end));
          String context = "seed " + seed + ", " + stage + ", writes of epochs " + start + " to " + (end - 1);
          Map<String, State> snapshot = snapshots.get(end);
          for (String shelf : SHELVES) {
            List<Log> expected = expected(snapshot, start, shelf);
            assertEquals(expected, logs.findByShelf(shelf, range), context);
            assertEquals(expected.stream().filter(l -> l.text() == null).toList(), pages(logs, shelf, range),
                context);
            assertEquals(expected.stream().filter(l -> l.text() != null && l.text().startsWith("t1"))
                .map(l -> new LogText(l.id(), l.text())).toList(),
                logs.findByShelfAndTextStartingWith(shelf, "t1", range), context);
            for (int id = 0; id < 6; id++) {
              int key = id;
              assertEquals(expected.stream().filter(l -> l.id() == key).findFirst(),
                  logs.findByShelfAndId(shelf, id, range), context + ", id " + id);
            }
          }
          List<Log> owned = new ArrayList<>();
          for (String shelf : SHELVES) {
            expected(snapshot, start, shelf).stream().filter(l -> "o1".equals(l.owner())).forEach(owned::add);
          }
          assertEquals(owned, logs.findByOwner("o1", range), context + ": the main table, not the view");
        }
      }
      Compactions.majorCompact(admin, rowan.tableName("logs"));
    }
    TimeRange since = TimeRange.since(checkpoints.get(3));
    assertEquals(expected(current, 3, "s0"), logs.findByShelf("s0", since), "seed " + seed + ": the latest state");
    List<Log> latestOwned = new ArrayList<>();
    current.values().stream().map(State::entity).filter(l -> l != null && "o1".equals(l.owner()))
        .forEach(latestOwned::add);
    latestOwned.sort(java.util.Comparator.comparing(Log::shelf).thenComparingInt(Log::id));
    assertEquals(latestOwned, logs.findByOwner("o1"), "seed " + seed + ": the view holds the latest state");
  }

  @Test
  void aStateOlderThanTheVersionsKeptIsLeftOutNeverMadeUpFromOlderCells(Rowan rowan,
      org.apache.hadoop.hbase.client.Admin admin) throws Exception {
    rowan.schema().create(ShortLog.class);
    ShortLogs logs = rowan.repository(ShortLogs.class);
    logs.save(new ShortLog("deleted", "x", "y"));
    logs.save(new ShortLog("live", "x", "y"));
    logs.deleteByKey("deleted");
    Instant before = checkpoint();
    logs.save(new ShortLog("deleted", "x2", null));
    logs.deleteByKey("deleted"); // two statuses since: the one at the instant is no longer kept, its cells are
    logs.save(new ShortLog("live", "x2", null));
    logs.save(new ShortLog("live", "x3", null));
    Instant recent = checkpoint();

    for (String stage : List.of("in the memstore", "after a major compaction")) {
      assertEquals(Optional.empty(), logs.findById("deleted", TimeRange.before(before)), stage);
      assertEquals(Optional.empty(), logs.findById("live", TimeRange.before(before)),
          stage + ": its state then (x, y) is older than the two versions kept: left out, not made of older cells");
      assertEquals(Optional.of(new ShortLog("live", "x3", null)), logs.findById("live", TimeRange.before(recent)),
          stage);
      Compactions.majorCompact(admin, rowan.tableName("short_logs"));
    }
  }

  @Test
  void aTimeRangeIsRefusedWhereTheStateOfAPastTimeCannotBeRead(Rowan rowan) {
    rowan.schema().create(Log.class);
    rowan.schema().create(PlainLog.class);
    String noScan = assertThrows(QueryMethodException.class, () -> rowan.repository(OwnerWithoutScan.class))
        .getMessage();
    assertTrue(noScan.contains("OwnerWithoutScan.findByOwner would read the whole table logs"), noScan);
    assertTrue(noScan.contains("OwnerWithoutScan.countByShelf: a count method takes no TimeRange parameter"), noScan);
    String plain = assertThrows(QueryMethodException.class, () -> rowan.repository(PlainLogs.class)).getMessage();
    assertTrue(plain.contains("PlainLogs.findById takes a TimeRange, but PlainLog keeps no history, so a time range"
        + " cannot apply to it (PlainLog's family d keeps 1 version"), plain);
  }

  @Test
  void explainSaysATimeRangeReadsTheMainTable(Rowan rowan) {
    rowan.schema().create(Log.class);
    String plan = rowan.repository(OwnerWithScan.class).explain("findByOwner");
    assertTrue(plan.contains("time range: from the TimeRange parameter"), plan);
    assertTrue(plan.contains("full scan"), plan);
  }

  private static List<Log> expected(Map<String, State> snapshot, int firstEpoch, String shelf) {
    List<Log> found = new ArrayList<>();
    for (int id = 0; id < 6; id++) {
      State state = snapshot.get(shelf + "/" + id);
      if (state != null && state.entity() != null && state.lastWrite() >= firstEpoch) {
        found.add(state.entity());
      }
    }
    return found;
  }

  private static List<Log> pages(Logs logs, String shelf, TimeRange range) {
    List<Log> all = new ArrayList<>();
    PageRequest request = PageRequest.of(2);
    while (request != null) {
      Page<Log> page = logs.findByShelfAndTextIsNull(shelf, range, request);
      all.addAll(page.content());
      request = page.next();
    }
    return all;
  }

  /**
   * An instant between the writes before it and those after: writes of one entity may run a
   * few milliseconds ahead of the clock (each is above the last), so the clock passes them first.
   */
  private static Instant checkpoint() throws InterruptedException {
    Thread.sleep(30);
    Instant at = Instant.now();
    Thread.sleep(30);
    return at;
  }
}
