package dev.rowan.spring.support;

import dev.rowan.core.Limit;
import dev.rowan.core.Sort;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.data.domain.KeysetScrollPosition;
import org.springframework.data.domain.OffsetScrollPosition;
import org.springframework.data.domain.ScrollPosition;

/**
 * Converts Spring Data's parameter values to Rowan's, refusing at the call what Rowan cannot serve
 * as asked, with a message that names the method. Rowan's page tokens are keyset positions: a
 * {@link KeysetScrollPosition} carries one under the key {@value #KEY} (as text, URL-safe Base64),
 * or the empty text after the last window.
 *
 * <p>Thread-safety: stateless.
 */
final class SpringParameters {

  /** The key of Rowan's page token in a {@link KeysetScrollPosition}. */
  static final String KEY = "rowan";

  private SpringParameters() {}

  /**
   * Rowan's sort of Spring Data's {@code sort}; null for null (which Rowan refuses by name).
   *
   * @throws IllegalArgumentException naming {@code method} for an order that ignores case or asks
   *     for nulls first or last
   */
  static @Nullable Sort sort(String method, org.springframework.data.domain.Sort sort) {
    if (sort == null) {
      return null;
    }
    List<Sort.Order> orders = new ArrayList<>();
    for (org.springframework.data.domain.Sort.Order order : sort) {
      if (order.isIgnoreCase()) {
        throw new IllegalArgumentException(
            method
                + ": the Sort orders "
                + order.getProperty()
                + " ignoring case;"
                + " Rowan orders by the stored values (keep a normalised copy of the property and sort by it)");
      }
      if (order.getNullHandling() != org.springframework.data.domain.Sort.NullHandling.NATIVE) {
        throw new IllegalArgumentException(
            method
                + ": the Sort asks for "
                + order.getProperty()
                + " "
                + order.getNullHandling()
                + "; Rowan orders nulls as the key encodes them, so leave the null handling native");
      }
      orders.add(
          order.isAscending()
              ? Sort.Order.asc(order.getProperty())
              : Sort.Order.desc(order.getProperty()));
    }
    return orders.isEmpty() ? Sort.unsorted() : Sort.by(orders.toArray(Sort.Order[]::new));
  }

  /** Rowan's limit of Spring Data's {@code limit}; null for null (which Rowan refuses by name). */
  static @Nullable Limit limit(org.springframework.data.domain.Limit limit) {
    if (limit == null) {
      return null;
    }
    return limit.isLimited() ? Limit.of(limit.max()) : Limit.unlimited();
  }

  /**
   * Rowan's page token at {@code position}: null for the initial keyset position, an empty array
   * after the last window.
   *
   * @throws IllegalArgumentException naming {@code method} for a null, offset or backward position,
   *     or a keyset position that Rowan did not make
   */
  static byte @Nullable [] token(String method, ScrollPosition position) {
    if (position == null) {
      throw new IllegalArgumentException(
          method + ": the ScrollPosition is null; start with ScrollPosition.keyset()");
    }
    if (position instanceof OffsetScrollPosition) {
      throw new IllegalArgumentException(
          method
              + ": takes keyset positions only, not "
              + position
              + ": Rowan never skips an offset; start with ScrollPosition.keyset() and continue with"
              + " window.positionAt(window.size() - 1)");
    }
    if (!(position instanceof KeysetScrollPosition keyset)) {
      throw new IllegalArgumentException(method + ": takes keyset positions only, not " + position);
    }
    if (!keyset.scrollsForward()) {
      throw new IllegalArgumentException(
          method
              + ": scrolls forward only, in the order of its name; "
              + position
              + " scrolls backward");
    }
    Map<String, Object> keys = keyset.getKeys();
    if (keys.isEmpty()) {
      return null;
    }
    if (keys.size() != 1 || !(keys.get(KEY) instanceof String text)) {
      throw notRowans(method, position);
    }
    try {
      return Base64.getUrlDecoder().decode(text);
    } catch (IllegalArgumentException e) {
      throw notRowans(method, position);
    }
  }

  private static IllegalArgumentException notRowans(String method, ScrollPosition position) {
    return new IllegalArgumentException(
        method
            + ": "
            + position
            + " is not a position of Rowan's windows;"
            + " start with ScrollPosition.keyset() and continue with window.positionAt(window.size() - 1)");
  }

  /** The keyset position of Rowan's page {@code token}; the empty token is the end. */
  static KeysetScrollPosition position(byte @Nullable [] token) {
    return ScrollPosition.forward(
        Map.of(KEY, Base64.getUrlEncoder().withoutPadding().encodeToString(token)));
  }
}
