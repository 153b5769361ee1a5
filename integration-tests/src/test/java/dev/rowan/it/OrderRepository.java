package dev.rowan.it;

import dev.rowan.core.HBaseRepository;
import java.util.List;

/** The orders repository of the integration tests. */
public interface OrderRepository extends HBaseRepository<Order> {

  /** A default method keeps working. */
  default List<Order> saveTwo(Order first, Order second) {
    return saveAll(List.of(first, second));
  }
}
