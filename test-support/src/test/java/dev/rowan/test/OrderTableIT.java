package dev.rowan.test;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rowan.core.Rowan;
import java.io.IOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** The example of docs/testing.md, kept here so that it compiles and runs; keep both in step. */
@HBaseTest
class OrderTableIT {

  private static final byte[] D = Bytes.toBytes("d");

  @Test
  void readsWhatItWrote(Rowan rowan, Admin admin) throws IOException {
    TableName orders = rowan.tableName("orders"); // in this test's own namespace
    admin.createTable(TableDescriptorBuilder.newBuilder(orders)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(D)).build());

    try (Table table = rowan.connection().getTable(orders)) {
      table.put(new Put(Bytes.toBytes("o-1")).addColumn(D, Bytes.toBytes("s"), Bytes.toBytes("seller-7")));
      byte[] seller = table.get(new Get(Bytes.toBytes("o-1"))).getValue(D, Bytes.toBytes("s"));
      assertEquals("seller-7", Bytes.toString(seller));
    }
  }
}
