package dev.rowan.spring.it.refused;

import dev.rowan.core.HBaseRepository;
import dev.rowan.spring.it.orders.Order;
import java.util.List;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Window;

/** Methods Rowan cannot serve: each is named when the context starts. */
public interface RefusedOrderRepository extends HBaseRepository<Order> {

  Page<Order> findBySellerId(String sellerId, Pageable pageable);

  Window<Order> findBySellerId(String sellerId, ScrollPosition position);

  List<Order> findByAmount(Long amount, Pageable pageable);
}
