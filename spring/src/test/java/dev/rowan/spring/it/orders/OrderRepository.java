package dev.rowan.spring.it.orders;

import dev.rowan.core.HBaseRepository;
import java.util.List;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;

/** Orders by seller, with Spring Data's paging and sorting types. */
public interface OrderRepository extends HBaseRepository<Order> {

  List<Order> findBySellerId(String sellerId);

  long countBySellerId(String sellerId);

  List<Order> findBySellerId(String sellerId, Sort sort, Limit limit);

  Window<Order> findBySellerId(String sellerId, ScrollPosition position, Limit limit);

  Window<Order> findFirst5BySellerId(String sellerId, ScrollPosition position);

  Slice<Order> findBySellerId(String sellerId, Pageable pageable);

  List<Order> readBySellerId(String sellerId, Pageable pageable);
}
