package dev.rowan.benchmarks;

import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;

/**
 * The entity every mapper in the benchmark maps (hbase-object-mapper excepted, which needs its own
 * class, {@link HBaseOrmOrder}): a class with private fields, an unsalted single-part String row
 * key and six short-qualified columns in family {@code d}.
 *
 * <p>Thread-safety: mutable, not thread-safe; the benchmark never shares one between threads.
 */
@Table(name = "orders")
@Family(name = "d")
public final class Order {

  /** The order's state, stored by name. */
  public enum Status {
    NEW,
    PAID,
    SHIPPED,
    DELIVERED,
    CANCELLED
  }

  @RowKey private String orderNo;

  @Column(name = "s")
  private String sellerId;

  @Column(name = "b")
  private String buyerId;

  @Column(name = "c")
  private Instant createdAt;

  @Column(name = "a")
  private BigDecimal amount;

  @Column(name = "st")
  private Status status;

  @Column(name = "q")
  private long quantity;

  /** For Rowan and the reflective mapper, which set the fields afterwards. */
  public Order() {}

  /** An order with every field set, the way hand-written mapping code builds one. */
  public Order(
      String orderNo,
      String sellerId,
      String buyerId,
      Instant createdAt,
      BigDecimal amount,
      Status status,
      long quantity) {
    this.orderNo = orderNo;
    this.sellerId = sellerId;
    this.buyerId = buyerId;
    this.createdAt = createdAt;
    this.amount = amount;
    this.status = status;
    this.quantity = quantity;
  }

  public String orderNo() {
    return orderNo;
  }

  public String sellerId() {
    return sellerId;
  }

  public String buyerId() {
    return buyerId;
  }

  public Instant createdAt() {
    return createdAt;
  }

  public BigDecimal amount() {
    return amount;
  }

  public Status status() {
    return status;
  }

  public long quantity() {
    return quantity;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Order other
        && Objects.equals(orderNo, other.orderNo)
        && Objects.equals(sellerId, other.sellerId)
        && Objects.equals(buyerId, other.buyerId)
        && Objects.equals(createdAt, other.createdAt)
        && Objects.equals(amount, other.amount)
        && status == other.status
        && quantity == other.quantity;
  }

  @Override
  public int hashCode() {
    return Objects.hash(orderNo);
  }

  @Override
  public String toString() {
    return "Order[" + orderNo + ", " + sellerId + ", " + buyerId + ", " + createdAt + ", " + amount
        + ", " + status + ", " + quantity + "]";
  }
}
