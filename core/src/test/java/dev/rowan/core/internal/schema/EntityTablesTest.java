package dev.rowan.core.internal.schema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rowan.core.SplitPolicy;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

class EntityTablesTest {

  @Table(name = "orders", salt = @Salt(buckets = 4, regionsPerBucket = 2))
  @Family(name = "d", maxVersions = 2)
  @Family(name = "h", ttlSeconds = 3600)
  @Index(name = "seller", key = {"sellerId"})
  @Index(name = "buyer", key = {"buyerId"}, include = {"amount"})
  record Order(@RowKey String orderNo, @Column(family = "d", name = "s") String sellerId,
      @Column(family = "d", name = "b") String buyerId, @Column(family = "d", name = "a") long amount, @Column(family = "h", name = "n") String note) {}

  @Table(name = "customers")
  @Index(name = "email", key = {"email"}, unique = true)
  record Customer(@RowKey String id, @Column String email) {}

  private static List<String> families(TableSpec table) {
    return Arrays.stream(table.descriptor().getColumnFamilies()).map(ColumnFamilyDescriptor::getNameAsString).toList();
  }

  @Test
  void listsTheMainTableThenEveryViewTableQualifiedByTheNamespace() {
    EntityTables tables = EntityTables.of(EntityModel.of(Order.class), SplitPolicy.salted(),
        name -> TableName.valueOf("shop", name));

    assertEquals("Order", tables.entity());
    assertEquals(List.of("shop:orders", "shop:orders.seller", "shop:orders.buyer"),
        tables.tables().stream().map(t -> t.name().getNameAsString()).toList());
  }

  @Test
  void givesEachTableTheFamiliesItCarriesWithTheirSettings() {
    EntityTables tables = EntityTables.of(EntityModel.of(Order.class), SplitPolicy.salted(), TableName::valueOf);

    assertEquals(List.of("d", "h"), families(tables.tables().get(0)));
    assertEquals(List.of("d", "h"), families(tables.tables().get(1)));
    assertEquals(List.of("d"), families(tables.tables().get(2)));
    TableSpec main = tables.tables().get(0);
    assertEquals(2, main.descriptor().getColumnFamily(Bytes.toBytes("d")).getMaxVersions());
    assertEquals(HConstants.FOREVER, main.descriptor().getColumnFamily(Bytes.toBytes("d")).getTimeToLive());
    assertEquals(3600, main.descriptor().getColumnFamily(Bytes.toBytes("h")).getTimeToLive());
  }

  @Test
  void splitsTheMainAndViewTablesIntoRegionsPerBucket() {
    EntityTables tables = EntityTables.of(EntityModel.of(Order.class), SplitPolicy.salted(), TableName::valueOf);

    for (TableSpec table : tables.tables()) {
      assertEquals(7, table.splitKeys().length, table.toString()); // 4 buckets x 2 regions
      assertArrayEquals(new byte[] {0, (byte) 128}, table.splitKeys()[0]);
      assertArrayEquals(new byte[] {1}, table.splitKeys()[1]);
    }
  }

  @Test
  void appliesASplitPolicyToTheMainTableOnlyOfAnUnsaltedEntity() {
    EntityTables tables = EntityTables.of(EntityModel.of(Customer.class), SplitPolicy.hex(4, "0", "f"),
        TableName::valueOf);

    assertEquals(List.of("4", "8", "c"),
        Arrays.stream(tables.tables().get(0).splitKeys()).map(Bytes::toString).toList());
    assertEquals("customers.email", tables.tables().get(1).name().getNameAsString());
    assertEquals(0, tables.tables().get(1).splitKeys().length);
  }
}
