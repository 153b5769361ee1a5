package dev.rowan.mapreduce;

import dev.rowan.core.HBaseRepository;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

/** Queries that read through both views and the main table. */
interface OrderRepository extends HBaseRepository<Order> {

  List<Order> findBySellerIdAndCreatedAtBetween(String sellerId, Instant from, Instant to);

  long countBySellerId(String sellerId);

  Stream<Order> findByBuyerIdOrderByCreatedAtDesc(String buyerId);

  long countByBuyerId(String buyerId);
}
