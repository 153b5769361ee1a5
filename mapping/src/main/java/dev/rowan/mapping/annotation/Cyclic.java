package dev.rowan.mapping.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes an {@code Instant} or {@code LocalDate} row key part cyclic, the row-key articles' {@code
 * MM-DD-url} instead of {@code YY-MM-DD-url}: the key sorts first by the position of the time in a
 * cycle of {@link #period()} (counted from 1970-01-01T00:00Z), so that each cycle's rows fall into
 * the key ranges, and regions, the rows of the cycle before left empty when they expired. The
 * number of the cycle follows the position in the key, so the full time is read back exactly and
 * rows of two cycles never share a key.
 *
 * <p>Meant for tables whose families have a TTL: {@code schema().create} refuses a cycle that is
 * not longer than the TTL plus twice the major compaction interval. A query range on the part must
 * have both bounds ({@code Between}) and lie within one cycle; docs/row-keys.md says why.
 *
 * @since 0.1
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD})
public @interface Cyclic {

  /**
   * The length of the cycle as an ISO-8601 duration ({@code java.time.Duration.parse}), such as
   * {@code "P365D"} or {@code "PT24H"}: whole seconds for an {@code Instant}, whole days for a
   * {@code LocalDate}.
   */
  String period();
}
