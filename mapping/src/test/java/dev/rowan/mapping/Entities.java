package dev.rowan.mapping;

import dev.rowan.mapping.annotation.CellTimestamp;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.ColumnKey;
import dev.rowan.mapping.annotation.Descending;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.FixedLength;
import dev.rowan.mapping.annotation.HashPrefix;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.Reversed;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.Transient;
import dev.rowan.mapping.annotation.Version;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;
import org.apache.hadoop.hbase.regionserver.BloomType;

/** The entities the mapping tests map. */
final class Entities {

  private Entities() {}

  enum Status { NEW, PAID, SHIPPED }

  /** The contract's Order: a class with private fields, salted, with two views. */
  @Table(name = "orders", salt = @Salt(buckets = 16))
  @Family(name = "d", maxVersions = 1, bloom = BloomType.ROWCOL)
  @Index(name = "seller", key = {"sellerId", "createdAt"})
  @Index(name = "buyer", key = {"buyerId", "createdAt"}, include = {"amount"})
  static final class Order {
    @RowKey private String orderNo;
    @Column(family = "d", name = "s") private String sellerId;
    @Column(name = "b") private String buyerId;
    @Column(name = "c") private Instant createdAt;
    @Column(name = "a") private BigDecimal amount;
    @Column(name = "st") private Status status;
    private long quantity;
    private boolean gift;
    private UUID trace;
    @Version private long version;
    @Transient private String scratch = "not stored";
    private transient int alsoNotStored;

    Order() {}

    Order(String orderNo, String sellerId, String buyerId, Instant createdAt, BigDecimal amount, Status status,
        long quantity) {
      this.orderNo = orderNo;
      this.sellerId = sellerId;
      this.buyerId = buyerId;
      this.createdAt = createdAt;
      this.amount = amount;
      this.status = status;
      this.quantity = quantity;
    }

    String orderNo() { return orderNo; }
    String sellerId() { return sellerId; }
    String scratch() { return scratch; }
    long version() { return version; }
    void buyerId(String buyerId) { this.buyerId = buyerId; }
    void gift(boolean gift) { this.gift = gift; }
    void trace(UUID trace) { this.trace = trace; }

    @Override
    public boolean equals(Object o) {
      return o instanceof Order other && Objects.equals(orderNo, other.orderNo)
          && Objects.equals(sellerId, other.sellerId) && Objects.equals(buyerId, other.buyerId)
          && Objects.equals(createdAt, other.createdAt) && Objects.equals(amount, other.amount)
          && status == other.status && quantity == other.quantity && gift == other.gift
          && Objects.equals(trace, other.trace) && version == other.version;
    }

    @Override
    public int hashCode() {
      return Objects.hash(orderNo);
    }

    @Override
    public String toString() {
      return "Order[" + orderNo + ", " + sellerId + ", " + buyerId + ", " + createdAt + ", " + amount + ", "
          + status + ", " + quantity + ", " + gift + ", " + trace + ", v" + version + "]";
    }
  }

  /** Call records: month + phone + timestamp, a 32-byte key an operator can read. */
  @Table(name = "calls")
  record CallRecord(
      @RowKey(order = 0) @FixedLength(2) int month,
      @RowKey(order = 1) @FixedLength(11) String phone,
      @RowKey(order = 2) @FixedLength(19) long timestamp,
      @Column(name = "d") int durationSeconds) {}

  /** Latest first: the descending, readable timestamp. */
  @Table(name = "feed")
  record FeedItem(
      @RowKey(order = 0) @FixedLength(8) String user,
      @RowKey(order = 1) @FixedLength(19) @Descending long timestamp,
      String text) {}

  /** A user profile keyed by md5 prefix + uid. */
  @Table(name = "profiles")
  record Profile(@RowKey @HashPrefix(length = 4) String uid, String name) {}

  /** Metrics by host and time: host1 must never match host12. */
  @Table(name = "metrics")
  record Metric(@RowKey(order = 0) String host, @RowKey(order = 1) long ts, double value) {}

  /** Phone numbers reversed, against a hot prefix. */
  @Table(name = "subscribers")
  record Subscriber(@RowKey @Reversed String phone, String plan) {}

  /** Sensor readings salted on the car only, so one car's rows share a bucket. */
  @Table(name = "telemetry", salt = @Salt(buckets = 8, on = "car", regionsPerBucket = 2))
  record Reading(@RowKey(order = 0) String car, @RowKey(order = 1) @Descending Instant at, double speed) {}

  /** Wide: all lines of an order in one row, by line number. */
  @Table(name = "order_lines")
  @Family(name = "l")
  static final class OrderLine {
    @RowKey private String orderNo;
    @ColumnKey private int lineNo;
    @Column(name = "k") private String sku;
    @Column(name = "q") private Integer quantity;

    OrderLine() {}

    OrderLine(String orderNo, int lineNo, String sku, Integer quantity) {
      this.orderNo = orderNo;
      this.lineNo = lineNo;
      this.sku = sku;
      this.quantity = quantity;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof OrderLine other && orderNo.equals(other.orderNo) && lineNo == other.lineNo
          && Objects.equals(sku, other.sku) && Objects.equals(quantity, other.quantity);
    }

    @Override
    public int hashCode() {
      return Objects.hash(orderNo, lineNo);
    }

    @Override
    public String toString() {
      return "OrderLine[" + orderNo + "#" + lineNo + ", " + sku + " x" + quantity + "]";
    }
  }

  /** Events whose cells carry their own time. */
  @Table(name = "events")
  record Event(@RowKey String id, String kind, @CellTimestamp long at) {}
}
