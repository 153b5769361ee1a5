package dev.rowan.examples.spring;

import dev.rowan.core.HBaseRepository;
import java.time.Instant;
import java.util.List;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Window;

/**
 * The shop's questions about orders. Rowan plans each method when the application starts, and would
 * refuse it there if only a full scan could answer it.
 */
public interface OrderRepository extends HBaseRepository<Order> {

  /**
   * A seller's orders placed from {@code from} to {@code to} (both included), oldest first: a range
   * scan of the {@code orders.seller} view in each salt bucket, merged in key order.
   */
  List<Order> findBySellerIdAndCreatedAtBetween(String sellerId, Instant from, Instant to);

  /**
   * A window of a buyer's orders, newest first, continuing after {@code position}: a reversed range
   * scan of the {@code orders.buyer} view that starts where the previous window ended (keyset
   * scrolling, never an offset).
   */
  Window<Order> findByBuyerIdOrderByCreatedAtDesc(
      String buyerId, ScrollPosition position, Limit limit);
}
