package dev.rowan.it.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.Rowan;
import dev.rowan.core.spi.ProtocolHook;
import dev.rowan.core.spi.ProtocolHook.Step;
import dev.rowan.it.Order;
import dev.rowan.it.OrderFixtures;
import dev.rowan.it.OrderRepository;
import dev.rowan.test.LocalClusterSettings;
import dev.rowan.test.ViewAudit;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.MiniHBaseCluster;
import org.apache.hadoop.hbase.StartMiniClusterOption;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.junit.jupiter.api.Test;

/**
 * Writers save orders with views while regions of the main table and of a view are split and
 * moved and a region server is aborted, between the grouped commits of a write and their sync,
 * and replaced, while {@code VerifyViews} repairs the views over and over: every save that
 * returned is readable by
 * key with what it saved; a save that threw is either fully there or not at all; and reads
 * through the views answer like the main table. Runs on a cluster of its own (two region
 * servers), in every build (under a minute).
 */
class RegionServerChaosIT {

  private static final int WRITERS = 2;
  private static final int ORDERS_PER_WRITER = 200;

  @Test
  void savesThatReturnedSurviveRegionServerFailuresSplitsAndMoves() throws Exception {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("RegionServerChaosIT seed " + seed);
    Configuration conf = LocalClusterSettings.create(2);
    conf.setInt("hbase.client.retries.number", 40);
    conf.setLong("hbase.client.pause", 100);
    conf.setInt("hbase.client.operation.timeout", 120_000);
    HBaseTestingUtility utility = new HBaseTestingUtility(conf);
    utility.startMiniZKCluster();
    utility.startMiniHBaseCluster(StartMiniClusterOption.builder().numMasters(1).numRegionServers(2).build());
    Duration lease = Duration.ofSeconds(2);
    AbortBeforeSync abort = new AbortBeforeSync(utility);
    try (Connection connection = ConnectionFactory.createConnection(utility.getConfiguration());
        Rowan rowan = Rowan.builder(connection).writeLease(lease).protocolHook(abort).groupCommit(true).build()) {
      abort.connection = connection;
      rowan.schema().create(Order.class);
      OrderRepository orders = rowan.repository(OrderRepository.class);
      Map<String, Order> acknowledged = new ConcurrentHashMap<>();
      Map<String, Order> inDoubt = new ConcurrentHashMap<>();
      AtomicBoolean stop = new AtomicBoolean();
      AtomicInteger saves = new AtomicInteger();
      AtomicInteger failures = new AtomicInteger();
      List<Thread> writers = new ArrayList<>();
      for (int w = 0; w < WRITERS; w++) {
        int writer = w;
        Random random = new Random(seed + w);
        OrderFixtures fixtures = new OrderFixtures(random);
        Thread thread = new Thread(() -> {
          while (!stop.get()) {
            // A save, or a batch whose commits are grouped where a region gets more than one
            Map<String, Order> batch = new java.util.LinkedHashMap<>();
            for (int i = 1 + (random.nextBoolean() ? 0 : random.nextInt(8)); i > 0; i--) {
              int number = writer * ORDERS_PER_WRITER + random.nextInt(ORDERS_PER_WRITER);
              String key = "order-" + number;
              batch.put(key, fixtures.change(Optional.ofNullable(acknowledged.get(key))
                  .orElseGet(() -> fixtures.order(number))));
            }
            try {
              orders.saveAll(List.copyOf(batch.values()));
              acknowledged.putAll(batch);
              batch.keySet().forEach(inDoubt::remove);
              saves.addAndGet(batch.size());
            } catch (RuntimeException e) {
              inDoubt.putAll(batch);
              failures.incrementAndGet();
            }
          }
        }, "writer-" + w);
        thread.start();
        writers.add(thread);
      }
      // a repair of the views racing the writers and the chaos: a job that fails with a region server is run again
      AtomicInteger repairs = new AtomicInteger();
      AtomicInteger failedRepairs = new AtomicInteger();
      Thread repairer = new Thread(() -> {
        java.io.PrintStream quiet = new java.io.PrintStream(java.io.OutputStream.nullOutputStream());
        while (!stop.get()) {
          try {
            dev.rowan.mapreduce.VerifyViews.of(rowan, Order.class).progress(quiet).repair();
            repairs.incrementAndGet();
          } catch (RuntimeException e) {
            failedRepairs.incrementAndGet();
          }
        }
      }, "repairer");
      repairer.start();
      try (Admin admin = connection.getAdmin()) {
        chaos(utility, admin, rowan, new Random(seed), abort);
      }
      stop.set(true);
      for (Thread writer : writers) {
        writer.join(TimeUnit.MINUTES.toMillis(3));
      }
      repairer.join(TimeUnit.MINUTES.toMillis(3));
      System.out.println("RegionServerChaosIT: " + saves.get() + " saves returned, " + failures.get() + " threw; "
          + repairs.get() + " repairs of the views ran meanwhile, " + failedRepairs.get() + " failed");
      assertTrue(repairs.get() + failedRepairs.get() > 0, "a repair raced the writers");
      assertTrue(saves.get() > 20, "writers wrote through the chaos: " + saves.get());
      for (Map.Entry<String, Order> entry : acknowledged.entrySet()) {
        Optional<Order> stored = orders.findByKey(entry.getKey());
        Order doubtful = inDoubt.get(entry.getKey());
        if (doubtful == null) {
          assertEquals(Optional.of(entry.getValue()), stored, entry.getKey() + ", seed " + seed);
        } else {
          assertTrue(stored.equals(Optional.of(entry.getValue())) || stored.equals(Optional.of(doubtful)),
              entry.getKey() + " holds the last save that returned or the one that threw after it: " + stored);
        }
      }
      Thread.sleep(2 * lease.toMillis() + 100); // past the lease and the settle window
      FaultInjectionIT.assertEveryViewAnswersLikeTheMainTable(rowan, "after the chaos, seed " + seed);
      ViewAudit.assertViewsMatchRebuild(rowan, Order.class);
    } finally {
      utility.shutdownMiniCluster();
    }
  }

