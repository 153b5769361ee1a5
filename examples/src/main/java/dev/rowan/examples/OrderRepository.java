package dev.rowan.examples;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The questions a shop asks of its orders; each is planned once, when {@code
 * rowan.repository(OrderRepository.class)} builds the repository, against the table or view that
 * answers it best ({@code explain} shows which).
 *
 * <p>Thread-safety: the implementation Rowan returns is thread-safe.
 */
public interface OrderRepository extends HBaseRepository<Order> {

  /** A seller's orders placed between two instants, inclusive, oldest first (the seller view). */
  List<Order> findBySellerBetween(String sellerId, Instant from, Instant to);

  /** The same query spelled out with properties. */
  List<Order> findBySellerIdAndCreatedAtBetween(String sellerId, Instant from, Instant to);

  /** A buyer's ten latest orders, newest first (a reversed scan of the buyer view). */
  List<Order> findTop10ByBuyerIdOrderByCreatedAtDesc(String buyerId);

  /** A buyer's orders, newest first, read lazily. */
  Stream<Order> findByBuyerOrderByCreatedAtDesc(String buyerId);

  /** A buyer's orders after an instant, a page at a time. */
  Page<Order> findByBuyerIdAndCreatedAtAfter(String buyerId, Instant after, PageRequest page);

  /** The order with this number (a get on the main table). */
  Optional<Order> findByOrderNo(String orderNo);

  /** Whether an order with this number exists. */
  boolean existsByOrderNo(String orderNo);

  /** How many orders a seller has (counted on the seller view). */
  long countBySellerId(String sellerId);
}
