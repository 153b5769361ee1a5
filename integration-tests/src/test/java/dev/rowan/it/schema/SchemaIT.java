package dev.rowan.it.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.Rowan;
import dev.rowan.core.SchemaMismatchException;
import dev.rowan.core.SchemaReport;
import dev.rowan.core.SplitPolicy;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rowan.schema()} creates, checks and drops the main and view tables of entities. */
@HBaseTest
class SchemaIT {

  /** Salted in 16 buckets; one view carries everything (families d and h), one only d. */
  @Table(name = "orders", salt = @Salt(buckets = 16))
  @Family(name = "d", maxVersions = 1)
  @Family(name = "h", ttlSeconds = 3600)
  @Index(name = "seller", key = {"sellerId", "createdAt"})
  @Index(name = "buyer", key = {"buyerId"}, include = {"amount"})
  record ShopOrder(
      @RowKey String orderNo,
      @Column(family = "d", name = "s") String sellerId,
      @Column(family = "d", name = "b") String buyerId,
      @Column(family = "d", name = "c") Instant createdAt,
      @Column(family = "d", name = "a") long amount,
      @Column(family = "h", name = "n") String note) {}

  /** Unsalted, with one view. */
  @Table(name = "customers")
  @Index(name = "email", key = {"email"}, unique = true)
  record Customer(@RowKey String id, @Column(name = "e") String email) {}

  private static TableName orders(Rowan rowan) {
    return rowan.tableName("orders");
  }

  private static List<TableName> orderTables(Rowan rowan) {
    return List.of(rowan.tableName("orders"), rowan.tableName("orders.seller"), rowan.tableName("orders.buyer"));
  }

  private static List<String> families(Admin admin, TableName table) throws Exception {
    return Arrays.stream(admin.getDescriptor(table).getColumnFamilies())
        .map(ColumnFamilyDescriptor::getNameAsString).sorted().toList();
  }

  private static List<String> regionStarts(Admin admin, TableName table) throws Exception {
    return admin.getRegions(table).stream().map(RegionInfo::getStartKey).map(Bytes::toStringBinary)
        .sorted().toList();
  }

  @Test
  void createMakesTheMainAndViewTablesWithTheirFamiliesAndOneRegionPerSaltBucket(Rowan rowan, Admin admin)
      throws Exception {
    rowan.schema().create(ShopOrder.class);

    assertEquals(List.of("d", "h"), families(admin, orders(rowan)));
    assertEquals(List.of("d", "h"), families(admin, rowan.tableName("orders.seller")));
    assertEquals(List.of("d"), families(admin, rowan.tableName("orders.buyer")));
    ColumnFamilyDescriptor history = admin.getDescriptor(orders(rowan)).getColumnFamily(Bytes.toBytes("h"));
    assertEquals(3600, history.getTimeToLive());
    for (TableName table : orderTables(rowan)) {
      assertEquals(16, admin.getRegions(table).size(), table.toString());
    }
    List<String> starts = regionStarts(admin, orders(rowan));
    assertEquals("", starts.get(0));
    assertEquals("\\x01", starts.get(1));
    assertEquals("\\x0F", starts.get(15));
  }

  @Test
  void createIsANoOpWhenTheTablesExistAndMatch(Rowan rowan, Admin admin) throws Exception {
    rowan.schema().create(ShopOrder.class);
    List<RegionInfo> before = admin.getRegions(orders(rowan));

    rowan.schema().create(ShopOrder.class);

    assertEquals(before, admin.getRegions(orders(rowan)));
    assertEquals(new SchemaReport("ShopOrder", List.of()), rowan.schema().check(ShopOrder.class));
  }

  @Test
  void concurrentCreatesOfTheSameTablesAllSucceed(Rowan rowan, Admin admin) throws Exception {
    int threads = 4;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch start = new CountDownLatch(1);
    try {
      List<Future<Void>> creates = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        Callable<Void> create = () -> {
          start.await();
          rowan.schema().create(ShopOrder.class);
          return null;
        };
        creates.add(pool.submit(create));
      }
      start.countDown();
      for (Future<Void> create : creates) {
        create.get();
      }
    } finally {
      pool.shutdownNow();
    }

