package dev.rowan.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.cli.RowanCli;
import dev.rowan.core.DataAccessException;
import dev.rowan.core.PageRequest;
import dev.rowan.core.Rowan;
import dev.rowan.core.spi.ProtocolHook.Step;
import dev.rowan.mapreduce.BulkLoad;
import dev.rowan.mapreduce.RebuildViews;
import dev.rowan.mapreduce.VerifyViews;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.security.access.Permission.Action;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The permission matrix of docs/security.md, row by row: each operation run by a principal that
 * holds exactly what the row's "Needs" names succeeds, and run by one that holds all of it but one
 * permission is refused, naming that permission, and writes nothing. Every row of the table has
 * an operation here and every operation here has a row, so the page and the test stay equal.
 */
@SecureHBaseTest
class PermissionMatrixIT {

  private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());
  private static final AtomicInteger PRINCIPALS = new AtomicInteger();
  private static final AtomicInteger KEYS = new AtomicInteger(1000);

  /** What the tables of a row hold before it runs. */
  private enum Setup {
    /** The namespace only: the operation makes the tables. */
    NO_TABLES,
    /** The tables, made by the superuser, with 12 items. */
    ITEMS,
    /** As ITEMS, and one item whose write died before its view row was settled. */
    UNSETTLED,
    /** As ITEMS, and two view rows deleted, as damage by hand would. */
    DAMAGED_VIEW
  }

  /** One operation of the matrix, run as a principal on a namespace. */
  private record Operation(Setup setup, Run run) {}

  @FunctionalInterface
  private interface Run {
    void as(Principal principal, String namespace, SecureCluster cluster) throws Exception;
  }

  /** Operation text of the page's table to the operation. */
  private static final Map<String, Operation> OPERATIONS = new LinkedHashMap<>();

  static {
    OPERATIONS.put("`repository(...)` opens a repository", new Operation(Setup.ITEMS, (p, ns, c) -> {
      try (Rowan rowan = p.rowan(ns)) {
        rowan.repository(Item.Items.class).findByKey("item-0001"); // opened and used once
      }
    }));
    OPERATIONS.put("repository reads: `findByKey`, query methods, pages, streams, counts, `exists`, Top-N, "
        + "`scanAll`, `explain`", new Operation(Setup.UNSETTLED, (p, ns, c) -> {
          try (Rowan rowan = p.rowan(ns)) {
            Item.Items items = rowan.repository(Item.Items.class);
            items.findByKey("item-0001");
            items.findByShelf("shelf-1");
            items.findByShelf("shelf-1", PageRequest.of(2));
            try (Stream<Item> stream = items.streamByShelf("shelf-2")) {
              stream.forEach(read -> { }); // reads every element
            }
            items.countByShelf("shelf-1");
            items.existsByShelf("shelf-0");
            items.findTop2ByShelf("shelf-2");
            items.scanAll().forEach(read -> { }); // reads every element
            items.explain("findByShelf(String)");
          }
        }));
    OPERATIONS.put("repository writes: `save`, `saveAll`, `insert`, `update...By`, `add...By`, `delete`, "
        + "`deleteByKey`", new Operation(Setup.ITEMS, (p, ns, c) -> {
          try (Rowan rowan = p.rowan(ns)) {
            Item.Items items = rowan.repository(Item.Items.class);
            int key = KEYS.getAndAdd(10);
            items.save(Item.numbered(key));
            items.saveAll(List.of(Item.numbered(key + 1), Item.numbered(key + 2)));
            items.insert(Item.numbered(key + 3));
            items.updateShelfById("shelf-9", Item.numbered(key).id());
            items.addToCountById(5, Item.numbered(key + 1).id());
            items.delete(Item.numbered(key + 2));
            items.deleteByKey(Item.numbered(key + 3).id());
          }
        }));
    OPERATIONS.put("`schema().create`", new Operation(Setup.NO_TABLES, (p, ns, c) -> {
      try (Rowan rowan = p.rowan(ns)) {
        rowan.schema().create(Item.class);
      }
    }));
    OPERATIONS.put("`schema().check`", new Operation(Setup.ITEMS, (p, ns, c) -> {
      try (Rowan rowan = p.rowan(ns)) {
        assertTrue(rowan.schema().check(Item.class).matches());
      }
    }));
    OPERATIONS.put("`schema().dropView`", new Operation(Setup.ITEMS, (p, ns, c) -> {
      try (Rowan rowan = p.rowan(ns)) {
        rowan.schema().dropView(Item.class, "shelf");
      }
    }));
    OPERATIONS.put("`schema().drop`", new Operation(Setup.ITEMS, (p, ns, c) -> {
      try (Rowan rowan = p.rowan(ns)) {
        rowan.schema().drop(Item.class);
      }
    }));
    OPERATIONS.put("`BulkLoad`", new Operation(Setup.ITEMS, (p, ns, c) -> {
      Path dir = Fixtures.directory("matrix-load");
      org.apache.hadoop.fs.Path input = csv(dir.resolve("items.csv"), 20, 30);
      p.call(() -> BulkLoad.of(Item.class).input(input).namespace(ns).progress(QUIET)
          .run(Fixtures.localJobs(p.configuration(), dir)));
    }));
    OPERATIONS.put("`VerifyViews` check", new Operation(Setup.DAMAGED_VIEW, (p, ns, c) -> {
      try (Rowan rowan = p.rowan(ns)) {
        p.call(() -> VerifyViews.of(rowan, Item.class).progress(QUIET)
            .configuration(Fixtures.localJobs(p.configuration(), Fixtures.directory("matrix-check"))).check());
      }
    }));
    OPERATIONS.put("`VerifyViews` repair", new Operation(Setup.DAMAGED_VIEW, (p, ns, c) -> {
      try (Rowan rowan = p.rowan(ns)) {
        p.call(() -> VerifyViews.of(rowan, Item.class).progress(QUIET)
            .configuration(Fixtures.localJobs(p.configuration(), Fixtures.directory("matrix-repair"))).repair());
      }
    }));
    OPERATIONS.put("`RebuildViews`", new Operation(Setup.ITEMS, (p, ns, c) -> {
      try (Rowan rowan = p.rowan(ns)) {
        p.call(() -> RebuildViews.of(rowan, Item.class).progress(QUIET)
            .configuration(Fixtures.localJobs(p.configuration(), Fixtures.directory("matrix-rebuild"))).run());
      }
    }));
    OPERATIONS.put("CLI `rowan schema create`", new Operation(Setup.NO_TABLES,
        (p, ns, c) -> cli(p, c, "schema", "create", Item.class.getName(), "-n", ns)));
    OPERATIONS.put("CLI `rowan schema check`", new Operation(Setup.ITEMS,
        (p, ns, c) -> cli(p, c, "schema", "check", Item.class.getName(), "-n", ns)));
  }

  /** One row of the page's table. */
  record Row(String operation, String principal, String needs, String why) {}

  /** One permission: an action on the namespace, on the entity's tables or on its view tables. */
  record Grant(Action action, String scope) {
    @Override
    public String toString() {
      return action + " on " + scope;
    }
  }

  @Test
  void everyRowOfTheMatrixHasAnOperationAndEveryOperationARow() throws IOException {
    List<String> rows = rows().stream().map(Row::operation).toList();
    List<String> withoutOperation = rows.stream().filter(r -> !OPERATIONS.containsKey(r)).toList();
    List<String> withoutRow = OPERATIONS.keySet().stream().filter(o -> !rows.contains(o)).toList();
    assertEquals(List.of(), withoutOperation, "rows of docs/security.md's permission matrix that this test does not run");
    assertEquals(List.of(), withoutRow, "operations of this test that docs/security.md's permission matrix lacks");
  }

  @TestFactory
  Stream<DynamicTest> eachOperationNeedsExactlyWhatItsRowSays(SecureCluster cluster) throws IOException {
    return rows().stream().filter(row -> OPERATIONS.containsKey(row.operation()))
        .map(row -> DynamicTest.dynamicTest(row.operation() + " needs " + row.needs(), () -> check(cluster, row)));
  }

  private static void check(SecureCluster cluster, Row row) throws Exception {
    Operation operation = OPERATIONS.get(row.operation());
    List<Grant> needs = needs(row.needs());
    String namespace = cluster.createNamespace("matrix");
    setUp(cluster, namespace, operation.setup());
    List<String> failures = new ArrayList<>();
    for (Grant missing : needs) { // refused first: a refused call leaves the tables as the pass needs them
      List<Grant> held = new ArrayList<>(needs);
      held.remove(missing);
      Principal principal = principal(cluster, namespace, held);
      try {
        Refusals.assertRefused(cluster, namespace, principal, namespace + ":items", missing.action().name(),
            () -> operation.run().as(principal, namespace, cluster));
      } catch (AssertionError e) {
        failures.add("without " + missing + ": " + e.getMessage());
      }
    }
    Principal exact = principal(cluster, namespace, needs);
    Outcome outcome = Outcome.of(row.operation(), () -> {
      try {
        operation.run().as(exact, namespace, cluster);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    if (!outcome.done()) {
      failures.add(0, "with exactly " + needs + ": " + outcome.line());
    }
    failures.forEach(f -> System.out.println("PermissionMatrixIT " + row.operation() + ": " + f));
    assertEquals(List.of(), failures, row.operation() + " (" + row.principal() + ", needs " + row.needs() + ")");
  }

  /**
   * A fresh principal holding exactly {@code grants} on the entity of {@code namespace}: one grant
   * per scope with all its actions, as HBase's grant replaces what the user held on the scope.
   */
  private static Principal principal(SecureCluster cluster, String namespace, List<Grant> grants) {
    Principal principal = cluster.principal("matrix_" + PRINCIPALS.incrementAndGet());
    java.util.Map<String, List<Action>> byScope = new java.util.LinkedHashMap<>();
    for (Grant grant : grants) {
      byScope.computeIfAbsent(grant.scope(), scope -> new ArrayList<>()).add(grant.action());
    }
    byScope.forEach((scope, list) -> {
      Action[] actions = list.toArray(new Action[0]);
      switch (scope) {
        case "@ns" -> cluster.grant(principal, namespace, actions);
        case "tables" -> {
          cluster.grant(principal, TableName.valueOf(namespace, "items"), actions);
          cluster.grant(principal, TableName.valueOf(namespace, "items.shelf"), actions);
        }
        case "view tables" -> cluster.grant(principal, TableName.valueOf(namespace, "items.shelf"), actions);
        default -> throw new IllegalArgumentException("unknown scope " + scope);
      }
    });
    return principal;
  }

  private static void setUp(SecureCluster cluster, String namespace, Setup setup) throws IOException {
    if (setup == Setup.NO_TABLES) {
      return;
    }
    List<Item> items = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      items.add(Item.numbered(i));
    }
    try (Rowan superuser = Fixtures.superuserRowan(cluster, namespace)) {
      superuser.schema().create(Item.class);
      superuser.repository(Item.Items.class).saveAll(items);
    }
    if (setup == Setup.UNSETTLED) {
      try (Rowan dying = Rowan.builder(cluster.superuser()).namespace(namespace).viewRefresh(Principal.VIEW_REFRESH)
          .protocolHook(Fixtures.dyingAt(Step.BEFORE_SETTLE)).build()) {
        dying.repository(Item.Items.class).save(new Item("item-0001", "shelf-2", 100));
      } catch (Fixtures.Crash expected) {
        // the write died with its view rows unverified
      }
    }
    if (setup == Setup.DAMAGED_VIEW) {
      try (Table view = cluster.superuser().getTable(TableName.valueOf(namespace, "items.shelf"));
          ResultScanner rows = view.getScanner(new Scan().setLimit(2))) {
        List<Delete> deletes = new ArrayList<>();
        for (Result row : rows) {
          deletes.add(new Delete(row.getRow()));
        }
        view.delete(deletes);
      }
    }
  }

  /** The rows of the table under "## Permission matrix" in docs/security.md. */
  static List<Row> rows() throws IOException {
    List<String> lines = Files.readAllLines(Path.of(System.getProperty("rowan.securityDoc", "../docs/security.md")));
    List<Row> rows = new ArrayList<>();
    boolean inSection = false;
    for (String line : lines) {
      if (line.startsWith("## ")) {
        inSection = line.equals("## Permission matrix");
        continue;
      }
      if (!inSection || !line.startsWith("|") || line.startsWith("| ---") || line.startsWith("| Operation ")) {
        continue;
      }
      String[] cells = line.substring(1, line.lastIndexOf('|')).split("\\|");
      assertEquals(4, cells.length, "a row of Operation | Principal | Needs | Why: " + line);
      rows.add(new Row(cells[0].trim(), cells[1].trim(), cells[2].trim(), cells[3].trim()));
    }
    assertTrue(rows.size() >= 10, "the permission matrix has a row per operation: " + rows);
    return rows;
  }

  /** "READ, WRITE on @ns; CREATE on tables" as its grants. */
  static List<Grant> needs(String text) {
    List<Grant> grants = new ArrayList<>();
    for (String part : text.split(";")) {
      String[] actionsAndScope = part.trim().split(" on ", 2);
      assertEquals(2, actionsAndScope.length, "permissions 'on' a scope: " + text);
      String scope = actionsAndScope[1].trim();
      assertTrue(List.of("@ns", "tables", "view tables").contains(scope), "a scope of the matrix: " + scope);
      for (String action : actionsAndScope[0].split(",")) {
        grants.add(new Grant(Action.valueOf(action.trim()), scope));
      }
    }
    return grants;
  }

  /** Runs the command line as {@code principal}; a failed command throws what it printed. */
  private static void cli(Principal principal, SecureCluster cluster, String... args) {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--zk", cluster.zookeeper()));
    int status = principal.call(() -> RowanCli.execute(all.toArray(String[]::new), QUIET,
        new PrintStream(err, true, StandardCharsets.UTF_8)));
    if (status != 0) {
      throw DataAccessException.of("rowan " + String.join(" ", args) + " (exit status " + status + ")", "(command line)",
          new IOException(err.toString(StandardCharsets.UTF_8)));
    }
  }

  private static org.apache.hadoop.fs.Path csv(Path file, int from, int to) {
    try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      out.write("id,shelf,count\n");
      for (int i = from; i < to; i++) {
        Item item = Item.numbered(i);
        out.write(item.id() + "," + item.shelf() + "," + item.count() + "\n");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new org.apache.hadoop.fs.Path(file.toUri());
  }
}
