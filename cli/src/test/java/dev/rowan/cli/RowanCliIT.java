package dev.rowan.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code rowan} command line, run with picocli against the shared test HBase. */
@HBaseTest
class RowanCliIT {

  private static final String ORDER = "dev.rowan.cli.fixtures.Order";
  private static final String DEVICE_EVENT = "dev.rowan.cli.fixtures.DeviceEvent";

  /** What one command line printed and returned. */
  record Run(int status, String out, String err) {}

  @Test
  void createsTheTablesOfAnEntityThenFindsThemThereAndMatching(Configuration conf, TestNamespace namespace) {
    String ns = namespace.name();

    Run create = rowan(conf, "-n", ns, "schema", "create", ORDER);
    Run again = rowan(conf, "schema", "create", ORDER, "--namespace", ns);
    Run check = rowan(conf, "-n", ns, "schema", "check", ORDER);

    assertEquals(0, create.status(), create.err());
    assertEquals("created  " + ns + ":orders, 8 region(s)\ncreated  " + ns + ":orders.seller, 8 region(s)\n"
        + "created  " + ns + ":orders.buyer, 8 region(s)\n", create.out());
    assertEquals(0, again.status(), again.err());
    assertTrue(again.out().startsWith("exists   " + ns + ":orders, 8 region(s)\n"), again.out());
    assertEquals(0, check.status(), check.err());
    assertEquals("Order: the tables match the mapping: " + ns + ":orders, " + ns + ":orders.seller, " + ns
        + ":orders.buyer\n", check.out());
  }

  @Test
  void reportsMissingTablesWithExitStatusOne(Configuration conf, TestNamespace namespace) {
    Run check = rowan(conf, "-n", namespace.name(), "schema", "check", "dev.rowan.cli.fixtures.PlainOrderEvent");

    assertEquals(1, check.status(), check.out() + check.err());
    assertTrue(check.out().startsWith("PlainOrderEvent: 1 difference(s) from the mapping\n  - "), check.out());
    assertTrue(check.out().contains(namespace.name() + ":order_events"), check.out());
  }

  @Test
  void explainsAQueryMethodWithoutHBase() {
    Run explain = rowan(null, "explain", "dev.rowan.cli.fixtures.OrderRepository", "findBySellerBetween");

    assertEquals(0, explain.status(), explain.err());
    assertTrue(explain.out().startsWith("OrderRepository.findBySellerBetween\n  reads view orders.seller"
        + " [salt 8][sellerId][createdAt][orderNo]"), explain.out());
    assertTrue(explain.out().contains("range scan on [sellerId = ?1, createdAt between ?2 and ?3]"), explain.out());
    assertEquals("", explain.err());
  }

  @Test
  void explainsAQueryMethodOfAnEntityKeptPerPeriodWithoutHBase() {
    Run explain = rowan(null, "explain", "dev.rowan.cli.fixtures.DeviceEventRepository");

    assertEquals(0, explain.status(), explain.err());
    assertTrue(explain.out().startsWith("DeviceEventRepository.findByDeviceIdAndAtBetweenOrderByAtDesc\n  reads table"
        + " device_events [deviceId][at]"), explain.out());
    assertTrue(explain.out().contains("  periods: one table per month of DeviceEvent.at (device_events_YYYY_MM, UTC); a"
        + " call reads the periods its at Between can match, of those that exist, one after another, newest first"),
        explain.out());
    assertTrue(explain.out().endsWith("; existing now: none\n"), explain.out());
  }

