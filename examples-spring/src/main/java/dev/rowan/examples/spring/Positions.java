package dev.rowan.examples.spring;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.data.domain.KeysetScrollPosition;
import org.springframework.data.domain.ScrollPosition;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * Keyset positions as the text a client passes back in a URL: the position's keys as JSON, in
 * URL-safe Base64. A client treats it as opaque.
 */
final class Positions {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private Positions() {}

  /** The text of {@code position}. */
  static String text(ScrollPosition position) {
    Map<String, Object> keys = ((KeysetScrollPosition) position).getKeys();
    return Base64.getUrlEncoder().withoutPadding().encodeToString(JSON.writeValueAsBytes(keys));
  }

  /**
   * The position {@code text} stands for; the start when it is null or blank.
   *
   * @throws IllegalArgumentException when the text is not a position this service gave
   */
  static ScrollPosition of(String text) {
    if (text == null || text.isBlank()) {
      return ScrollPosition.keyset();
    }
    try {
      Map<String, Object> keys =
          JSON.readValue(
              new String(Base64.getUrlDecoder().decode(text), StandardCharsets.UTF_8),
              new TypeReference<LinkedHashMap<String, Object>>() {});
      return ScrollPosition.forward(keys);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("not a position of this service: " + text, e);
    }
  }
}
