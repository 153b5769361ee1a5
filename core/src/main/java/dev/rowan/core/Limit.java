package dev.rowan.core;

/**
 * The most results a query method returns, chosen at each call: the trailing {@code Limit}
 * parameter of a find method, as in Spring Data. It is applied as {@code First}/{@code Top} in the
 * name is (the smaller of the two wins): each scan asks the region servers for no more rows than it
 * needs ({@code Scan.setLimit}). As in Spring Data, {@code Limit.of(0)} (the same as {@code new
 * Limit(0)}) asks for no result: the call returns an empty result without reading. Immutable, so
 * thread-safe.
 *
 * @param max the most results, 0 or more; {@link Integer#MAX_VALUE} for no limit ({@link
 *     #unlimited()})
 * @since 0.1
 */
public record Limit(int max) {

  private static final Limit UNLIMITED = new Limit(Integer.MAX_VALUE);

  /**
   * Checks the number.
   *
   * @throws IllegalArgumentException when {@code max} is negative
   */
  public Limit {
    if (max < 0) {
      throw new IllegalArgumentException(
          "a limit is 0 or more results, not " + max + "; use Limit.unlimited() for no limit");
    }
  }

  /**
   * At most {@code max} results; 0 for none.
   *
   * @throws IllegalArgumentException when {@code max} is negative
   */
  public static Limit of(int max) {
    return new Limit(max);
  }

  /** No limit. */
  public static Limit unlimited() {
    return UNLIMITED;
  }

  /** Whether this limits the results: false only for {@link #unlimited()}. */
  public boolean isLimited() {
    return max < Integer.MAX_VALUE;
  }
}