  @Test
  void createsTheTablesOfEachPeriodAndDropsThoseOlderThanTheEntityKeeps(Configuration conf, TestNamespace namespace)
      throws IOException {
    String ns = namespace.name();
    java.time.LocalDate month = java.time.LocalDate.now(java.time.ZoneOffset.UTC).withDayOfMonth(1);
    String current = String.format("device_events_%04d_%02d", month.getYear(), month.getMonthValue());
    String next = String.format("device_events_%04d_%02d", month.plusMonths(1).getYear(),
        month.plusMonths(1).getMonthValue());

    Run create = rowan(conf, "-n", ns, "schema", "create", DEVICE_EVENT);
    Run check = rowan(conf, "-n", ns, "schema", "check", DEVICE_EVENT);

    assertEquals(0, create.status(), create.err());
    assertEquals("created  " + ns + ":" + current + ", 1 region(s)\ncreated  " + ns + ":" + current + ".type, 1 region(s)\n"
        + "created  " + ns + ":" + next + ", 1 region(s)\ncreated  " + ns + ":" + next + ".type, 1 region(s)\n", create.out());
    assertEquals(0, check.status(), check.out());
    try (org.apache.hadoop.hbase.client.Connection connection =
        org.apache.hadoop.hbase.client.ConnectionFactory.createConnection(conf);
        dev.rowan.core.Rowan rowan = dev.rowan.core.Rowan.builder(connection).namespace(ns).build()) {
      rowan.schema().createPeriods(dev.rowan.cli.fixtures.DeviceEvent.class, month.minusMonths(13), month.minusMonths(13));
    }
    Run refused = rowan(conf, "-n", ns, "schema", "drop-expired-periods", DEVICE_EVENT);
    assertEquals(2, refused.status());
    assertTrue(refused.err().startsWith("rowan: schema drop-expired-periods deletes the tables of the periods of "
        + DEVICE_EVENT + " older than 12 and all their rows: add --yes to confirm"), refused.err());

    Run drop = rowan(conf, "-n", ns, "schema", "drop-expired-periods", DEVICE_EVENT, "--yes");

    java.time.LocalDate old = month.minusMonths(13);
    String expired = String.format("device_events_%04d_%02d", old.getYear(), old.getMonthValue());
    assertEquals(0, drop.status(), drop.err());
    assertEquals("dropped  " + ns + ":" + expired + "\ndropped  " + ns + ":" + expired + ".type\n"
        + "DeviceEvent: 1 period(s) dropped, 2 kept\n", drop.out());
  }

  @Test
  void explainsEveryQueryMethodOfARepositoryWhenNoneIsNamed() {
    Run explain = rowan(null, "explain", "dev.rowan.cli.fixtures.OrderRepository");

    assertEquals(0, explain.status(), explain.err());
    assertEquals(8, explain.out().lines().filter(line -> line.startsWith("OrderRepository.")).count(), explain.out());
    assertTrue(explain.out().contains("OrderRepository.findByOrderNo\n  reads table orders [salt 8][orderNo]\n"
        + "  get on [orderNo = ?1]"), explain.out());
  }

  @Test
  void refusesAnUnknownClassWithExitStatusTwoAndNoStackTrace() {
    Run explain = rowan(null, "explain", "dev.rowan.cli.fixtures.NoSuchRepository", "findAll");

    assertEquals(2, explain.status());
    assertEquals("rowan: Invalid value for positional parameter at index 0 (<repository class>): no class"
        + " dev.rowan.cli.fixtures.NoSuchRepository on the class path\nTry 'rowan explain --help' for more.\n", explain.err());
    assertEquals("", explain.out());
  }

  @Test
  void refusesAMethodTheRepositoryDoesNotDeclareNamingTheOnesItDoes() {
    Run explain = rowan(null, "explain", "dev.rowan.cli.fixtures.OrderRepository", "findBySeller");

    assertEquals(2, explain.status());
    assertTrue(explain.err().startsWith("rowan: OrderRepository declares no query method findBySeller; it declares"
        + " countBySellerId, existsByOrderNo,"), explain.err());
  }

  @Test
  void printsAFailureInOneLineWithExitStatusOneAndTheStackTraceOnlyWhenVerbose(Configuration conf,
      TestNamespace namespace) {
    Run quiet = rowan(conf, "-n", namespace.name(), "regions", "no_such_table");
    Run verbose = rowan(conf, "-n", namespace.name(), "regions", "no_such_table", "--verbose");

    assertEquals(1, quiet.status());
    assertEquals("rowan: There is no table " + namespace.name() + ":no_such_table\n", quiet.err());
    assertFalse(quiet.err().contains("\tat "), quiet.err());
    assertEquals(1, verbose.status());
    assertTrue(verbose.err().startsWith("rowan: There is no table " + namespace.name() + ":no_such_table\n"
        + "java.lang.IllegalArgumentException: There is no table"), verbose.err());
    assertTrue(verbose.err().contains("\tat dev.rowan.cli.RegionsCommand.call"), verbose.err());
  }

  @Test
  void refusesToDropTablesWithoutYes(Configuration conf, TestNamespace namespace) {
    Run drop = rowan(conf, "-n", namespace.name(), "schema", "drop", ORDER);

    assertEquals(2, drop.status());
    assertTrue(drop.err().startsWith("rowan: schema drop deletes the tables of dev.rowan.cli.fixtures.Order and all"
        + " their rows: add --yes to confirm\n"), drop.err());
  }

