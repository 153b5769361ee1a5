package dev.rowan.it.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapreduce.RebuildViews;
import dev.rowan.mapreduce.VerifyViews;
import dev.rowan.mapreduce.ViewReport;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import dev.rowan.test.ViewAudit;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;

/**
 * Views added to tables with data and built while writers write, on the shapes
 * {@code LiveViewBuildIT} does not take: a salted table with a narrow view, and a unique view
 * (whose writers move their keys during the build, and whose duplicates refuse the build and
 * leave the view building). Afterwards every query through the new view equals the main table,
 * {@code VerifyViews} finds nothing at fault, and each view equals its rebuild.
 */
@HBaseTest
class LiveViewShapesIT {

  private static final int ENTITIES = 2_000;

  @Table(name = "salted_live", salt = @Salt(buckets = 4))
  @Index(name = "seller", key = {"sellerId", "orderNo"})
  record SaltedV1(@RowKey String orderNo, @Column String sellerId, @Column String buyerId, @Column long amount) {}

  interface SaltedOrdersV1 extends HBaseRepository<SaltedV1> {}

  /** The next version: a narrow view by buyer, carrying the amount only. */
  @Table(name = "salted_live", salt = @Salt(buckets = 4))
  @Index(name = "seller", key = {"sellerId", "orderNo"})
  @Index(name = "buyer", key = {"buyerId", "orderNo"}, include = {"amount"})
  record SaltedV2(@RowKey String orderNo, @Column String sellerId, @Column String buyerId, @Column long amount) {}

  interface SaltedOrdersV2 extends HBaseRepository<SaltedV2> {
    List<SaltedV2> findByBuyerId(String buyerId);
  }

  @Table(name = "accounts_live")
  record AccountV1(@RowKey String id, @Column String email, @Column long changes) {}

  interface AccountsV1 extends HBaseRepository<AccountV1> {}

  /** The next version: accounts by email, one account per email. */
  @Table(name = "accounts_live")
  @Index(name = "email", key = {"email"}, unique = true)
  record AccountV2(@RowKey String id, @Column String email, @Column long changes) {}

  interface AccountsV2 extends HBaseRepository<AccountV2> {
    Optional<AccountV2> findByEmail(String email);
  }

  @Test
  void aNarrowViewOfASaltedTableBuiltWhileTwoThreadsWriteEqualsTheMainTable(Connection connection,
      TestNamespace namespace) throws Exception {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("LiveViewShapesIT salted seed " + seed);
    try (Rowan rowan = rowan(connection, namespace)) {
      rowan.schema().create(SaltedV1.class);
      Random random = new Random(seed);
      List<SaltedV1> orders = new ArrayList<>();
      for (int i = 0; i < ENTITIES; i++) {
        orders.add(new SaltedV1(key(i), "s" + random.nextInt(5), "b" + random.nextInt(30), 0));
      }
      rowan.repository(SaltedOrdersV1.class).saveAll(orders);
      rowan.schema().create(SaltedV2.class);
      SaltedOrdersV2 repository = rowan.repository(SaltedOrdersV2.class);
      long writes = whileWriting(2, (thread, own) -> {
        String key = key(own.nextInt(ENTITIES / 2) * 2 + thread);
        if (own.nextInt(5) == 0) {
          repository.deleteByKey(key);
        } else {
          repository.save(new SaltedV2(key, "s" + own.nextInt(5), "b" + own.nextInt(30), own.nextInt(1000)));
        }
      }, seed, () -> RebuildViews.of(rowan, SaltedV2.class).views("buyer").progress(quiet()).run());
      assertTrue(writes > 20, "the writers wrote during the build: " + writes);
      assertEquals(Set.of(), rowan.schema().buildingViews(SaltedV2.class));

      Thread.sleep(3_500); // past the write lease: a read settles what a lost race left unsettled
      List<SaltedV2> stored;
      try (var all = repository.scanAll()) {
        stored = all.toList();
      }
      Map<String, List<SaltedV2>> byBuyer = stored.stream().collect(Collectors.groupingBy(SaltedV2::buyerId,
          TreeMap::new, Collectors.toList()));
      for (int b = 0; b < 30; b++) {
        assertEquals(sorted(byBuyer.getOrDefault("b" + b, List.of()), SaltedV2::orderNo),
            sorted(repository.findByBuyerId("b" + b), SaltedV2::orderNo), "buyer b" + b + ", seed " + seed);
      }
      assertConsistent(rowan, SaltedV2.class, seed);
    }
  }

