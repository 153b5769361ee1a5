package dev.rowan.spring.support;

import java.util.Arrays;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;

/**
 * A {@link Pageable} that a Rowan {@code Slice} returned: page {@code n} of a query method's
 * results, carrying the keyset position where the previous page ended (Rowan's page token), so that
 * the page is read from there, never by skipping an offset. {@code slice.nextPageable()} is one; a
 * {@code Pageable} of page 1 or later that Rowan did not return is refused by the method. Its order
 * is the method's own ({@code OrderBy} in its name, else key order): {@link #getSort()} is
 * unsorted. {@link #getOffset()} is nominal ({@code page * size}); nothing is skipped by it.
 *
 * <p>Thread-safety: immutable.
 */
final class RowanPageable implements Pageable {

  private final int page;
  private final int size;

  /** Where this page starts (Rowan's token of the previous page's last entity), null for page 0. */
  private final byte @Nullable [] start;

  /** Where the following page starts, null when none follows or it is not known yet. */
  private final byte @Nullable [] next;

  RowanPageable(int page, int size, byte @Nullable [] start, byte @Nullable [] next) {
    if (page < 0 || size < 1) {
      throw new IllegalArgumentException("page " + page + " of size " + size);
    }
    this.page = page;
    this.size = size;
    this.start = start;
    this.next = next;
  }

  /** Rowan's token of where this page starts, or null for the first page. */
  byte @Nullable [] start() {
    return start;
  }

  @Override
  public int getPageNumber() {
    return page;
  }

  @Override
  public int getPageSize() {
    return size;
  }

  @Override
  public long getOffset() {
    return (long) page * size;
  }

  @Override
  public Sort getSort() {
    return Sort.unsorted();
  }

  /**
   * The following page: continues where this one ended when this pageable came with a slice that
   * has a next page; otherwise a plain {@code PageRequest}, which a Rowan method refuses.
   */
  @Override
  public Pageable next() {
    return next != null
        ? new RowanPageable(page + 1, size, next, null)
        : PageRequest.of(page + 1, size);
  }

  @Override
  public Pageable previousOrFirst() {
    return first();
  }

  @Override
  public Pageable first() {
    return PageRequest.of(0, size);
  }

  @Override
  public Pageable withPage(int pageNumber) {
    return pageNumber == page ? this : PageRequest.of(pageNumber, size);
  }

  @Override
  public boolean hasPrevious() {
    return page > 0;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof RowanPageable that
        && page == that.page
        && size == that.size
        && Arrays.equals(start, that.start)
        && Arrays.equals(next, that.next);
  }

  @Override
  public int hashCode() {
    return Objects.hash(page, size, Arrays.hashCode(start));
  }

  @Override
  public String toString() {
    return "Rowan page "
        + page
        + " of size "
        + size
        + (start == null ? "" : " (continued by keyset)");
  }
}
