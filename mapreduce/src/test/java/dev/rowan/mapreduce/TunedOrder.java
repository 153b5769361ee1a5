package dev.rowan.mapreduce;

import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import java.math.BigDecimal;
import java.time.Instant;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;

/** An order whose two families declare HFile settings other than HBase's defaults, each different. */
@Table(name = "tuned", salt = @Salt(buckets = 3))
@Family(name = "d", bloom = BloomType.ROWCOL, compression = Compression.Algorithm.GZ, blockSize = 8192,
    dataBlockEncoding = DataBlockEncoding.FAST_DIFF)
@Family(name = "e", bloom = BloomType.NONE, blockSize = 16384, dataBlockEncoding = DataBlockEncoding.PREFIX)
// a cell per column, so that the view table holds cells in both families and each family's HFiles show its settings
@Index(name = "seller", key = {"sellerId", "createdAt"}, include = {"amount", "note"}, format = Index.Format.COLUMNS)
record TunedOrder(
    @RowKey String orderNo,
    @Column(family = "d", name = "s") String sellerId,
    @Column(family = "d", name = "c") Instant createdAt,
    @Column(family = "d", name = "a") BigDecimal amount,
    @Column(family = "e", name = "n") String note) {

  static TunedOrder of(Order order) {
    return new TunedOrder(order.orderNo(), order.sellerId(), order.createdAt(), order.amount(),
        order.note() == null ? "note of " + order.orderNo() : order.note());
  }
}
