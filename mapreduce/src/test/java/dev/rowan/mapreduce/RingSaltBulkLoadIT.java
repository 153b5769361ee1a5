package dev.rowan.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.spi.BucketFunction;
import dev.rowan.test.HBaseTest;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * A bulk load of a table salted by a consistent-hash ring writes, cell for cell, what saving
 * writes: the job computes salts through the same entity model, strategy included.
 */
@HBaseTest
class RingSaltBulkLoadIT {

  /** {@link Order}, salted by a ring of 7 buckets of 32 virtual nodes. */
  @Table(name = "ring_orders", salt = @Salt(buckets = 7, strategy = Salt.Strategy.CONSISTENT_HASH, virtualNodes = 32))
  @Family(name = "d")
  @Index(name = "seller", key = {"sellerId", "createdAt"})
  @Index(name = "buyer", key = {"buyerId", "createdAt"}, include = {"amount"})
  record RingOrder(
      @RowKey String orderNo,
      @Column(name = "s") String sellerId,
      @Column(name = "b") String buyerId,
      @Column(name = "c") Instant createdAt,
      @Column(name = "a") BigDecimal amount,
      @Column(name = "n") String note) {}

  interface RingOrders extends HBaseRepository<RingOrder> {}

  @Test
  void bulkLoadsARingSaltedTableAndItsViewsCellForCellAsSavingDoes(Rowan saved) {
    long seed = System.nanoTime();
    System.out.println("RingSaltBulkLoadIT seed " + seed);
    List<RingOrder> orders = LoadFixtures.orders(new Random(seed), 500).stream()
        .map(o -> new RingOrder(o.orderNo(), o.sellerId(), o.buyerId(), o.createdAt(), o.amount(), o.note()))
        .toList();
    assertEquals(BucketFunction.consistentHash(32), EntityModel.of(RingOrder.class).salt().bucketFunction());
    saved.schema().create(RingOrder.class);
    saved.repository(RingOrders.class).saveAll(orders);

    Rowan loaded = LoadFixtures.other(saved, "_bulk");
    loaded.schema().create(RingOrder.class);
    java.nio.file.Path dir = LoadFixtures.directory("cells-ring-orders");
    Path input = LoadFixtures.csv(dir.resolve("orders.csv"), RingOrder.class, orders);
    BulkLoadResult result = BulkLoad.of(RingOrder.class).input(input).namespace(loaded.namespace())
        .run(LoadFixtures.jobConf(saved.connection(), dir));

    assertEquals(500, result.entities(), result.summary());
    assertEquals(0, result.rejected(), result.summary());
    BulkLoadCellsIT.assertSameCells(saved, loaded, RingOrder.class, seed);
  }
}
