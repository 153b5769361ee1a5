package dev.rowan.core;

/**
 * The most results a query method returns, chosen at each call: the trailing {@code Limit}
 * parameter of a find method, as in Spring Data. It is applied as {@code First}/{@code Top} in
 * the name is (the smaller of the two wins): each scan asks the region servers for no more rows
 * than it needs ({@code Scan.setLimit}).
 *
 * @param max the most results, or 0 for no limit
 */
public record Limit(int max) {

  private static final Limit UNLIMITED = new Limit(0);

  /** Checks the number. */
  public Limit {
    if (max < 0) {
      throw new IllegalArgumentException("a limit is at least 1 result (or unlimited), not " + max);
    }
  }

  /** At most {@code max} results. */
  public static Limit of(int max) {
    if (max < 1) {
      throw new IllegalArgumentException("a limit is at least 1 result, not " + max + "; use Limit.unlimited()");
    }
    return new Limit(max);
  }

  /** No limit. */
  public static Limit unlimited() {
    return UNLIMITED;
  }

  /** Whether this limits the results. */
  public boolean isLimited() {
    return max > 0;
  }
}
