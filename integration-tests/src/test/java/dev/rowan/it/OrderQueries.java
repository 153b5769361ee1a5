package dev.rowan.it;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** The query methods of the contract, and more, on the salted orders. */
interface OrderQueries extends HBaseRepository<Order> {
  List<Order> findBySellerBetween(String sellerId, Instant from, Instant to);

  List<Order> findBySellerIdAndCreatedAtBetween(String sellerId, Instant from, Instant to);

  Stream<Order> findByBuyerOrderByCreatedAtDesc(String buyerId);

  Optional<Order> findByOrderNo(String orderNo);

  Page<Order> findByBuyerIdAndCreatedAtAfter(String buyerId, Instant after, PageRequest page);

  List<Order> findTop10BySellerIdOrderByCreatedAtDesc(String sellerId);

  long countBySellerId(String sellerId);

  boolean existsByOrderNo(String orderNo);

  long deleteByBuyerId(String buyerId);

  Stream<Order> streamBySellerId(String sellerId);

  List<Order> findBySellerIdOrderByAmountDesc(String sellerId);

  List<Order> findBySellerIdAndAmountGreaterThan(String sellerId, BigDecimal amount);

  List<Order> findBySellerIdInAndCreatedAtBefore(Collection<String> sellers, Instant before);

  List<Order> findBySellerIdOrBuyerId(String sellerId, String buyerId);

  List<Order> findByOrderNoIn(List<String> numbers);
}
