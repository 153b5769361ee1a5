package dev.rowan.mapping.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.time.temporal.ChronoUnit;

/**
 * Stores the entity in one table per period of a time key part, the row-key articles' alternative
 * to a TTL: {@code @Table(name = "events")} with {@code @TablePerPeriod(property = "at", every =
 * ChronoUnit.MONTHS)} stores the events of November 2026 in {@code events_2026_11}, with their
 * views in {@code events_2026_11.<view>}. An old period is dropped whole (a table delete, no
 * compaction), and a period's tables hold its rows only, so no region serves rows of two periods.
 *
 * <p>The property is a row key (or column key) part of type {@code Instant} or {@code LocalDate};
 * periods are counted in UTC. Since the key names the period, every write, get and delete goes to
 * one period's tables. A query method must bound the property in each of its {@code Or} groups
 * ({@code Between}, {@code After}, {@code Before}, an equality or an {@code In}; {@code @AllowScan}
 * lifts this) and reads the periods the bounds span, one after the other, in the order of the
 * property (docs/row-keys.md, "Time-period tables").
 *
 * <p>{@code schema().create} creates the current period's tables and {@link #ahead()} more; {@code
 * schema().dropExpiredPeriods} drops the periods older than {@link #keep()}.
 *
 * @since 0.1
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE})
public @interface TablePerPeriod {

  /** The key part that names the period: an {@code Instant} or {@code LocalDate} field. */
  String property();

  /** The length of a period: {@code DAYS}, {@code MONTHS} or {@code YEARS}, in UTC. */
  ChronoUnit every() default ChronoUnit.MONTHS;

  /**
   * How many periods are kept, the current one included: older ones are dropped by {@code
   * schema().dropExpiredPeriods}. 0, the default, keeps every period.
   */
  int keep() default 0;

  /**
   * How many periods after the current one {@code schema().create} creates ahead of their first
   * write.
   */
  int ahead() default 1;
}
