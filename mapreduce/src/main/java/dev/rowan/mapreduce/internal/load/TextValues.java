package dev.rowan.mapreduce.internal.load;

import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapreduce.BulkLoadException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Reads property values from text, by the property's type: strings as they are; numbers in Java's
 * decimal syntax; booleans as {@code true}/{@code false} (any case); {@code BigDecimal} exactly;
 * {@code Instant} as ISO-8601 ({@code 2024-03-01T10:15:30Z}, or with an offset) or as epoch
 * milliseconds; {@code LocalDate} and {@code LocalDateTime} as ISO-8601; UUIDs in their canonical
 * form; enums by constant name (any case); {@code byte[]} as Base64; {@code char} as one character.
 *
 * <p>Thread-safety: immutable and thread-safe.
 */
final class TextValues {

  private final EntityModel<?> model;
  private final List<Function<String, Object>> parsers;

  private TextValues(EntityModel<?> model, List<Function<String, Object>> parsers) {
    this.model = model;
    this.parsers = parsers;
  }

  /**
   * The readers of every property of {@code model}.
   *
   * @throws BulkLoadException naming the properties whose type cannot be read from text
   */
  static TextValues of(EntityModel<?> model) {
    List<Function<String, Object>> parsers = new ArrayList<>();
    List<String> unsupported = new ArrayList<>();
    for (PropertyModel property : model.properties()) {
      Function<String, Object> parser = parser(property.type());
      if (parser == null) {
        unsupported.add(property.qualifiedName() + " (" + property.type().getName() + ")");
      }
      parsers.add(parser);
    }
    if (!unsupported.isEmpty()) {
      throw BulkLoadException.unsupported(
          model.entityName(),
          "these properties cannot be read from text: " + String.join(", ", unsupported));
    }
    return new TextValues(model, List.copyOf(parsers));
  }

  /**
   * The value of {@code property} that {@code text} spells.
   *
   * @throws IllegalArgumentException with a message naming the property and the text when it does
   *     not parse
   */
  Object parse(PropertyModel property, String text) {
    try {
      return parsers.get(property.index()).apply(text);
    } catch (IllegalArgumentException | DateTimeParseException | ArithmeticException e) {
      throw new IllegalArgumentException(
          property.qualifiedName()
              + " ("
              + property.type().getSimpleName()
              + "): cannot read '"
              + abbreviate(text)
              + "'",
          e);
    }
  }

  /** The entity these values belong to. */
  EntityModel<?> model() {
    return model;
  }

  static String abbreviate(String text) {
    return text.length() <= 60 ? text : text.substring(0, 57) + "...";
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static @Nullable Function<String, Object> parser(Class<?> type) {
    if (type == String.class) {
      return text -> text;
    }
    if (type == int.class || type == Integer.class) {
      return text -> Integer.valueOf(text.trim());
    }
    if (type == long.class || type == Long.class) {
      return text -> Long.valueOf(text.trim());
    }
    if (type == short.class || type == Short.class) {
      return text -> Short.valueOf(text.trim());
    }
    if (type == byte.class || type == Byte.class) {
      return text -> Byte.valueOf(text.trim());
    }
    if (type == double.class || type == Double.class) {
      return text -> Double.valueOf(text.trim());
    }
    if (type == float.class || type == Float.class) {
      return text -> Float.valueOf(text.trim());
    }
    if (type == boolean.class || type == Boolean.class) {
      return TextValues::bool;
    }
    if (type == char.class || type == Character.class) {
      return TextValues::character;
    }
    if (type == BigDecimal.class) {
      return text -> new BigDecimal(text.trim());
    }
    if (type == Instant.class) {
      return TextValues::instant;
    }
    if (type == LocalDate.class) {
      return text -> LocalDate.parse(text.trim());
    }
    if (type == LocalDateTime.class) {
      return text -> LocalDateTime.parse(text.trim());
    }
    if (type == UUID.class) {
      return TextValues::uuid;
    }
    if (type == byte[].class) {
      return text -> Base64.getDecoder().decode(text.trim());
    }
    if (type.isEnum()) {
      return text -> enumConstant((Class<? extends Enum>) type, text.trim());
    }
    return null;
  }

  private static Object bool(String text) {
    String trimmed = text.trim();
    if (trimmed.equalsIgnoreCase("true")) {
      return Boolean.TRUE;
    }
    if (trimmed.equalsIgnoreCase("false")) {
      return Boolean.FALSE;
    }
    throw new IllegalArgumentException("not true or false");
  }

  private static Object character(String text) {
    if (text.length() != 1) {
      throw new IllegalArgumentException("not one character");
    }
    return text.charAt(0);
  }

  private static Object instant(String text) {
    String trimmed = text.trim();
    if (!trimmed.isEmpty()
        && trimmed.chars().allMatch(c -> Character.isDigit(c) || c == '-')
        && trimmed.lastIndexOf('-') <= 0) {
      return Instant.ofEpochMilli(Long.parseLong(trimmed));
    }
    try {
      return Instant.parse(trimmed);
    } catch (DateTimeParseException e) {
      return OffsetDateTime.parse(trimmed).toInstant();
    }
  }

  private static Object uuid(String text) {
    String trimmed = text.trim();
    if (trimmed.length() != 36) {
      throw new IllegalArgumentException("a UUID has 36 characters");
    }
    return UUID.fromString(trimmed);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object enumConstant(Class<? extends Enum> type, String name) {
    for (Enum constant : type.getEnumConstants()) {
      if (constant.name().equals(name)) {
        return constant;
      }
    }
    for (Enum constant : type.getEnumConstants()) {
      if (constant.name().equalsIgnoreCase(name)) {
        return constant;
      }
    }
    throw new IllegalArgumentException("not a constant of " + type.getSimpleName());
  }
}
