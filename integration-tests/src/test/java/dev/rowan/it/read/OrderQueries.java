package dev.rowan.it.read;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.it.Order;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** The query methods of the contract, and more, on the salted orders; docs/queries.md shows it. */
public interface OrderQueries extends HBaseRepository<Order> {
  List<Order> findBySellerBetween(String sellerId, Instant from, Instant to); // view shorthand
  List<Order> findBySellerIdAndCreatedAtBetween(String sellerId, Instant from, Instant to);
  Stream<Order> findByBuyerOrderByCreatedAtDesc(String buyerId);
  Optional<Order> findByOrderNo(String orderNo);
  Page<Order> findByBuyerIdAndCreatedAtAfter(String buyerId, Instant after, PageRequest page);
  List<Order> findTop10BySellerIdOrderByCreatedAtDesc(String sellerId);
  long countBySellerId(String sellerId);
  boolean existsByOrderNo(String orderNo);
  long deleteByBuyerId(String buyerId);
  Stream<Order> streamBySellerId(String sellerId);
  List<Order> findBySellerIdOrderByAmountDesc(String sellerId); // sorted in memory
  List<Order> findBySellerIdAndAmountGreaterThan(String sellerId, BigDecimal amount);
  List<Order> findBySellerIdInAndCreatedAtBefore(Collection<String> sellers, Instant before);
  List<Order> findBySellerIdOrBuyerId(String sellerId, String buyerId); // two views, merged
  List<Order> findByOrderNoIn(List<String> numbers); // a multi-get
}
