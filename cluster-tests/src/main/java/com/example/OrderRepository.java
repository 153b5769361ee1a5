package com.example;

import dev.rowan.core.HBaseRepository;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** The questions the cluster test asks of the loaded orders, each answered by a table or view. */
public interface OrderRepository extends HBaseRepository<Order> {

  Optional<Order> findByOrderNo(String orderNo);

  List<Order> findBySellerIdAndCreatedAtBetween(String sellerId, Instant from, Instant to);

  List<Order> findTop5BySellerIdOrderByCreatedAtDesc(String sellerId);

  List<Order> findByBuyerId(String buyerId);

  long countBySellerId(String sellerId);

  boolean existsByBuyerId(String buyerId);
}