  @Test
  void showsTheWriteLeaseCreateRecordedAndChangesItOnlyWhenConfirmed(Configuration conf, TestNamespace namespace) {
    String ns = namespace.name();
    assertEquals(0, rowan(conf, "-n", ns, "schema", "create", ORDER).status());

    Run shown = rowan(conf, "-n", ns, "schema", "write-lease", ORDER);
    Run refused = rowan(conf, "-n", ns, "schema", "write-lease", ORDER, "--set", "90");
    Run changed = rowan(conf, "-n", ns, "schema", "write-lease", ORDER, "--set", "90", "--yes");
    Run again = rowan(conf, "-n", ns, "schema", "write-lease", ORDER);

    assertEquals(0, shown.status(), shown.err());
    assertEquals(ns + ":orders  write lease 60 s\n", shown.out(), "the lease of the Rowan that created the tables");
    assertEquals(2, refused.status());
    assertTrue(refused.err().startsWith("rowan: schema write-lease --set changes the write lease every client of"
        + " the tables of dev.rowan.cli.fixtures.Order uses: stop them all, then add --yes to confirm\n"),
        refused.err());
    assertEquals(0, changed.status(), changed.err());
    assertEquals(ns + ":orders  write lease 90 s (was 60 s)\n", changed.out());
    assertEquals(ns + ":orders  write lease 90 s\n", again.out(), "recorded: a client of its own 60 s uses it");
  }

  @Test
  void dropsOneViewOfAnEntityAndLeavesTheOthers(Configuration conf, TestNamespace namespace) throws IOException {
    String ns = namespace.name();
    assertEquals(0, rowan(conf, "-n", ns, "schema", "create", ORDER).status());
    Run refused = rowan(conf, "-n", ns, "schema", "drop-view", ORDER, "buyer");
    assertEquals(2, refused.status());
    assertTrue(refused.err().startsWith("rowan: schema drop-view deletes the table of view buyer of"
        + " dev.rowan.cli.fixtures.Order: add --yes to confirm\n"), refused.err());

    Run drop = rowan(conf, "-n", ns, "schema", "drop-view", ORDER, "buyer", "--refresh", "1", "--yes");

    assertEquals(0, drop.status(), drop.err());
    assertEquals("dropping view buyer of Order: clients stop using it within 2 s; its table goes 4 s later\n"
        + "dropped  " + ns + ":orders.buyer\n", drop.out());
    try (org.apache.hadoop.hbase.client.Connection connection =
        org.apache.hadoop.hbase.client.ConnectionFactory.createConnection(conf);
        org.apache.hadoop.hbase.client.Admin admin = connection.getAdmin()) {
      assertFalse(admin.tableExists(org.apache.hadoop.hbase.TableName.valueOf(ns, "orders.buyer")));
      assertTrue(admin.tableExists(org.apache.hadoop.hbase.TableName.valueOf(ns, "orders.seller")));
    }
  }

  @Test
  void loadsACsvFileThenFindsTheViewsConsistentAndTheRowsSpreadOverTheRegions(Configuration conf,
      TestNamespace namespace, @TempDir Path directory) throws IOException {
    String ns = namespace.name();
    Path csv = directory.resolve("orders.csv");
    List<String> lines = new ArrayList<>(List.of("orderNo,sellerId,buyerId,createdAt,amount,status"));
    for (int i = 1; i <= 400; i++) {
      lines.add(String.format("ORD-%08d,seller-%04d,buyer-%05d,2025-03-%02dT10:00:00Z,%d.99,PAID", i, i % 7, i % 50,
          1 + i % 28, i));
    }
    Files.write(csv, lines);
    assertEquals(0, rowan(conf, "-n", ns, "schema", "create", ORDER).status());

    Run load = rowan(conf, "-n", ns, "load", ORDER, csv.toString(), "--work-dir",
        directory.resolve("work").toUri().toString());
    Run verify = rowan(conf, "-n", ns, "views", "verify", ORDER);
    Run regions = rowan(conf, "-n", ns, "regions", "orders");

    assertEquals(0, load.status(), load.out() + load.err());
    assertTrue(load.out().contains(ns + ":orders 400, " + ns + ":orders.seller 400, " + ns + ":orders.buyer 400 rows;"
        + " 400 lines read, 0 rejected"), load.out());
    assertEquals(0, verify.status(), verify.out() + verify.err());
    assertEquals(ns + ":orders.seller: 400 rows, 0 missing, 0 stale, 0 orphans\n" + ns
        + ":orders.buyer: 400 rows, 0 missing, 0 stale, 0 orphans\n", verify.out());
    assertEquals(0, regions.status(), regions.err());
    assertTrue(regions.out().startsWith(ns + ":orders: 8 region(s), 400 rows, "), regions.out());
    assertEquals(8, regions.out().lines().filter(line -> line.matches(" +\\d  .*")).count(), regions.out());
    try (Stream<String> rows = regions.out().lines().filter(line -> line.matches(" +\\d  .*"))) {
      assertTrue(rows.noneMatch(line -> line.contains("  0    0.0%")), "every region holds rows:\n" + regions.out());
    }
  }

