package dev.rowan.it.model;

import java.util.List;
import java.util.Random;

/**
 * Random strings for the model tests of string conditions, and the model's string conditions:
 * values compare by code point, as keys and pushed filters encode them ({@link Entities#compare}).
 * The symbols are the empty string's neighbours: NUL, U+007F/U+0080 and U+07FF/U+0800 (where UTF-8
 * grows a byte), U+FFFD, U+FFFF and code points above it (whose UTF-16 order differs from their
 * code point order); strings of up to three are often prefixes of each other.
 */
final class StringConditions {

  private StringConditions() {}

  /** Code points that border on an encoding's edges, one per text element. */
  static final List<String> SYMBOLS = List.of("a", "b", "\0", "\u007f", "\u0080", "\u00e9", "\u07ff", "\u0800",
      "\ufffd", "\uffff", "\ud800\udc00", "\ud83d\ude00", "\udbff\udfff");

  /** A random string of up to 3 symbols, often empty or a single one. */
  static String text(Random r) {
    int length = r.nextInt(4);
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < length; i++) {
      text.append(Shape.pick(r, SYMBOLS));
    }
    return text.toString();
  }

  /**
   * A query argument: a random string, or one near a live value (the value, a prefix of it by code
   * points, or it with a symbol added), so that arguments and values are prefixes of each other.
   */
  static String argument(Random r, String live) {
    if (live == null || r.nextInt(3) == 0) {
      return text(r);
    }
    int[] points = live.codePoints().toArray();
    return switch (r.nextInt(3)) {
      case 0 -> live;
      case 1 -> new String(points, 0, r.nextInt(points.length + 1));
      default -> live + Shape.pick(r, SYMBOLS);
    };
  }

  static boolean between(String value, String from, String to) {
    return value != null && Entities.compare(value, from) >= 0 && Entities.compare(value, to) <= 0;
  }

  /**
   * Whether a {@code Between} from {@code from} to {@code to} is refused (its lower bound above its
   * upper bound, by code point; docs/queries.md); if so, checks that {@code call} throws an
   * {@code IllegalArgumentException} that names {@code method}.
   */
  static boolean refusedBetween(Verdict<?> v, String method, String from, String to, Runnable call) {
    if (Entities.compare(from, to) <= 0) {
      return false;
    }
    String text = Shape.call(method, from, to);
    try {
      call.run();
      v.fail(text, "IllegalArgumentException: the lower bound is above the upper bound", "an answer");
    } catch (IllegalArgumentException expected) {
      if (!expected.getMessage().contains(method)) {
        v.fail(text, "IllegalArgumentException naming " + method, expected.toString());
      }
      v.checks++;
    }
    return true;
  }

  static boolean after(String value, String from) {
    return value != null && Entities.compare(value, from) > 0;
  }

  static boolean atLeast(String value, String from) {
    return value != null && Entities.compare(value, from) >= 0;
  }

  static boolean before(String value, String to) {
    return value != null && Entities.compare(value, to) < 0;
  }

  static boolean atMost(String value, String to) {
    return value != null && Entities.compare(value, to) <= 0;
  }

  static boolean startsWith(String value, String prefix) {
    return value != null && value.startsWith(prefix);
  }

}
