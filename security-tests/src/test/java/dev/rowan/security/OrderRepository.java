package dev.rowan.security;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

/** Queries through both views of {@link Order}: the full copy (seller) and the narrow one (buyer). */
interface OrderRepository extends HBaseRepository<Order> {

  List<Order> findBySellerId(String sellerId);

  List<Order> findBySellerIdAndCreatedAtBetween(String sellerId, Instant from, Instant to);

  Page<Order> findBySellerIdOrderByCreatedAtDesc(String sellerId, PageRequest page);

  List<Order> findTop2BySellerIdOrderByCreatedAtDesc(String sellerId);

  List<Order> findByBuyerId(String buyerId);

  Stream<Order> streamByBuyerIdOrderByCreatedAtDesc(String buyerId);

  long countBySellerId(String sellerId);

  long countByBuyerId(String buyerId);

  boolean existsByBuyerId(String buyerId);

  boolean updateNoteByOrderNo(String note, String orderNo);
}
