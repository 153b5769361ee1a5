package dev.rowan.mapping;

import dev.rowan.mapping.annotation.TablePerPeriod;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * How an entity of {@link TablePerPeriod} is spread over one table per period: the property that
 * names the period, the length of a period, and the names of each period's tables. A period is
 * named by the day it starts on (UTC).
 *
 * <p>Thread-safety: immutable.
 *
 * @since 0.1
 */
public final class PeriodModel {

  private final PropertyModel property;
  private final ChronoUnit unit;
  private final int keep;
  private final int ahead;

  PeriodModel(PropertyModel property, ChronoUnit unit, int keep, int ahead) {
    this.property = property;
    this.unit = unit;
    this.keep = keep;
    this.ahead = ahead;
  }

  /** The key part whose value names the period. */
  public PropertyModel property() {
    return property;
  }

  /** The length of a period: days, months or years. */
  public ChronoUnit unit() {
    return unit;
  }

  /** How many periods are kept, the current one included; 0 keeps every period. */
  public int keep() {
    return keep;
  }

  /** How many periods after the current one are created ahead. */
  public int ahead() {
    return ahead;
  }

  /**
   * The first and last days that periods are counted in: table names hold a year of four digits.
   */
  private static final LocalDate FIRST_DAY = LocalDate.of(1, 1, 1);

  private static final LocalDate LAST_DAY = LocalDate.of(9999, 12, 31);

  /**
   * The period of {@code value}, an {@code Instant} or a {@code LocalDate} of the property: the day
   * the period starts on.
   *
   * @throws InvalidValueException when the value is null, of another type, or outside the years 1
   *     to 9999 (a table's name holds its period's year in four digits), naming the property
   */
  public LocalDate periodOf(@Nullable Object value) {
    LocalDate day = dayOf(value);
    if (day == null || day.isBefore(FIRST_DAY) || day.isAfter(LAST_DAY)) {
      throw InvalidValueException.of(
          property.qualifiedName(),
          value
              + " names no period table: periods are"
              + " of the years 0001 to 9999 (UTC), which table names hold in four digits");
    }
    return start(day);
  }

  /**
   * The period of {@code value} as a bound of a query: as {@link #periodOf}, but a time before the
   * year 1 or after 9999 is the first or last period there can be.
   */
  public LocalDate periodOfBound(@Nullable Object value) {
    LocalDate day = dayOf(value);
    if (day == null) {
      return start(
          value instanceof Instant instant && instant.isBefore(Instant.EPOCH)
              ? FIRST_DAY
              : LAST_DAY);
    }
    return start(day.isBefore(FIRST_DAY) ? FIRST_DAY : day.isAfter(LAST_DAY) ? LAST_DAY : day);
  }

  /**
   * The day of {@code value} in UTC; null for an {@code Instant} beyond the days a {@code
   * LocalDate} holds.
   */
  private @Nullable LocalDate dayOf(@Nullable Object value) {
    if (value instanceof Instant instant) {
      try {
        return LocalDate.ofInstant(instant, ZoneOffset.UTC);
      } catch (DateTimeException beyond) {
        return null;
      }
    }
    if (value instanceof LocalDate date) {
      return date;
    }
    throw InvalidValueException.of(
        property.qualifiedName(),
        "it names the table of its period and cannot be "
            + (value == null ? "null" : "a " + value.getClass().getName()));
  }

  /** The day the period of {@code day} starts on. */
  private LocalDate start(LocalDate day) {
    return switch (unit) {
      case DAYS -> day;
      case MONTHS -> day.withDayOfMonth(1);
      case YEARS -> day.withDayOfYear(1);
      default -> throw new IllegalStateException("not a period: " + unit);
    };
  }

  /** The period of the entity whose values are {@code values}. */
  public LocalDate periodOfValues(@Nullable Object[] values) {
    return periodOf(values[property.index()]);
  }

  /** The period {@code count} periods after {@code period} (before it when negative). */
  public LocalDate plus(LocalDate period, long count) {
    return period.plus(count, unit);
  }

  /**
   * The periods from {@code first} to {@code last}, both included, in order; empty when {@code
   * last} is before.
   */
  public List<LocalDate> between(LocalDate first, LocalDate last) {
    List<LocalDate> periods = new ArrayList<>();
    for (LocalDate period = periodOf(first); !period.isAfter(last); period = plus(period, 1)) {
      periods.add(period);
    }
    return periods;
  }

