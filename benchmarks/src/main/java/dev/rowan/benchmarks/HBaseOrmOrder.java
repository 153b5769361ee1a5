package dev.rowan.benchmarks;

import com.flipkart.hbaseobjectmapper.Family;
import com.flipkart.hbaseobjectmapper.HBColumn;
import com.flipkart.hbaseobjectmapper.HBRecord;
import com.flipkart.hbaseobjectmapper.HBTable;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;

/**
 * {@link Order} as hbase-object-mapper (Flipkart's hbase-orm) wants it: an {@link HBRecord} whose
 * row key is composed by the entity, with boxed fields (the library refuses primitive ones). Its
 * default codec writes Strings, numbers and BigDecimal as {@code Bytes} does but the Instant and
 * the enum as JSON through Jackson, and the row key as plain UTF-8, so its cells are not
 * byte-for-byte Rowan's.
 *
 * <p>Thread-safety: mutable, not thread-safe.
 */
@HBTable(
    name = "orders",
    families = {@Family(name = "d")})
public final class HBaseOrmOrder implements HBRecord<String> {

  private String orderNo;

  @HBColumn(family = "d", column = "s")
  private String sellerId;

  @HBColumn(family = "d", column = "b")
  private String buyerId;

  @HBColumn(family = "d", column = "c")
  private Instant createdAt;

  @HBColumn(family = "d", column = "a")
  private BigDecimal amount;

  @HBColumn(family = "d", column = "st")
  private Order.Status status;

  @HBColumn(family = "d", column = "q")
  private Long quantity;

  /** For the mapper, which sets the fields afterwards. */
  public HBaseOrmOrder() {}

  /** A copy of {@code order}. */
  HBaseOrmOrder(Order order) {
    this.orderNo = order.orderNo();
    this.sellerId = order.sellerId();
    this.buyerId = order.buyerId();
    this.createdAt = order.createdAt();
    this.amount = order.amount();
    this.status = order.status();
    this.quantity = order.quantity();
  }

  @Override
  public String composeRowKey() {
    return orderNo;
  }

  @Override
  public void parseRowKey(String rowKey) {
    this.orderNo = rowKey;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof HBaseOrmOrder other
        && Objects.equals(orderNo, other.orderNo)
        && Objects.equals(sellerId, other.sellerId)
        && Objects.equals(buyerId, other.buyerId)
        && Objects.equals(createdAt, other.createdAt)
        && Objects.equals(amount, other.amount)
        && status == other.status
        && Objects.equals(quantity, other.quantity);
  }

  @Override
  public int hashCode() {
    return Objects.hash(orderNo);
  }

  @Override
  public String toString() {
    return "HBaseOrmOrder["
        + orderNo
        + ", "
        + sellerId
        + ", "
        + buyerId
        + ", "
        + createdAt
        + ", "
        + amount
        + ", "
        + status
        + ", "
        + quantity
        + "]";
  }
}
