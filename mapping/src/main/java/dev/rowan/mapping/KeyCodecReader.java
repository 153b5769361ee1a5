package dev.rowan.mapping;

import dev.rowan.mapping.annotation.Cyclic;
import dev.rowan.mapping.annotation.Descending;
import dev.rowan.mapping.annotation.FixedLength;
import dev.rowan.mapping.annotation.Reversed;
import dev.rowan.mapping.codec.KeyCodec;
import dev.rowan.mapping.codec.KeyCodecs;
import java.lang.reflect.Field;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Chooses the key codec of a field from its type and its key annotations ({@code @FixedLength},
 * {@code @Descending}, {@code @Reversed}), reporting what cannot be combined to the {@link
 * ModelReader} that asks.
 *
 * <p>Thread-safety: not thread-safe; one per model being read.
 */
final class KeyCodecReader {

  private final String entity;
  private final Consumer<String> problems;

  KeyCodecReader(String entity, Consumer<String> problems) {
    this.entity = entity;
    this.problems = problems;
  }

  /** The key codec of a field with its transforms, or null when its type has none. */
  @Nullable KeyCodec<?> of(Field field) {
    Class<?> fieldType = field.getType();
    FixedLength fixed = field.getAnnotation(FixedLength.class);
    boolean descending = field.isAnnotationPresent(Descending.class);
    boolean reversed = field.isAnnotationPresent(Reversed.class);
    if (reversed && fieldType != String.class) {
      problem(name(field) + " is @Reversed but is not a String");
      reversed = false;
    }
    KeyCodec<?> codec = KeyCodecs.natural(fieldType);
    Cyclic cyclic = field.getAnnotation(Cyclic.class);
    if (cyclic != null) {
      if (fixed != null || reversed) {
        problem(
            name(field) + " is @Cyclic and @FixedLength or @Reversed; a cyclic time takes neither");
        return codec;
      }
      codec = cyclic(field, cyclic.period());
      if (codec == null) {
        return KeyCodecs.natural(fieldType);
      }
      return descending ? KeyCodecs.descending(codec) : codec;
    }
    if (fixed != null) {
      codec = fixedLength(field, fixed.value(), descending);
      if (codec == null || isWholeNumber(fieldType)) {
        return codec; // decimal digits handle their own descending order, readably
      }
    }
    if (codec == null) {
      if (fixed != null || descending || reversed) {
        problem(
            name(field)
                + " has key transforms but type "
                + fieldType.getName()
                + " cannot be a key part");
      }
      return null;
    }
    if (reversed) {
      @SuppressWarnings("unchecked")
      KeyCodec<String> text = (KeyCodec<String>) codec;
      codec = KeyCodecs.reversed(text);
    }
    return descending ? KeyCodecs.descending(codec) : codec;
  }

  /**
   * How a field is encoded as a key part, in words that change exactly when its bytes do: the boxed
   * type (any enum is {@code enum}: constants are stored by name), then its transforms in a fixed
   * order, as in {@code "String fixed(8) reversed descending"}.
   */
  static String form(Field field) {
    Class<?> type = Types.box(field.getType());
    StringBuilder form = new StringBuilder(type.isEnum() ? "enum" : type.getSimpleName());
    FixedLength fixed = field.getAnnotation(FixedLength.class);
    if (fixed != null) {
      form.append(" fixed(").append(fixed.value()).append(')');
    }
    if (field.isAnnotationPresent(Reversed.class)) {
      form.append(" reversed");
    }
    Cyclic cyclic = field.getAnnotation(Cyclic.class);
    if (cyclic != null) {
      form.append(" cyclic(").append(periodText(cyclic.period())).append(')');
    }
    if (field.isAnnotationPresent(Descending.class)) {
      form.append(" descending");
    }
    return form.toString();
  }

  /**
   * A period in one spelling per length ({@code P365D}, not {@code PT8760H}), or as written when it
   * is not one.
   */
  private static String periodText(String text) {
    try {
      Duration period = Duration.parse(text);
      return period.getNano() == 0 && period.getSeconds() % 86_400 == 0
          ? "P" + period.toDays() + "D"
          : period.toString();
    } catch (DateTimeParseException e) {
      return text;
    }
  }

  /** The cyclic codec of {@code field}, or null after reporting why it has none. */
  private @Nullable KeyCodec<?> cyclic(Field field, String text) {
    Class<?> fieldType = field.getType();
    if (fieldType != Instant.class && fieldType != LocalDate.class) {
      problem(
          name(field)
              + " is @Cyclic but has type "
              + fieldType.getName()
              + "; only an Instant or a LocalDate"
              + " can be cyclic");
      return null;
    }
    Duration period;
    try {
      period = Duration.parse(text);
    } catch (DateTimeParseException e) {
      problem(
          name(field)
              + " has @Cyclic(period = \""
              + text
              + "\"), which is not an ISO-8601 duration such as"
              + " \"P365D\" or \"PT24H\"");
      return null;
    }
    try {
      return KeyCodecs.cyclic(fieldType, period);
    } catch (IllegalArgumentException e) {
      problem(name(field) + " has @Cyclic(period = \"" + text + "\"): " + e.getMessage());
      return null;
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private @Nullable KeyCodec<?> fixedLength(Field field, int width, boolean descending) {
    Class<?> fieldType = field.getType();
    if (width < 1) {
      problem(name(field) + " has @FixedLength(" + width + "); the width must be at least 1");
      return null;
    }
    if (fieldType == String.class) {
      return KeyCodecs.fixedLengthString(width);
    }
    if (fieldType == byte[].class) {
      return KeyCodecs.fixedLengthBytes(width);
    }
    if (fieldType.isEnum()) {
      return KeyCodecs.fixedLengthEnum((Class) fieldType, width);
    }
    if (isWholeNumber(fieldType)) {
      if (width > 19) {
        problem(
            name(field) + " has @FixedLength(" + width + "); whole numbers take at most 19 digits");
        return null;
      }
      return KeyCodecs.decimalDigits((Class) fieldType, width, descending);
    }
    problem(
        name(field)
            + " has @FixedLength but type "
            + fieldType.getName()
            + " has no fixed-length form (use String, byte[], an enum or a whole number)");
    return null;
  }

  private static boolean isWholeNumber(Class<?> type) {
    return type == long.class
        || type == Long.class
        || type == int.class
        || type == Integer.class
        || type == short.class
        || type == Short.class
        || type == byte.class
        || type == Byte.class;
  }

  private String name(Field field) {
    return entity + "." + field.getName();
  }

  private void problem(String problem) {
    problems.accept(problem);
  }
}