  @Test
  void aUniqueViewBuiltWhileWritersMoveTheirKeysEqualsTheMainTable(Connection connection, TestNamespace namespace)
      throws Exception {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("LiveViewShapesIT unique seed " + seed);
    try (Rowan rowan = rowan(connection, namespace)) {
      rowan.schema().create(AccountV1.class);
      List<AccountV1> accounts = new ArrayList<>();
      for (int i = 0; i < ENTITIES; i++) {
        accounts.add(new AccountV1(key(i), key(i) + "@example.com", 0));
      }
      rowan.repository(AccountsV1.class).saveAll(accounts);
      rowan.schema().create(AccountV2.class);
      AccountsV2 repository = rowan.repository(AccountsV2.class);
      long writes = whileWriting(2, (thread, own) -> {
        int i = own.nextInt(ENTITIES / 2) * 2 + thread;
        if (own.nextInt(6) == 0) {
          repository.deleteByKey(key(i));
        } else { // a new email of its own: no two accounts ever share one
          long change = own.nextInt(1_000_000);
          repository.save(new AccountV2(key(i), key(i) + "+" + change + "@example.com", change));
        }
      }, seed, () -> RebuildViews.of(rowan, AccountV2.class).views("email").progress(quiet()).run());
      assertTrue(writes > 20, "the writers wrote during the build: " + writes);
      assertEquals(Set.of(), rowan.schema().buildingViews(AccountV2.class));

      Thread.sleep(3_500);
      List<AccountV2> stored;
      try (var all = repository.scanAll()) {
        stored = all.toList();
      }
      for (AccountV2 account : stored) {
        assertEquals(Optional.of(account), repository.findByEmail(account.email()), "seed " + seed);
      }
      assertEquals(Optional.empty(), repository.findByEmail(key(0) + "+none@example.com"));
      assertConsistent(rowan, AccountV2.class, seed);
    }
  }