  /**
   * The suffix of the tables of {@code period}: {@code _2026}, {@code _2026_11} or {@code
   * _2026_11_24}.
   */
  public String suffix(LocalDate period) {
    return switch (unit) {
      case YEARS -> String.format("_%04d", period.getYear());
      case MONTHS -> String.format("_%04d_%02d", period.getYear(), period.getMonthValue());
      default ->
          String.format(
              "_%04d_%02d_%02d", period.getYear(), period.getMonthValue(), period.getDayOfMonth());
    };
  }

  /** How the tables of a period are named, for messages: {@code events_YYYY_MM}. */
  public String pattern(String tableName) {
    return tableName
        + switch (unit) {
          case YEARS -> "_YYYY";
          case MONTHS -> "_YYYY_MM";
          default -> "_YYYY_MM_DD";
        };
  }

  /**
   * The name of {@code period}'s table of {@code name}, the entity's main table name ({@code
   * events} to {@code events_2026_11}) or one of its view tables ({@code events.seller} to {@code
   * events_2026_11.seller}).
   *
   * @throws IllegalArgumentException when {@code name} is not a table of {@code entityTable}
   */
  public String tableName(String entityTable, String name, LocalDate period) {
    if (!name.equals(entityTable) && !name.startsWith(entityTable + ".")) {
      throw new IllegalArgumentException(name + " is not a table of " + entityTable);
    }
    return entityTable + suffix(period) + name.substring(entityTable.length());
  }

  /**
   * The period whose main table is {@code tableName}, or null when it is no period's of {@code
   * entityTable}.
   */
  public @Nullable LocalDate periodOfTable(String entityTable, String tableName) {
    if (!tableName.startsWith(entityTable)) {
      return null;
    }
    Matcher matcher = SUFFIX.matcher(tableName.substring(entityTable.length()));
    if (!matcher.matches()) {
      return null;
    }
    boolean month = matcher.group(2) != null;
    boolean day = matcher.group(3) != null;
    if (month != (unit != ChronoUnit.YEARS) || day != (unit == ChronoUnit.DAYS)) {
      return null;
    }
    try {
      LocalDate period =
          LocalDate.of(
              Integer.parseInt(matcher.group(1)),
              month ? Integer.parseInt(matcher.group(2)) : 1,
              day ? Integer.parseInt(matcher.group(3)) : 1);
      return suffix(period).equals(tableName.substring(entityTable.length())) ? period : null;
    } catch (DateTimeException notADate) {
      return null;
    }
  }

  private static final Pattern SUFFIX = Pattern.compile("_(\\d{4})(?:_(\\d{2}))?(?:_(\\d{2}))?");

  /**
   * The part of a table's layout the periods decide: which key part picks a row's table, and the
   * length of a period (which names the tables), as {@link TableLayout} records it: {@code one
   * table per MONTHS of at (UTC)}. Neither {@code keep} nor {@code ahead} is in it.
   */
  public String layout() {
    return "one table per " + unit.name() + " of " + property.name() + " (UTC)";
  }

  /**
   * The length of the periods whose tables are named as {@code tableName} is, a table of {@code
   * entityTable} or one of its views ({@code events_2026_11} and {@code events_2026_11.seller} are
   * of {@code MONTHS}); null when it is named as no period's.
   */
  public static @Nullable ChronoUnit unitOfTable(String entityTable, String tableName) {
    if (!tableName.startsWith(entityTable)) {
      return null;
    }
    String suffix = tableName.substring(entityTable.length());
    int view = suffix.indexOf('.');
    Matcher matcher = SUFFIX.matcher(view < 0 ? suffix : suffix.substring(0, view));
    if (!matcher.matches() || (matcher.group(2) == null && matcher.group(3) != null)) {
      return null;
    }
    try {
      LocalDate.of(
          Integer.parseInt(matcher.group(1)),
          matcher.group(2) == null ? 1 : Integer.parseInt(matcher.group(2)),
          matcher.group(3) == null ? 1 : Integer.parseInt(matcher.group(3)));
    } catch (DateTimeException notADate) {
      return null;
    }
    return matcher.group(3) != null
        ? ChronoUnit.DAYS
        : matcher.group(2) != null ? ChronoUnit.MONTHS : ChronoUnit.YEARS;
  }

  /**
   * What {@code explain} and messages say of the periods: {@code one table per month by Event.at
   * (events_YYYY_MM)}.
   */
  public String describe(String tableName) {
    String length =
        switch (unit) {
          case YEARS -> "year";
          case MONTHS -> "month";
          default -> "day";
        };
    return "one table per "
        + length
        + " of "
        + property.qualifiedName()
        + " ("
        + pattern(tableName)
        + ", UTC)";
  }
}
