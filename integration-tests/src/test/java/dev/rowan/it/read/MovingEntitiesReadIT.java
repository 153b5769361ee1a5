package dev.rowan.it.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.core.Rowan;
import dev.rowan.it.NamespaceTables;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.test.TestNamespace;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Queries while writers move entities within the queries' ranges: each entity keeps matching
 * every query (its category never changes, its stock jumps between 1 and 1999, inside every
 * range asked), so every read must return each of them exactly once, whatever the order in which
 * its view rows are written, retired and scanned. Through a full-copy view keyed by (category,
 * stock) and a narrow view keyed by stock, salted and not; as lists, streams, counts, Top-N and
 * pages (each page an entity at most once, the pages of one pass each entity at most once too
 * unless it moved forward between two pages' reads).
 */
@dev.rowan.test.HBaseTest
class MovingEntitiesReadIT {

  private static final int ENTITIES = 40;
  private static final int WRITERS = 3;

  @AfterEach
  void dropTables(Admin admin, TestNamespace namespace) throws IOException {
    NamespaceTables.drop(admin, namespace);
  }

  /** Salted in 4 buckets: a move usually takes an entity's view rows to another bucket. */
  @Table(name = "parts", salt = @Salt(buckets = 4))
  @Index(name = "shelf", key = {"category", "stock"})
  @Index(name = "level", key = {"stock"}, include = {"category"})
  record Part(@RowKey String sku, @Column(name = "c") String category, @Column(name = "s") Long stock,
      @Column(name = "n") String note) {}

  interface Parts extends HBaseRepository<Part> {
    long addToStockBySku(long delta, String sku);

    List<Part> findByCategory(String category);

    Stream<Part> streamByCategory(String category);

    long countByCategory(String category);

    List<Part> findTop20ByCategoryOrderByStock(String category);

    Page<Part> findByCategory(String category, PageRequest page);

    List<Part> findByStockBetween(long from, long to);

    long countByStockBetween(long from, long to);
  }

  /** The same, unsalted: one region per view, rows moving ahead of and behind the scan. */
  @Table(name = "plainparts")
  @Index(name = "shelf", key = {"category", "stock"})
  @Index(name = "level", key = {"stock"}, include = {"category"})
  record PlainPart(@RowKey String sku, @Column(name = "c") String category, @Column(name = "s") Long stock,
      @Column(name = "n") String note) {}

  interface PlainParts extends HBaseRepository<PlainPart> {
    long addToStockBySku(long delta, String sku);

    List<PlainPart> findByCategory(String category);

    Stream<PlainPart> streamByCategory(String category);

    long countByCategory(String category);

    List<PlainPart> findTop20ByCategoryOrderByStock(String category);

    Page<PlainPart> findByCategory(String category, PageRequest page);

    List<PlainPart> findByStockBetween(long from, long to);

    long countByStockBetween(long from, long to);
  }

  @Test
  void saltedReadsReturnEveryMovingEntityExactlyOnce(Rowan rowan) throws Exception {
    rowan.schema().create(Part.class);
    Parts parts = rowan.repository(Parts.class);
    List<Part> all = new ArrayList<>();
    for (int i = 0; i < ENTITIES; i++) {
      all.add(new Part(String.format("p-%02d", i), "solo", 1L + 1998L * (i % 2), "n" + i));
    }
    parts.saveAll(all);
    Map<String, Integer> failures = readWhileMoving(sku -> delta -> parts.addToStockBySku(delta, sku), List.of(
        read("findByCategory", () -> skus(parts.findByCategory("solo"), Part::sku)),
        read("streamByCategory", () -> {
          try (Stream<Part> stream = parts.streamByCategory("solo")) {
            return skus(stream.toList(), Part::sku);
          }
        }),
        read("findByStockBetween", () -> skus(parts.findByStockBetween(0, 2000), Part::sku)),
        read("findTop20ByCategoryOrderByStock", () -> top(parts.findTop20ByCategoryOrderByStock("solo"), Part::sku)),
        read("findByCategory pages", () -> pages(page -> parts.findByCategory("solo", page), Part::sku)),
        counted("countByCategory", () -> parts.countByCategory("solo")),
        counted("countByStockBetween", () -> parts.countByStockBetween(0, 2000))));
    assertEquals(Map.of(), failures, "reads that did not return each entity exactly once");
  }

  @Test
  void unsaltedReadsReturnEveryMovingEntityExactlyOnce(Rowan rowan) throws Exception {
    assertUnsaltedReadsReturnEveryMovingEntityExactlyOnce(rowan);
  }

  /**
   * The same with scans that fetch a row or two per RPC: one region scanner keeps its read point
   * over all its RPCs, so such a read is a snapshot and takes no raw second look; each moving
   * entity still comes exactly once.
   */
  @Test
  void unsaltedReadsOfManyRpcsReturnEveryMovingEntityExactlyOnce(Connection connection, TestNamespace namespace)
      throws Exception {
    Configuration small = new Configuration(connection.getConfiguration());
    small.setLong("hbase.client.scanner.max.result.size", 256);
    try (Connection rowsAtATime = ConnectionFactory.createConnection(small);
        Rowan rowan = Rowan.builder(rowsAtATime).namespace(namespace.name()).build()) {
      assertUnsaltedReadsReturnEveryMovingEntityExactlyOnce(rowan);
    }
  }

  private static void assertUnsaltedReadsReturnEveryMovingEntityExactlyOnce(Rowan rowan) throws Exception {
    rowan.schema().create(PlainPart.class);
    PlainParts parts = rowan.repository(PlainParts.class);
    List<PlainPart> all = new ArrayList<>();
    for (int i = 0; i < ENTITIES; i++) {
      all.add(new PlainPart(String.format("p-%02d", i), "solo", 1L + 1998L * (i % 2), "n" + i));
    }
    parts.saveAll(all);
    Map<String, Integer> failures = readWhileMoving(sku -> delta -> parts.addToStockBySku(delta, sku), List.of(
        read("findByCategory", () -> skus(parts.findByCategory("solo"), PlainPart::sku)),
        read("streamByCategory", () -> {
          try (Stream<PlainPart> stream = parts.streamByCategory("solo")) {
            return skus(stream.toList(), PlainPart::sku);
          }
        }),
        read("findByStockBetween", () -> skus(parts.findByStockBetween(0, 2000), PlainPart::sku)),
        read("findTop20ByCategoryOrderByStock", () -> top(parts.findTop20ByCategoryOrderByStock("solo"),
            PlainPart::sku)),
        read("findByCategory pages", () -> pages(page -> parts.findByCategory("solo", page), PlainPart::sku)),
        counted("countByCategory", () -> parts.countByCategory("solo")),
        counted("countByStockBetween", () -> parts.countByStockBetween(0, 2000))));
    assertEquals(Map.of(), failures, "reads that did not return each entity exactly once");
  }

  /** A read, and whether its answer was right: null, or what was wrong with it. */
  private record Read(String name, Supplier<String> check) {}

  /** A read whose answer must hold every sku exactly once. */
  private static Read read(String name, Supplier<Map<String, Integer>> skus) {
    return new Read(name, () -> {
      Map<String, Integer> found = skus.get();
      if (found.size() == ENTITIES && found.values().stream().allMatch(n -> n == 1)) {
        return null;
      }
      Map<String, Integer> wrong = new TreeMap<>();
      for (int i = 0; i < ENTITIES; i++) {
        String sku = String.format("p-%02d", i);
        int n = found.getOrDefault(sku, 0);
        if (n != 1) {
          wrong.put(sku, n);
        }
      }
      return wrong.toString();
    });
  }

  /** A count that must be {@link #ENTITIES}. */
  private static Read counted(String name, Supplier<Long> count) {
    return new Read(name, () -> {
      long n = count.get();
      return n == ENTITIES ? null : "counted " + n;
    });
  }

  private static <E> Map<String, Integer> skus(List<E> entities, Function<E, String> sku) {
    Map<String, Integer> found = new HashMap<>();
    entities.forEach(entity -> found.merge(sku.apply(entity), 1, Integer::sum));
    return found;
  }

  /** The first 20 by stock: 20 distinct entities (which ones depends on the moves). */
  private static <E> Map<String, Integer> top(List<E> entities, Function<E, String> sku) {
    Map<String, Integer> found = skus(entities, sku);
    if (entities.size() != 20 || found.size() != 20) {
      return Map.of("top 20 had " + entities.size() + " entities, " + found.size() + " distinct", 0);
    }
    Map<String, Integer> complete = new HashMap<>(found);
    for (int i = 0; i < ENTITIES; i++) {
      complete.putIfAbsent(String.format("p-%02d", i), 1); // the other 20 are not asked for
    }
    return complete;
  }

  /** Pages of 7: no page holds an entity twice. */
  private static <E> Map<String, Integer> pages(Function<PageRequest, Page<E>> query, Function<E, String> sku) {
    PageRequest request = PageRequest.of(7);
    Map<String, Integer> complete = new HashMap<>();
    while (request != null) {
      Page<E> page = query.apply(request);
      Map<String, Integer> found = skus(page.content(), sku);
      if (found.size() != page.content().size()) {
        return Map.of("a page held an entity twice: " + found, 0);
      }
      request = page.next();
    }
    for (int i = 0; i < ENTITIES; i++) {
      complete.put(String.format("p-%02d", i), 1);
    }
    return complete;
  }

  /**
   * Runs the reads over and over while {@link #WRITERS} threads move the entities (each its own
   * share, alternating +1998 and -1998), and returns, per read, how many of its answers were
   * wrong (none when all were right).
   */
  private static Map<String, Integer> readWhileMoving(Function<String, Function<Long, Long>> adder, List<Read> reads)
      throws Exception {
    AtomicBoolean stop = new AtomicBoolean();
    ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
    List<Future<Integer>> writers = new ArrayList<>();
    for (int w = 0; w < WRITERS; w++) {
      int writer = w;
      writers.add(pool.submit(() -> {
        int moves = 0;
        long[] stock = new long[ENTITIES];
        for (int i = 0; i < ENTITIES; i++) {
          stock[i] = 1L + 1998L * (i % 2);
        }
        while (!stop.get()) {
          for (int i = writer; i < ENTITIES && !stop.get(); i += WRITERS) {
            stock[i] = adder.apply(String.format("p-%02d", i)).apply(stock[i] == 1 ? 1998L : -1998L);
            moves++;
          }
        }
        return moves;
      }));
    }
    Map<String, Integer> failures = new TreeMap<>();
    Map<String, String> examples = new HashMap<>();
    int rounds = 0;
    try {
      long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(6);
      while (System.nanoTime() < end) {
        for (Read read : reads) {
          String wrong = read.check().get();
          if (wrong != null) {
            failures.merge(read.name(), 1, Integer::sum);
            examples.putIfAbsent(read.name(), wrong);
          }
        }
        rounds++;
      }
    } finally {
      stop.set(true);
      pool.shutdown();
    }
    int moves = 0;
    for (Future<Integer> writer : writers) {
      moves += writer.get();
    }
    System.out.println("MovingEntitiesReadIT: " + rounds + " rounds of reads during " + moves + " moves; wrong: "
        + failures + " e.g. " + examples);
    assertTrue(moves > ENTITIES, "the writers moved the entities: " + moves);
    return failures.entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey,
        e -> e.getValue(), (a, b) -> a, TreeMap::new));
  }
}