  @Test
  void aUniqueViewAddedWhereTwoEntitiesShareAKeyStaysBuildingUntilTheKeyHasOneOwner(Connection connection,
      TestNamespace namespace) throws Exception {
    try (Rowan rowan = rowan(connection, namespace)) {
      rowan.schema().create(AccountV1.class); // a version of the class before the unique view
      rowan.repository(AccountsV1.class).saveAll(List.of(new AccountV1("a", "shared@example.com", 0),
          new AccountV1("b", "shared@example.com", 0), new AccountV1("c", "c@example.com", 0)));
      rowan.schema().create(AccountV2.class);
      AccountsV2 repository = rowan.repository(AccountsV2.class);

      ByteArrayOutputStream progress = new ByteArrayOutputStream();
      List<ViewReport> built = RebuildViews.of(rowan, AccountV2.class).views("email")
          .progress(new PrintStream(progress, true)).run();

      // entities written before the view existed have no status: the load writes none of their rows, the repair
      // pass writes them, and finds the second owner of the shared key when it comes to it
      assertTrue(progress.toString().contains("unique views email stay building: keys held by two entities (1 without"
          + " their key, e.g. email=shared@example.com)"), progress.toString());
      ViewReport email = built.get(0);
      assertEquals(3, email.missing(), email.summary());
      assertEquals(2, email.repaired(), "the rows written, one per key: " + email.summary());
      assertEquals(1, email.secondOwners(), email.summary());
      assertEquals(List.of("email=shared@example.com"), email.sharedKeys(), email.summary());
      assertEquals(ViewReport.State.BUILDING, email.state(), email.summary());
      assertTrue(email.building());
      assertTrue(email.summary().contains(", 3 missing, 0 stale, 0 orphans, 2 repaired, 1 without their key (held by"
          + " another entity: email=shared@example.com)") && email.summary().endsWith("; still building"),
          email.summary());
      assertTrue(progress.toString().contains(", 2 rows written or deleted"), progress.toString());
      assertEquals(Set.of("email"), rowan.schema().buildingViews(AccountV2.class), "queries do not read it");
      IllegalStateException refused = assertThrows(IllegalStateException.class,
          () -> repository.findByEmail("c@example.com"));
      assertTrue(refused.getMessage().startsWith("AccountsV2.findByEmail reads view email of AccountV2, which is still"
          + " building"), refused.getMessage());
      repository.save(new AccountV2("b", "b@example.com", 1)); // the key gets one owner
      ViewReport rebuilt = RebuildViews.of(rowan, AccountV2.class).views("email").progress(quiet()).run().get(0);
      assertEquals(Set.of(), rowan.schema().buildingViews(AccountV2.class));
      assertEquals(ViewReport.State.ACTIVATED, rebuilt.state(), rebuilt.summary());
      assertEquals(List.of(0L, List.of()), List.of(rebuilt.secondOwners(), rebuilt.sharedKeys()), rebuilt.summary());
      assertTrue(rebuilt.summary().endsWith("; activated"), rebuilt.summary());
      Thread.sleep(2_500); // past twice the view refresh: the repository reads the view, now active
      assertEquals(Optional.of(new AccountV2("a", "shared@example.com", 0)), repository.findByEmail("shared@example.com"));
      assertEquals(Optional.of(new AccountV2("b", "b@example.com", 1)), repository.findByEmail("b@example.com"));
      assertConsistent(rowan, AccountV2.class, 0);
      assertTrue(repository.explain("findByEmail").contains("reads view accounts_live.email"),
          repository.explain("findByEmail"));
    }
  }

  /** What a writer thread does once: {@code thread} is its number, {@code random} its own. */
  private interface Write {
    void once(int thread, Random random) throws Exception;
  }

  /** Runs {@code threads} writers while {@code build} runs, and half a second after; the writes done. */
  private static long whileWriting(int threads, Write write, long seed, java.util.concurrent.Callable<?> build)
      throws Exception {
    AtomicBoolean stop = new AtomicBoolean();
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    List<Future<Long>> writers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int thread = t;
      writers.add(pool.submit(() -> {
        Random own = new Random(seed + thread);
        long writes = 0;
        while (!stop.get()) {
          write.once(thread, own);
          writes++;
          Thread.sleep(5); // leaves the build some of the machine's cores
        }
        return writes;
      }));
    }
    try {
      build.call();
      Thread.sleep(500); // writers go on for a while against the view now active
    } finally {
      stop.set(true);
    }
    long writes = 0;
    for (Future<Long> writer : writers) {
      writes += writer.get();
    }
    pool.shutdown();
    return writes;
  }

  private static void assertConsistent(Rowan rowan, Class<?> type, long seed) throws Exception {
    for (ViewReport report : VerifyViews.of(rowan, type).progress(quiet()).check()) {
      assertTrue(report.consistent(), "seed " + seed + ": " + report.summary());
    }
    ViewAudit.assertViewsMatchRebuildButForRowsLeftToReaders(rowan, type); // views these tests do not read
  }

  private static Rowan rowan(Connection connection, TestNamespace namespace) {
    return Rowan.builder(connection).namespace(namespace.name()).viewRefresh(Duration.ofSeconds(1))
        .writeLease(Duration.ofSeconds(3)).build();
  }

  private static PrintStream quiet() {
    return new PrintStream(new ByteArrayOutputStream(), true);
  }

  private static String key(int i) {
    return String.format("k%05d", i);
  }

  private static <T> List<T> sorted(List<T> entities, java.util.function.Function<T, String> key) {
    return entities.stream().sorted(Comparator.comparing(key)).toList();
  }
}
