package dev.rowan.examples.spring;

import dev.rowan.core.EntityExistsException;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Window;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The service's REST endpoints: an order by number, a seller's orders in a period, a buyer's latest
 * orders a window at a time, and creating and updating an order.
 */
@RestController
class OrderController {

  private static final int MAX_WINDOW = 100;

  private final OrderRepository orders;

  OrderController(OrderRepository orders) {
    this.orders = orders;
  }

  /** {@code GET /orders/ORD-1}: the order, or 404. */
  @GetMapping("/orders/{orderNo}")
  ResponseEntity<Order> order(@PathVariable String orderNo) {
    return ResponseEntity.of(orders.findByKey(orderNo));
  }

  /**
   * {@code GET /sellers/s-1/orders?from=...&to=...}: the seller's orders in the period, oldest
   * first.
   */
  @GetMapping("/sellers/{sellerId}/orders")
  List<Order> sellerOrders(
      @PathVariable String sellerId, @RequestParam Instant from, @RequestParam Instant to) {
    return orders.findBySellerIdAndCreatedAtBetween(sellerId, from, to);
  }

  /**
   * {@code GET /buyers/b-1/orders?size=10&after=...}: the buyer's latest orders, newest first, and
   * where the next window starts.
   */
  @GetMapping("/buyers/{buyerId}/orders")
  OrderWindow buyerOrders(
      @PathVariable String buyerId,
      @RequestParam(defaultValue = "10") int size,
      @RequestParam(required = false) String after) {
    if (size < 1 || size > MAX_WINDOW) {
      throw new IllegalArgumentException("size must be 1 to " + MAX_WINDOW + ", not " + size);
    }
    Window<Order> window =
        orders.findByBuyerIdOrderByCreatedAtDesc(buyerId, Positions.of(after), Limit.of(size));
    String next = window.hasNext() ? Positions.text(window.positionAt(window.size() - 1)) : null;
    return new OrderWindow(window.getContent(), next);
  }

  /** {@code POST /orders}: creates the order; 409 when its number is taken. */
  @PostMapping("/orders")
  ResponseEntity<Order> create(@RequestBody Order order) {
    Order created = orders.insert(order);
    return ResponseEntity.created(URI.create("/orders/" + created.orderNo())).body(created);
  }

  /** {@code PUT /orders/ORD-1}: creates or replaces the order of that number. */
  @PutMapping("/orders/{orderNo}")
  Order update(@PathVariable String orderNo, @RequestBody Order order) {
    if (!orderNo.equals(order.orderNo())) {
      throw new IllegalArgumentException(
          "the order's number " + order.orderNo() + " is not " + orderNo);
    }
    return orders.save(order);
  }

  @ExceptionHandler(EntityExistsException.class)
  ResponseEntity<String> exists(EntityExistsException e) {
    return ResponseEntity.status(HttpStatus.CONFLICT).body(e.getMessage());
  }

  @ExceptionHandler(IllegalArgumentException.class)
  ResponseEntity<String> badRequest(IllegalArgumentException e) {
    return ResponseEntity.badRequest().body(e.getMessage());
  }
}
