package dev.rowan.mapping.codec;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A time stored as its position in a cycle of fixed length, then the number of its cycle: keys of
 * every cycle share one range of positions, and each decodes to its exact time. Within one cycle
 * the byte order is the order of times.
 */
abstract class CyclicKeyCodec<V> implements KeyCodec<V> {

  private final Duration period;

  private CyclicKeyCodec(Duration period) {
    this.period = Objects.requireNonNull(period);
  }

  @Override
  public Duration cycle() {
    return period;
  }

  /**
   * A period as {@code @Cyclic} would write it: {@code P365D} for whole days, else as {@link
   * Duration#toString}.
   */
  static String text(Duration period) {
    return period.getNano() == 0 && period.getSeconds() % 86_400 == 0
        ? "P" + period.toDays() + "D"
        : period.toString();
  }

  /** The number of the cycle {@code value} lies in, counted from 1970-01-01. */
  abstract long cycleOf(V value);

  /** The first moment of cycle {@code cycle}, for messages. */
  abstract String startOf(long cycle);

  @Override
  public @Nullable String rangeProblem(@Nullable V low, @Nullable V high) {
    if (low == null || high == null) {
      return "a range on a @Cyclic(period = \""
          + text(period)
          + "\") key part needs both bounds (use Between):"
          + " an open range would span cycles, whose keys interleave";
    }
    long first = cycleOf(low);
    long last = cycleOf(high);
    if (first == last) {
      return null;
    }
    if (last - first > 1 || !lessThanOnePeriod(low, high)) {
      return "the range "
          + low
          + " to "
          + high
          + " is longer than the cycle of "
          + text(period)
          + "; a query on a @Cyclic key part may span at most one cycle";
    }
    return "the range "
        + low
        + " to "
        + high
        + " wraps the end of a cycle of "
        + text(period)
        + " at "
        + startOf(last)
        + "; query the two sides of it separately";
  }

  abstract boolean lessThanOnePeriod(V low, V high);

  @Override
  public boolean equals(Object other) {
    return other != null
        && other.getClass() == getClass()
        && ((CyclicKeyCodec<?>) other).period.equals(period);
  }

  @Override
  public int hashCode() {
    return getClass().hashCode() * 31 + period.hashCode();
  }

  /** Instants, in a cycle of whole seconds: position seconds, nanoseconds, cycle number. */
  static final class OfInstant extends CyclicKeyCodec<Instant> {

    private final long seconds;

    OfInstant(Duration period) {
      super(period);
      if (period.getNano() != 0 || period.getSeconds() <= 0) {
        throw new IllegalArgumentException(
            "the period of an Instant must be a positive whole number of seconds, not " + period);
      }
      this.seconds = period.getSeconds();
    }

    @Override
    public void encode(Instant value, KeyWriter out) {
      long second = value.getEpochSecond();
      out.putLong(Math.floorMod(second, seconds))
          .putInt(value.getNano())
          .putLong(Math.floorDiv(second, seconds) ^ Long.MIN_VALUE);
    }

    @Override
    public Instant decode(KeyReader in) {
      long position = in.getLong();
      int nano = in.getInt();
      long cycle = in.getLong() ^ Long.MIN_VALUE;
      return Instant.ofEpochSecond(cycle * seconds + position, nano);
    }

    @Override
    public int fixedWidth() {
      return 20;
    }

    @Override
    long cycleOf(Instant value) {
      return Math.floorDiv(value.getEpochSecond(), seconds);
    }

    @Override
    String startOf(long cycle) {
      return Instant.ofEpochSecond(cycle * seconds).toString();
    }

    @Override
    boolean lessThanOnePeriod(Instant low, Instant high) {
      return Duration.between(low, high).compareTo(cycle()) < 0;
    }
  }

  /** Dates, in a cycle of whole days: position day, cycle number. */
  static final class OfLocalDate extends CyclicKeyCodec<LocalDate> {

    private final long days;

    OfLocalDate(Duration period) {
      super(period);
      if (period.toSeconds() % 86_400 != 0 || period.getNano() != 0 || period.toDays() <= 0) {
        throw new IllegalArgumentException(
            "the period of a LocalDate must be a positive whole number of days, not " + period);
      }
      this.days = period.toDays();
    }

    @Override
    public void encode(LocalDate value, KeyWriter out) {
      long day = value.toEpochDay();
      out.putLong(Math.floorMod(day, days)).putLong(Math.floorDiv(day, days) ^ Long.MIN_VALUE);
    }

    @Override
    public LocalDate decode(KeyReader in) {
      long position = in.getLong();
      long cycle = in.getLong() ^ Long.MIN_VALUE;
      return LocalDate.ofEpochDay(cycle * days + position);
    }

    @Override
    public int fixedWidth() {
      return 16;
    }

    @Override
    long cycleOf(LocalDate value) {
      return Math.floorDiv(value.toEpochDay(), days);
    }

    @Override
    String startOf(long cycle) {
      return LocalDate.ofEpochDay(cycle * days).toString();
    }

    @Override
    boolean lessThanOnePeriod(LocalDate low, LocalDate high) {
      return high.toEpochDay() - low.toEpochDay() < days;
    }
  }
}
