package dev.rowan.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The order a query method returns its results in, chosen at each call: the trailing {@code Sort}
 * parameter of a find method, as in Spring Data. {@code Sort.by("createdAt").descending()} is
 * newest first; {@code Sort.by(Sort.Order.asc("sellerId"), Sort.Order.desc("createdAt"))} sorts by
 * several properties. A sort the table or view read serves by key order costs nothing; one that
 * would sort every match in memory is refused at the call, naming the method and the order the key
 * serves (docs/queries.md, "Sort and Limit parameters").
 *
 * <p>Thread-safety: immutable.
 *
 * @since 0.1
 */
public final class Sort {

  private static final Sort UNSORTED = new Sort(List.of());

  /**
   * One property of a sort.
   *
   * @param property the entity property, by its field name
   * @param descending whether larger values come first
   */
  public record Order(String property, boolean descending) {

    /** Checks the property name. */
    public Order {
      if (property == null || property.isBlank()) {
        throw new IllegalArgumentException("a sort names a property, not '" + property + "'");
      }
    }

    /** Smaller values of {@code property} first. */
    public static Order asc(String property) {
      return new Order(property, false);
    }

    /** Larger values of {@code property} first. */
    public static Order desc(String property) {
      return new Order(property, true);
    }
  }

  private final List<Order> orders;

  private Sort(List<Order> orders) {
    this.orders = List.copyOf(orders);
  }

  /** The sort by {@code properties}, each ascending. */
  public static Sort by(String... properties) {
    List<Order> orders = new ArrayList<>();
    for (String property : properties) {
      orders.add(Order.asc(property));
    }
    return new Sort(orders);
  }

  /** The sort by {@code orders}, in turn. */
  public static Sort by(Order... orders) {
    return new Sort(List.of(orders));
  }

  /** No order: the method's own (its name's {@code OrderBy}, else key order). */
  public static Sort unsorted() {
    return UNSORTED;
  }

  /** This sort with every property ascending. */
  public Sort ascending() {
    return new Sort(orders.stream().map(o -> Order.asc(o.property())).toList());
  }

  /** This sort with every property descending. */
  public Sort descending() {
    return new Sort(orders.stream().map(o -> Order.desc(o.property())).toList());
  }

  /** This sort, then {@code next} among equal values. */
  public Sort and(Sort next) {
    List<Order> all = new ArrayList<>(orders);
    all.addAll(next.orders);
    return new Sort(all);
  }

  /** The properties sorted by, in turn. */
  public List<Order> orders() {
    return orders;
  }

  /** Whether this sort orders nothing. */
  public boolean isUnsorted() {
    return orders.isEmpty();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Sort sort && orders.equals(sort.orders);
  }

  @Override
  public int hashCode() {
    return Objects.hash(orders);
  }

  @Override
  public String toString() {
    return orders.stream()
        .map(o -> o.property() + (o.descending() ? " desc" : " asc"))
        .toList()
        .toString();
  }
}
