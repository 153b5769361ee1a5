package dev.rowan.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.Order;
import com.example.OrderRepository;
import dev.rowan.core.Rowan;
import dev.rowan.index.ProtocolCells.Qualifier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Rowan on a real multi-process cluster, run the way the docs say a user runs it: a mini HDFS,
 * HBase with two region servers on it and a mini YARN cluster in a JVM of their own
 * ({@link ClusterProcess}); the job jar started by {@code hadoop jar} in another JVM, its tasks
 * in YARN containers whose class path has Hadoop only; the CLI from its tarball, unpacked in an
 * empty directory. Every command comes from a marked block of docs/ ({@link DocCommands}), and
 * after each step every query method of {@link OrderRepository} answers like the oracle of
 * what was loaded ({@link OrdersData}). The steps share one cluster and run in order.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class OrdersOnAClusterIT {

  private static final String NAMESPACE = "shop";
  private static final List<String> TABLES = List.of("orders", "orders.seller", "orders.buyer");
  private static final Pattern JOB_ID = Pattern.compile("\\bjob_(local)?\\d+_\\d+\\b");

  private final long seed = Long.getLong("rowan.seed", System.nanoTime());
  private final OrdersData data = new OrdersData(seed);
  private RunningCluster cluster;
  private Connection connection;
  private Rowan rowan;
  private OrderRepository orders;
  private DocCommands docs;
  private ClusterShell shell;

  @BeforeAll
  void startTheCluster() throws Exception {
    System.out.println("OrdersOnAClusterIT seed: -Drowan.seed=" + seed);
    Path work = TestSettings.work();
    deleteRecursively(work);
    docs = DocCommands.read(TestSettings.projectRoot().resolve("docs"));
    cluster = RunningCluster.start(work.resolve("cluster"));
    connection = ConnectionFactory.createConnection(cluster.configuration());
    shell = ClusterShell.create(Files.createTempDirectory("rowan-operator-"), cluster.configDir());
    try (var artifacts = Files.list(TestSettings.artifacts())) {
      for (Path artifact : artifacts.toList()) {
        Files.copy(artifact, shell.directory().resolve(artifact.getFileName()));
      }
    }
    Files.copy(TestSettings.modelJar(), shell.directory().resolve("orders-model.jar"));
  }

  @AfterAll
  void stopTheCluster() throws Exception {
    if (rowan != null) {
      rowan.close();
    }
    if (connection != null) {
      connection.close();
    }
    if (cluster != null) {
      cluster.close();
    }
    if (shell != null) {
      deleteRecursively(shell.directory());
    }
  }

  @Test
  @org.junit.jupiter.api.Order(0)
  void everyClusterCommandOfTheDocsIsOneThisTestRuns() throws IOException {
    assertEquals(List.of(), DocCommands.unmarkedClusterCommands(TestSettings.projectRoot().resolve("docs")));
    assertEquals(Set.of("cli-install", "cli-schema", "bulk-load", "verify-views", "rebuild-views", "cli-cluster"),
        docs.names());
  }

  @Test
  @org.junit.jupiter.api.Order(1)
  void theCommandLineUnpackedInAnEmptyDirectoryCreatesTheTablesOnBothRegionServers() throws Exception {
    ClusterShell.Result install = shell.run("cli-install", docs.get("cli-install"));
    assertEquals(0, install.exitCode(), "exit code of the install commands");
    assertTrue(install.output().contains("Usage: rowan"), "bin/rowan --help prints the usage");

    ClusterShell.Result schema = shell.run("cli-schema", docs.get("cli-schema"));
    assertEquals(0, schema.exitCode(), "exit code of rowan schema create");
    rowan = Rowan.builder(connection).namespace(NAMESPACE).build();
    orders = rowan.repository(OrderRepository.class);
    try (Admin admin = connection.getAdmin()) {
      for (String table : TABLES) {
        TableName name = TableName.valueOf(NAMESPACE, table);
        assertTrue(admin.tableExists(name), name + " exists");
        Map<String, Integer> regionsPerServer = regionsPerServer(name);
        System.out.println(name + ": regions per region server " + regionsPerServer);
        assertEquals(2, regionsPerServer.size(), name + " has regions on both region servers: " + regionsPerServer);
      }
    }
  }

  @Test
  @org.junit.jupiter.api.Order(2)
  void aBulkLoadRunWithHadoopJarOnYarnLoadsTheTableAndBothViews() throws Exception {
    loadWithTheDocsCommand("bulk-load", data.fresh(2_000));

    assertQueriesAnswerLikeTheOracle();
  }

  @Test
  @org.junit.jupiter.api.Order(3)
  void verifyViewsOnYarnFindsNoFaultAfterTheLoad() throws Exception {
    ClusterShell.Result verify = shell.run("verify-views", docs.get("verify-views"));

    assertEquals(0, verify.exitCode(), "exit code of VerifyViews check (3 means faults)");
    assertTrue(verify.output().contains(" 0 rows at fault"), "VerifyViews reports no fault");
    assertRanOnYarn(verify.output());
  }

  @Test
  @org.junit.jupiter.api.Order(4)
  void aSecondLoadThatChangesIndexedValuesLeavesNoStaleViewRow() throws Exception {
    List<Order> reloaded = new java.util.ArrayList<>(data.changed(300));
    reloaded.addAll(data.fresh(200));
    try (FileSystem fs = FileSystem.newInstance(cluster.configuration())) {
      fs.delete(new org.apache.hadoop.fs.Path("/incoming/orders"), true); // the first load's input
    }

    loadWithTheDocsCommand("bulk-load-again", reloaded);

    // counted before any query: a reader discards a stale row of the narrow view it meets
    assertEachViewHoldsOneRowPerStoredOrder();
    assertQueriesAnswerLikeTheOracle(); // a stale row of the full view would answer for its old seller
  }

  @Test
  @org.junit.jupiter.api.Order(5)
  void rebuildViewsOnYarnRestoresATruncatedView() throws Exception {
    TableName sellerView = TableName.valueOf(NAMESPACE, "orders.seller");
    try (Admin admin = connection.getAdmin()) {
      admin.disableTable(sellerView);
      admin.truncateTable(sellerView, true);
    }
    assertEquals(0, orders.countBySellerId(OrdersData.seller(0)), "the truncated view answers nothing");

    ClusterShell.Result rebuild = shell.run("rebuild-views", docs.get("rebuild-views"));

    assertEquals(0, rebuild.exitCode(), "exit code of RebuildViews");
    assertRanOnYarn(rebuild.output());
    assertQueriesAnswerLikeTheOracle();
  }

  @Test
  @org.junit.jupiter.api.Order(6)
  void theCommandLineFromItsTarballLoadsVerifiesAndReportsOnTheCluster() throws Exception {
    List<Order> loaded = data.fresh(300);
    OrdersData.writeCsv(shell.directory().resolve("new-orders.csv"), loaded);

    ClusterShell.Result cli = shell.run("cli-cluster", docs.get("cli-cluster"));

    assertEquals(0, cli.exitCode(), "exit code of the CLI's cluster commands");
    assertRanOnYarnWithWorkOnHdfs(cli.output());
    assertTrue(cli.output().contains(" 0 rows at fault"), "rowan views verify reports no fault");
    data.stored(loaded);
    assertQueriesAnswerLikeTheOracle();
  }

  @Test
  @org.junit.jupiter.api.Order(7)
  void savesGroupTheirCommitsOnRegionServersWhoseWalsAreOnHdfs() throws Exception {
    List<Order> changed = data.changed(400); // new sellers and buyers: every view row moves
    orders.saveAll(changed);
    data.stored(changed);
    for (Order one : data.changed(20)) {
      orders.save(one);
      data.stored(List.of(one));
    }

    assertTrue(syncMarks(changed) > 0, "the batch's commits were grouped: the cluster runs HBase's default"
        + " WAL provider, and its regions got several commits each");
    assertEachViewHoldsOneRowPerStoredOrder();
    assertQueriesAnswerLikeTheOracle();
    ClusterShell.Result verify = shell.run("verify-views-after-saves", docs.get("verify-views"));
    assertEquals(0, verify.exitCode(), "exit code of VerifyViews check (3 means faults)");
    assertTrue(verify.output().contains(" 0 rows at fault"), "VerifyViews reports no fault after the saves");
  }

  /** How many main rows of {@code saved} carry the sync mark of a grouped commit. */
  private int syncMarks(List<Order> saved) throws IOException {
    int marked = 0;
    try (Table table = connection.getTable(TableName.valueOf(NAMESPACE, "orders"))) {
      for (Order order : saved) {
        Result row = table.get(new org.apache.hadoop.hbase.client.Get(
            dev.rowan.mapping.EntityModel.of(Order.class).rowKey(order)));
        if (java.util.Arrays.stream(row.rawCells()).anyMatch(
            Qualifier.COMMIT_SYNC::matches)) {
          marked++;
        }
      }
    }
    return marked;
  }

  /** Runs the docs' bulk load of {@code orders} (as orders.csv) on YARN and records them as stored. */
  private void loadWithTheDocsCommand(String name, List<Order> loaded) throws IOException, InterruptedException {
    OrdersData.writeCsv(shell.directory().resolve("orders.csv"), loaded);

    ClusterShell.Result load = shell.run(name, docs.get("bulk-load"));

    assertEquals(0, load.exitCode(), "exit code of " + name);
    assertRanOnYarnWithWorkOnHdfs(load.output());
    data.stored(loaded);
  }

  private void assertEachViewHoldsOneRowPerStoredOrder() throws IOException {
    for (String view : List.of("orders.seller", "orders.buyer")) {
      int rows = 0;
      try (Table table = connection.getTable(TableName.valueOf(NAMESPACE, view));
           ResultScanner scanner = table.getScanner(new Scan())) {
        for (Result row : scanner) {
          if (!retired(row) && !leftToReaders(row)) {
            rows++;
          }
        }
      }
      assertEquals(data.stored().size(), rows,
          view + " holds one settled row per stored order, besides the rows orders moved away from, retired or left"
              + " unverified to readers: no stale row is left");
    }
  }

  /**
   * Whether view row {@code row} is unverified: an order moved away from it within the settle window of its write
   * before, which leaves it to readers (docs/view-consistency.md, "The settle window"); every row an order maps to is
   * settled once its save has returned.
   */
  private static boolean leftToReaders(Result row) {
    for (Cell cell : row.rawCells()) {
      if (Qualifier.VIEW_STATUS.matches(cell)) {
        return dev.rowan.index.RowStatus.decode(cell.getValueArray(), cell.getValueOffset(), cell.getValueLength())
            .state() == dev.rowan.index.RowStatus.State.UNVERIFIED;
      }
    }
    return false;
  }

  /** Whether view row {@code row} is retired: its retired cell is newer than its status, or it has no status. */
  private static boolean retired(Result row) {
    Cell retired = null;
    Cell status = null;
    for (Cell cell : row.rawCells()) {
      if (Qualifier.VIEW_RETIRED.matches(cell)) {
        retired = cell;
      } else if (Qualifier.VIEW_STATUS.matches(cell)) {
        status = cell;
      }
    }
    return retired != null && (status == null || status.getTimestamp() < retired.getTimestamp());
  }

  private void assertRanOnYarnWithWorkOnHdfs(String output) {
    assertRanOnYarn(output);
    assertTrue(output.contains("work directory hdfs://"), "the job's work directory (HFiles) is on HDFS");
  }

  private static void assertRanOnYarn(String output) {
    Matcher job = JOB_ID.matcher(output);
    assertTrue(job.find(), "the output names the job");
    do {
      assertFalse(job.group().startsWith("job_local"), "the job ran on YARN, not the local runner: " + job.group());
    } while (job.find());
  }

  private Map<String, Integer> regionsPerServer(TableName table) throws IOException {
    try (RegionLocator locator = connection.getRegionLocator(table)) {
      return locator.getAllRegionLocations().stream().collect(Collectors.groupingBy(
          location -> location.getServerName().toString(), TreeMap::new, Collectors.summingInt(location -> 1)));
    }
  }

  /** Every query method of the repository, for every seller and buyer, against the oracle. */
  private void assertQueriesAnswerLikeTheOracle() {
    Map<String, Order> stored = data.stored();
    long viewRows = 0;
    for (int s = 0; s <= OrdersData.SELLERS; s++) {
      String seller = OrdersData.seller(s); // the last one has no orders
      List<Order> sellers = stored.values().stream().filter(order -> order.sellerId().equals(seller))
          .sorted(Comparator.comparing(Order::createdAt).reversed()).toList();
      assertEquals(sellers.size(), orders.countBySellerId(seller), "countBySellerId(" + seller + ")");
      assertEquals(sellers.subList(0, Math.min(5, sellers.size())), orders.findTop5BySellerIdOrderByCreatedAtDesc(seller),
          "findTop5BySellerIdOrderByCreatedAtDesc(" + seller + ")");
      Instant from = Instant.parse("2025-03-01T00:00:00Z");
      Instant to = Instant.parse("2025-06-30T00:00:00Z");
      assertEquals(byNumber(sellers.stream().filter(o -> !o.createdAt().isBefore(from) && !o.createdAt().isAfter(to)).toList()),
          byNumber(orders.findBySellerIdAndCreatedAtBetween(seller, from, to)),
          "findBySellerIdAndCreatedAtBetween(" + seller + ", " + from + ", " + to + ")");
      viewRows += sellers.size();
    }
    assertEquals(stored.size(), viewRows, "every order is some seller's");
    for (int b = 0; b <= OrdersData.BUYERS; b++) {
      String buyer = OrdersData.buyer(b);
      List<Order> buyers = stored.values().stream().filter(order -> order.buyerId().equals(buyer)).toList();
      assertEquals(byNumber(buyers), byNumber(orders.findByBuyerId(buyer)), "findByBuyerId(" + buyer + ")");
      assertEquals(!buyers.isEmpty(), orders.existsByBuyerId(buyer), "existsByBuyerId(" + buyer + ")");
    }
    stored.values().stream().limit(100).forEach(order ->
        assertEquals(Optional.of(order), orders.findByOrderNo(order.orderNo()), "findByOrderNo(" + order.orderNo() + ")"));
    assertEquals(Optional.empty(), orders.findByOrderNo("ORD-999999"), "findByOrderNo of a number never loaded");
  }

  private static Set<String> byNumber(List<Order> list) {
    Set<String> lines = new TreeSet<>();
    list.forEach(order -> lines.add(order.toString()));
    assertEquals(list.size(), lines.size(), "no order twice in " + list);
    return lines;
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (Files.exists(dir)) {
      try (var paths = Files.walk(dir)) {
        paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
      }
    }
  }
}