    assertTrue(rowan.schema().check(ShopOrder.class).matches());
    assertEquals(16, admin.getRegions(orders(rowan)).size());
  }

  @Test
  void checkReportsAChangedFamilySettingAndAMissingViewTable(Rowan rowan, Admin admin) throws Exception {
    rowan.schema().create(ShopOrder.class);
    TableName seller = rowan.tableName("orders.seller");
    ColumnFamilyDescriptor data = admin.getDescriptor(orders(rowan)).getColumnFamily(Bytes.toBytes("d"));
    admin.modifyColumnFamily(orders(rowan), ColumnFamilyDescriptorBuilder.newBuilder(data).setMaxVersions(5).build());
    admin.disableTable(seller);
    admin.deleteTable(seller);

    SchemaReport report = rowan.schema().check(ShopOrder.class);

    assertFalse(report.matches());
    assertEquals(List.of(
        "Table " + orders(rowan) + ", column family 'd': max versions is 5, expected 1.",
        "Table " + seller + " does not exist."), report.differences());
  }

  /** {@link ShopOrder} after its buyer view was removed from the class. */
  @Table(name = "orders", salt = @Salt(buckets = 16))
  @Family(name = "d", maxVersions = 1)
  @Family(name = "h", ttlSeconds = 3600)
  @Index(name = "seller", key = {"sellerId", "createdAt"})
  record ShopOrderWithoutBuyerView(
      @RowKey String orderNo,
      @Column(family = "d", name = "s") String sellerId,
      @Column(family = "d", name = "b") String buyerId,
      @Column(family = "d", name = "c") Instant createdAt,
      @Column(family = "d", name = "a") long amount,
      @Column(family = "h", name = "n") String note) {}

  @Test
  void checkReportsAViewTableTheEntityNoLongerDeclares(Rowan rowan) {
    rowan.schema().create(ShopOrder.class);

    SchemaReport report = rowan.schema().check(ShopOrderWithoutBuyerView.class);

    TableName buyer = rowan.tableName("orders.buyer");
    assertEquals(List.of("Table " + buyer + " is named as a view of " + orders(rowan) + ", but ShopOrderWithoutBuyerView"
        + " declares no view 'buyer': no save writes it, so its rows grow stale; drop it (HBase shell: disable '"
        + buyer + "'; drop '" + buyer + "')."), report.differences());
    assertTrue(rowan.schema().check(ShopOrder.class).matches(), "the entity that declares it");
  }

  @Test
  void checkReportsEveryTableMissingBeforeCreate(Rowan rowan) {
    SchemaReport report = rowan.schema().check(ShopOrder.class);

    assertEquals(orderTables(rowan).stream().map(table -> "Table " + table + " does not exist.").toList(),
        report.differences());
  }

  @Test
  void createOnAMismatchingTableThrowsNamingTableAndFamilyAndChangesNothing(Rowan rowan, Admin admin)
      throws Exception {
    TableDescriptor stale = TableDescriptorBuilder.newBuilder(orders(rowan))
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes("d")).setMaxVersions(3).build())
        .build();
    admin.createTable(stale);

    SchemaMismatchException e = assertThrows(SchemaMismatchException.class,
        () -> rowan.schema().create(ShopOrder.class));

    assertEquals(List.of(
        "Table " + orders(rowan) + ", column family 'd': max versions is 3, expected 1.",
        "Table " + orders(rowan) + ", column family 'd': new version behavior is false, expected true.",
        "Table " + orders(rowan) + " lacks the column family 'h'."), e.report().differences().subList(0, 3));
    assertTrue(e.report().differences().get(3).startsWith("Table " + orders(rowan) + " records no key layout"),
        e.report().differences().get(3));
    assertTrue(e.getMessage().contains("Table " + orders(rowan) + ", column family 'd': max versions is 3"),
        e.getMessage());
    assertEquals(List.of("d"), families(admin, orders(rowan)));
    assertEquals(3, admin.getDescriptor(orders(rowan)).getColumnFamily(Bytes.toBytes("d")).getMaxVersions());
    assertFalse(admin.tableExists(rowan.tableName("orders.seller")));
    assertFalse(admin.tableExists(rowan.tableName("orders.buyer")));
  }

  @Test
  void dropRemovesEveryTableOfTheEntityAndSkipsMissingOnes(Rowan rowan, Admin admin) throws Exception {
    rowan.schema().create(ShopOrder.class);
    admin.disableTable(rowan.tableName("orders.buyer"));

    rowan.schema().drop(ShopOrder.class);

    for (TableName table : orderTables(rowan)) {
      assertFalse(admin.tableExists(table), table.toString());
    }
    rowan.schema().drop(ShopOrder.class);
  }

  @Test
  void createMakesTheNamespaceWhenItIsMissing(TestNamespace namespace, Connection connection, Admin admin)
      throws Exception {
    String fresh = namespace.name().substring(0, Math.min(namespace.name().length(), 50)) + "_new";
    Rowan rowan = Rowan.builder(connection).namespace(fresh).build();

    rowan.schema().create(Customer.class);

    assertEquals(fresh, admin.getNamespaceDescriptor(fresh).getName());
    assertTrue(admin.tableExists(TableName.valueOf(fresh, "customers")));
    assertTrue(admin.tableExists(TableName.valueOf(fresh, "customers.email")));
  }

  @Test
  void splitsAnUnsaltedMainTableAtHexStringsAndLeavesItsViewInOneRegion(Rowan rowan, Admin admin) throws Exception {
    rowan.schema().create(Customer.class, SplitPolicy.hex(4, "00", "ff"));

    assertEquals(List.of("", "40", "80", "c0"), regionStarts(admin, rowan.tableName("customers")));
    assertEquals(List.of(""), regionStarts(admin, rowan.tableName("customers.email")));
  }

  @Test
  void splitsAnUnsaltedMainTableAtTheKeysOfASplitFile(Rowan rowan, Admin admin, @TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("splits.txt");
    Files.writeString(file, "m\n\n\\x00\\xFF\nc\n");

    rowan.schema().create(Customer.class, SplitPolicy.file(file));

    assertEquals(List.of("", "\\x00\\xFF", "c", "m"), regionStarts(admin, rowan.tableName("customers")));
  }

  @Test
  void splitsAnUnsaltedMainTableAtGivenKeys(Rowan rowan, Admin admin) throws Exception {
    rowan.schema().create(Customer.class, SplitPolicy.keys(Bytes.toBytes("k"), Bytes.toBytes("b")));

    assertEquals(List.of("", "b", "k"), regionStarts(admin, rowan.tableName("customers")));
  }

  @Test
  void refusesASplitPolicyForASaltedEntityBeforeCreatingAnything(Rowan rowan, Admin admin) throws Exception {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> rowan.schema().create(ShopOrder.class, SplitPolicy.hex(4, "00", "ff")));

    assertTrue(e.getMessage().startsWith("ShopOrder is salted (16 buckets"), e.getMessage());
    assertFalse(admin.tableExists(orders(rowan)));
  }

  @Test
  void checkIgnoresSplitPointsAndAcceptsTheDefaultTimeToLive(Rowan rowan, Admin admin) throws Exception {
    rowan.schema().create(Customer.class, SplitPolicy.keys(Bytes.toBytes("m")));

    assertTrue(rowan.schema().check(Customer.class).matches());
    assertEquals(HConstants.FOREVER,
        admin.getDescriptor(rowan.tableName("customers")).getColumnFamily(Bytes.toBytes("d")).getTimeToLive());
  }

  @Table(name = "notes")
  record Note(@RowKey String id, @Column String text) {}

  interface NoteRepository extends dev.rowan.core.HBaseRepository<Note> {}

  @Test
  void aTableWhoseFamilyLacksTheNewVersionBehaviorIsRefusedWhenARepositoryIsCreated(Rowan rowan, Admin admin)
      throws Exception {
    TableName notes = rowan.tableName("notes");
    admin.createTable(TableDescriptorBuilder.newBuilder(notes)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(Bytes.toBytes("d"))).build());

    SchemaMismatchException e = assertThrows(SchemaMismatchException.class,
        () -> rowan.repository(NoteRepository.class));

    assertTrue(e.getMessage().contains("Table " + notes.getNameAsString() + ", column family 'd' lacks the new version"
        + " behavior"), e.getMessage());
    assertTrue(e.getMessage().contains("NEW_VERSION_BEHAVIOR => 'true'"), e.getMessage());
  }
}
