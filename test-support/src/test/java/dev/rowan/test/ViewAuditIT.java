package dev.rowan.test;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/** The audit passes on views Rowan wrote, and names the rows of a view that was damaged. */
@HBaseTest
class ViewAuditIT {

  @Table(name = "audited")
  @Index(name = "seller", key = {"sellerId"})
  record Sale(@RowKey String saleNo, @Column(name = "s") String sellerId, @Column(name = "a") long amount) {}

  interface Sales extends HBaseRepository<Sale> {}

  @Test
  void passesOnViewsAsWrittenAndFailsOnADamagedRow(Rowan rowan) throws IOException {
    rowan.schema().create(Sale.class);
    rowan.repository(Sales.class).saveAll(List.of(new Sale("n-1", "s-1", 5), new Sale("n-2", "s-2", 7)));
    ViewAudit.assertViewsMatchRebuild(rowan, Sale.class);

    try (var view = rowan.connection().getTable(rowan.tableName("audited.seller"));
        ResultScanner rows = view.getScanner(new Scan())) {
      Result first = rows.next(); // seller s-1, amount 5
      Result second = rows.next(); // seller s-2, amount 7
      // the first row's status (state, timestamp, nonce: still settled by its write mark) with the second's
      // packed columns
      byte[] status = {0, 's'};
      Cell own = first.getColumnLatestCell(Bytes.toBytes("d"), status);
      Cell other = second.getColumnLatestCell(Bytes.toBytes("d"), status);
      byte[] damaged = Bytes.add(Arrays.copyOf(CellUtil.cloneValue(own), 17),
          Arrays.copyOfRange(CellUtil.cloneValue(other), 17, other.getValueLength()));
      view.put(new Put(first.getRow()).addColumn(Bytes.toBytes("d"), status, own.getTimestamp() + 1, damaged));
    }
    AssertionFailedError failure = assertThrows(AssertionFailedError.class,
        () -> ViewAudit.assertViewsMatchRebuild(rowan, Sale.class));
    assertTrue(failure.getMessage().contains("differs from its rebuild in 1 rows")
        && failure.getMessage().contains("amount=7") && failure.getMessage().contains("main row"),
        failure.getMessage());
  }
}