  @Test
  void readsEverySiteFileOfAConfigurationDirectory(Configuration conf, TestNamespace namespace,
      @TempDir Path directory) throws IOException {
    String ns = namespace.name();
    site(directory.resolve("hbase-site.xml"), "hbase.zookeeper.quorum", conf.get(HConstants.ZOOKEEPER_QUORUM));
    site(directory.resolve("core-site.xml"), "hbase.zookeeper.property.clientPort",
        conf.get(HConstants.ZOOKEEPER_CLIENT_PORT));

    Run create = rowan(null, "--config", directory.toString(), "-n", ns, "schema", "create", ORDER);

    assertEquals(0, create.status(), create.err());
    assertTrue(create.out().startsWith("created  " + ns + ":orders, 8 region(s)\n"), create.out());
    assertFalse(create.err().contains("embedded"), create.err());
  }

  @Test
  void refusesAConfigurationDirectoryWithoutSiteFiles(@TempDir Path directory) {
    Run check = rowan(null, "--config", directory.toString(), "schema", "check", ORDER);

    assertEquals(2, check.status());
    assertTrue(check.err().startsWith("rowan: --config " + directory + ": the directory holds no *-site.xml file"),
        check.err());
  }

  @Test
  void runsTheJobInThisProcessWithLocalWhenTheConfigurationNamesYarn(Configuration conf, TestNamespace namespace,
      @TempDir Path directory) throws IOException {
    String ns = namespace.name();
    Path config = Files.createDirectory(directory.resolve("conf"));
    site(config.resolve("hbase-site.xml"), "hbase.zookeeper.quorum", conf.get(HConstants.ZOOKEEPER_QUORUM) + ":"
        + conf.get(HConstants.ZOOKEEPER_CLIENT_PORT));
    site(config.resolve("mapred-site.xml"), "mapreduce.framework.name", "yarn");
    Path csv = Files.write(directory.resolve("orders.csv"), List.of("orderNo,sellerId,buyerId,createdAt,amount,status",
        "ORD-1,seller-1,buyer-1,2025-03-01T10:00:00Z,1.00,PAID"));
    assertEquals(0, rowan(conf, "-n", ns, "schema", "create", ORDER).status());

    Run load = rowan(null, "--config", config.toString(), "-n", ns, "load", ORDER, csv.toString(), "--local",
        "--work-dir", directory.resolve("work").toUri().toString());

    assertEquals(0, load.status(), load.out() + load.err());
    assertTrue(load.out().contains("Bulk load of Order: job job_local"), load.out());
    assertTrue(load.out().contains(ns + ":orders 1, "), load.out());
    assertFalse(load.err().contains("submitting"), load.err());
  }

  @Test
  void refusesToStageHFilesOnThisMachineForARemoteClusterBeforeConnectingToIt(@TempDir Path directory) {
    Run load = rowan(null, "--zk", "zk1.invalid:2181", "load", ORDER, directory.resolve("orders.csv").toString());
    Run elsewhere = rowan(null, "--zk", "zk1.invalid:2181", "views", "rebuild", ORDER, "--work-dir",
        directory.toString());

    assertEquals(2, load.status(), load.err());
    assertTrue(load.err().startsWith("rowan: load: the work directory file:"), load.err());
    assertTrue(load.err().contains("/rowan-bulkload is on this machine's local disk"), load.err());
    assertTrue(load.err().contains("pass --config with the cluster's core-site.xml"), load.err());
    assertEquals(2, elsewhere.status(), elsewhere.err());
    assertTrue(elsewhere.err().startsWith("rowan: views rebuild: the work directory file:" + directory), elsewhere.err());
  }

  private static void site(Path file, String name, String value) throws IOException {
    Files.writeString(file, "<?xml version=\"1.0\"?>\n<configuration>\n  <property><name>" + name + "</name><value>"
        + value + "</value></property>\n</configuration>\n");
  }

  /** Runs {@code rowan} against the test HBase ({@code conf}), or with no HBase options when it is null. */
  private static Run rowan(Configuration conf, String... args) {
    List<String> all = new ArrayList<>();
    if (conf != null) {
      all.add("--zk");
      all.add(conf.get(HConstants.ZOOKEEPER_QUORUM) + ":" + conf.get(HConstants.ZOOKEEPER_CLIENT_PORT));
    }
    all.addAll(List.of(args));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = RowanCli.execute(all.toArray(new String[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }
}