  /** Splits and moves regions of the main table and a view, aborts a region server and starts another. */
  private static void chaos(HBaseTestingUtility utility, Admin admin, Rowan rowan, Random random,
      AbortBeforeSync abort) throws Exception {
    TableName main = rowan.tableName("orders");
    TableName seller = rowan.tableName("orders.seller");
    MiniHBaseCluster cluster = utility.getMiniHBaseCluster();
    Thread.sleep(1_000);
    retrying(() -> admin.split(main, new byte[] {0, 'o', 'r', 'd', 'e', 'r', '-', '2'})); // inside bucket 0's region
    Thread.sleep(1_000);
    retrying(() -> move(admin, seller, random));
    Thread.sleep(1_000);
    abort.armed.set(true);
    assertTrue(abort.aborted.await(60, TimeUnit.SECONDS), "a region server was aborted between commits and sync");
    cluster.startRegionServer();
    utility.waitUntilNoRegionsInTransition(120_000);
    Thread.sleep(1_000);
    retrying(() -> admin.split(seller, new byte[] {1, 's', 'e', 'l', 'l', 'e', 'r', '-', '5'})); // in bucket 1's region
    retrying(() -> move(admin, main, random));
    Thread.sleep(1_000);
    utility.waitUntilNoRegionsInTransition(120_000);
  }

  /**
   * Once armed, aborts the region server of the first main row of the next batch of four or more
   * commits (of four salt buckets, one region gets two: a grouped commit),
   * after its commits and before the sync that makes them durable: the commits not yet synced are
   * lost or replayed, and the writer must find out which (docs/view-consistency.md, step 3).
   */
  private static final class AbortBeforeSync implements ProtocolHook {
    final AtomicBoolean armed = new AtomicBoolean();
    final CountDownLatch aborted = new CountDownLatch(1);
    private final HBaseTestingUtility utility;
    volatile Connection connection;

    AbortBeforeSync(HBaseTestingUtility utility) {
      this.utility = utility;
    }

    @Override
    public void at(Step step, String table, List<byte[]> rowKeys) {
      if (step != Step.BEFORE_COMMIT_SYNC || rowKeys.size() < 4 || !armed.compareAndSet(true, false)) {
        return;
      }
      try (RegionLocator locator = connection.getRegionLocator(TableName.valueOf(table))) {
        byte[] region = locator.getRegionLocation(rowKeys.get(0)).getRegion().getRegionName();
        MiniHBaseCluster cluster = utility.getMiniHBaseCluster();
        int server = cluster.getServerWith(region);
        if (server < 0) {
          armed.set(true); // the region is moving: try the next commit
          return;
        }
        cluster.abortRegionServer(server);
        System.out.println("RegionServerChaosIT: aborted region server " + server + " before the sync of "
            + rowKeys.size() + " commits");
        aborted.countDown();
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
  }

  /** An admin operation of the chaos, tried again while its region is still opening or closing. */
  @FunctionalInterface
  private interface AdminCall {
    void run() throws Exception;
  }

  private static void retrying(AdminCall call) throws Exception {
    for (int attempt = 1; ; attempt++) {
      try {
        call.run();
        return;
      } catch (java.io.IOException e) {
        if (attempt == 20) {
          throw e;
        }
        Thread.sleep(500); // a region in transition: the chaos waits, the writers go on
      }
    }
  }

  private static void move(Admin admin, TableName table, Random random) throws Exception {
    List<RegionInfo> regions = admin.getRegions(table);
    RegionInfo region = regions.get(random.nextInt(regions.size()));
    admin.move(region.getEncodedNameAsBytes()); // to a random other server
  }
}
