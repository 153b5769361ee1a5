package dev.rowan.core.internal.query.plan;

import dev.rowan.core.internal.query.check.ConditionCheck;
import dev.rowan.core.internal.query.parse.Condition;
import dev.rowan.core.internal.query.parse.Keyword;
import dev.rowan.core.internal.query.plan.AccessPlan.Operation;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.InvalidValueException;
import dev.rowan.mapping.KeyLayout;
import dev.rowan.mapping.PropertyModel;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.MultiRowRangeFilter;
import org.apache.hadoop.hbase.filter.MultiRowRangeFilter.RowRange;
import org.apache.hadoop.hbase.util.Bytes;
import org.jspecify.annotations.Nullable;

/**
 * The HBase reads of one access plan for one call's arguments: the gets of whole keys, or one range
 * scan per key prefix (one per value of a part the plan skips over) and salt bucket, each bounded
 * by the plan's range, reversed for a reversed plan, resumed after a position, limited to about the
 * rows wanted, narrowed to the cells its {@link RowRead} names and filtered by the plan's pushed
 * conditions ({@link ResidualFilters}). A pure function of its inputs: no I/O; the cursor that
 * executes the reads merges the scans in key order.
 *
 * <p>A value that no stored key can hold (outside its part's domain, or a prefix longer than the
 * longest key of the table, which HBase could not even locate) matches nothing: its get or scan is
 * left out. Equal values of an {@code In} are read once.
 *
 * @param plan the access plan
 * @param entity the entity read
 * @param args the call's arguments
 * @param read what is read of each row
 * @param statusFamily the family of the protocol cells (the entity's first)
 * @param longestKey the longest row key the table read can have
 */
public record ScanSpec(
    AccessPlan plan,
    EntityModel<?> entity,
    Object[] args,
    RowRead read,
    byte[] statusFamily,
    int longestKey) {

  /**
   * The gets of the whole keys, in key order without salt (reversed for a reversed plan), none of a
   * row before {@code afterRow} (a row key without salt, or null to start at the beginning).
   */
  public List<Get> gets(byte @Nullable [] afterRow) {
    List<byte[]> keys = new ArrayList<>();
    Set<ByteBuffer> seen = new HashSet<>();
    for (Object[] values : prefixValues()) {
      List<byte[]> encoded = encodablePrefixes(values);
      if (encoded == null) {
        continue;
      }
      byte[] key = encoded.get(0);
      if (seen.add(ByteBuffer.wrap(key)) && (afterRow == null || compareRows(key, afterRow) >= 0)) {
        keys.add(key);
      }
    }
    keys.sort(this::compareKeys);
    Filter filter = read.wholeRows() ? null : read.filter(statusFamily, null);
    List<Get> gets = new ArrayList<>(keys.size());
    for (byte[] key : keys) {
      Get get = new Get(key);
      if (!read.wholeRows()) {
        read.narrow(get, statusFamily);
      }
      if (filter != null) {
        get.setFilter(filter);
      }
      gets.add(get);
    }
    return gets;
  }

  /**
   * The scans of the plan, one per salt bucket (one in all for a table without salt), each asking
   * for about {@code fetch} rows at a time ({@code Integer.MAX_VALUE}: as many as the client's
   * result size allows) and resuming right after {@code afterRow} (a row key without salt, or
   * null), in the row itself when {@code afterInRow} (a page that ended inside a wide row). A
   * bucket read for several key prefixes (the values of an {@code In}, those of a skipped part)
   * reads them all with one scan that a {@link MultiRowRangeFilter} keeps to their ranges, seeking
   * from one to the next in the region server, rather than with a scan of its own each: in key
   * order all the same.
   */
  public List<Scan> scans(int fetch, byte @Nullable [] afterRow, boolean afterInRow) {
    KeyLayout key = plan.key();
    int saltLength = key.saltLength();
    Filter residual = ResidualFilters.of(plan, entity, args);
    Filter filter = read.wholeRows() ? residual : read.filter(statusFamily, residual);
    Map<ByteBuffer, List<Bounded>> buckets = new LinkedHashMap<>();
    Set<ByteBuffer> seen = new HashSet<>();
    for (Object[] values : prefixValues()) {
      List<byte[]> prefixes =
          plan.access() == Operation.FULL_SCAN ? bucketPrefixes(key) : encodablePrefixes(values);
      if (prefixes == null) {
        continue;
      }
      for (byte[] prefix : prefixes) {
        if (!seen.add(ByteBuffer.wrap(prefix))) {
          continue;
        }
        KeyRange range =
            plan.range() == null
                ? KeyRange.prefix(prefix)
                : KeyRange.of(prefix, key.parts().get(plan.prefix().size()), plan.range(), args);
        if (range.isEmpty()) {
          continue;
        }
        byte[] salt = Arrays.copyOf(prefix, saltLength);
        buckets
            .computeIfAbsent(ByteBuffer.wrap(salt), b -> new ArrayList<>())
            .add(
                Bounded.of(range, afterRow == null ? null : Bytes.add(salt, afterRow), afterInRow));
      }
    }
    List<Scan> scans = new ArrayList<>();
    for (List<Bounded> ranges : buckets.values()) {
      // an In breaks the key order of the parts after it (QueryPlanner.keyOrder), so several
      // ranges are read forward; a reversed read keeps a scan per range
      if (ranges.size() == 1 || plan.reversed()) {
        for (Bounded only : ranges) {
          Scan scan = scan(fetch, filter);
          bound(scan, only.range(), only.resume(), only.resumeInRow());
          scans.add(scan);
        }
        continue;
      }
      List<Bounded> left = ranges.stream().filter(r -> !r.isEmpty()).toList();
      if (left.isEmpty()) {
        continue;
      }
      MultiRowRangeFilter within =
          new MultiRowRangeFilter(new ArrayList<>(left.stream().map(Bounded::rowRange).toList()));
      Scan scan =
          scan(
              fetch,
              filter == null
                  ? within
                  : new FilterList(FilterList.Operator.MUST_PASS_ALL, within, filter));
      byte[] lowest = left.get(0).lower();
      byte[] highest = left.get(0).range().stop();
      for (Bounded range : left) {
        if (Arrays.compareUnsigned(range.lower(), lowest) < 0) {
          lowest = range.lower();
        }
        if (highest.length > 0
            && (range.range().stop().length == 0
                || Arrays.compareUnsigned(range.range().stop(), highest) > 0)) {
          highest = range.range().stop();
        }
      }
      // from the first range to the last, every bound included: the filter keeps to the ranges
      scan.withStartRow(lowest, true);
      if (highest.length > 0) {
        scan.withStopRow(highest, true);
      }
      scans.add(scan);
    }
    return scans;
  }

  /**
   * The filter that keeps {@code scan}, one of {@link #scans}, to the ranges of its salt bucket
   * when it reads several, or null: a read that looks at the same rows again (a raw second look)
   * keeps to them too.
   */
  public static @Nullable MultiRowRangeFilter ranges(Scan scan) {
    Filter filter = scan.getFilter();
    if (filter instanceof MultiRowRangeFilter ranges) {
      return ranges;
    }
    if (filter instanceof FilterList list
        && !list.getFilters().isEmpty()
        && list.getFilters().get(0) instanceof MultiRowRangeFilter ranges) {
      return ranges; // scans() puts the ranges first, before the residual filter
    }
    return null;
  }

  /**
   * A scan narrowed to the cells read, limited to about {@code fetch} rows, with {@code filter}.
   */
  private Scan scan(int fetch, @Nullable Filter filter) {
    Scan scan = new Scan();
    if (!read.wholeRows()) {
      read.narrow(scan, statusFamily);
    }
    if (fetch < Integer.MAX_VALUE) {
      // about what a limit or page needs; the cursor reads on if rows are dropped
      scan.setLimit(AccessPlan.scanLimit(fetch));
    } // else the client's default: as many rows as fit hbase.client.scanner.max.result.size
    if (filter != null) {
      scan.setFilter(filter);
    }
    return scan;
  }

  /**
   * The rows of {@code range} (with salt) left to read forward after {@code resume} (a row key with
   * salt, or null: all of them), from that row itself when {@code resumeInRow}: from {@code lower}
   * to the range's stop (empty: the end of the table).
   */
  private record Bounded(
      KeyRange range,
      byte @Nullable [] resume,
      boolean resumeInRow,
      byte[] lower,
      boolean lowerInclusive) {

    static Bounded of(KeyRange range, byte @Nullable [] resume, boolean resumeInRow) {
      boolean resumed = resume != null && Arrays.compareUnsigned(resume, range.start()) >= 0;
      return new Bounded(
          range,
          resume,
          resumeInRow,
          resumed ? Objects.requireNonNull(resume) : range.start(),
          !resumed || resumeInRow);
    }

    /** Whether no row is left to read. */
    boolean isEmpty() {
      return range.stop().length > 0 && Arrays.compareUnsigned(lower, range.stop()) >= 0;
    }

    /** The rows left, as a region server's {@link MultiRowRangeFilter} takes them. */
    RowRange rowRange() {
      return new RowRange(lower, lowerInclusive, range.stop(), false);
    }
  }

  /**
   * Sets the rows {@code scan} runs between: {@code range}, from after {@code resume} when it is
   * inside it.
   */
  private void bound(Scan scan, KeyRange range, byte @Nullable [] resume, boolean resumeInRow) {
    if (plan.reversed()) {
      scan.setReversed(true);
      if (resume != null
          && (range.stop().length == 0 || Arrays.compareUnsigned(resume, range.stop()) < 0)) {
        scan.withStartRow(resume, resumeInRow);
      } else if (range.stop().length > 0) {
        scan.withStartRow(range.stop(), false);
      }
      scan.withStopRow(range.start(), true);
    } else {
      boolean resumeLater = resume != null && Arrays.compareUnsigned(resume, range.start()) >= 0;
      scan.withStartRow(resumeLater ? resume : range.start(), !resumeLater || resumeInRow);
      if (range.stop().length > 0) {
        scan.withStopRow(range.stop(), false);
      }
    }
  }

  /**
   * The order of two keys in the plan's direction, salt ignored; {@code unsalted} is a key without
   * its salt byte.
   */
  public int compareRows(byte[] key, byte[] unsalted) {
    int saltLength = plan.key().saltLength();
    int order =
        Bytes.compareTo(key, saltLength, key.length - saltLength, unsalted, 0, unsalted.length);
    return plan.reversed() ? -order : order;
  }

  /** The order of two keys with salt in the plan's direction, salt ignored. */
  public int compareKeys(byte @Nullable [] a, byte @Nullable [] b) {
    int saltLength = plan.key().saltLength();
    int order =
        Bytes.compareTo(
            a,
            saltLength,
            Objects.requireNonNull(a, "a cursor's entities have row keys").length - saltLength,
            b,
            saltLength,
            Objects.requireNonNull(b, "a cursor's entities have row keys").length - saltLength);
    return plan.reversed() ? -order : order;
  }

  /**
   * The key prefixes of the prefix values ({@link KeyLayout#scanPrefixes}), or null when no stored
   * key can hold them: an equality with such a value matches nothing.
   */
  private @Nullable List<byte[]> encodablePrefixes(Object[] values) {
    List<byte[]> prefixes;
    try {
      prefixes = plan.key().scanPrefixes(values, plan.prefix().size());
    } catch (InvalidValueException unencodable) {
      return null;
    }
    return prefixes.stream().anyMatch(prefix -> prefix.length > longestKey) ? null : prefixes;
  }

  private static List<byte[]> bucketPrefixes(KeyLayout key) {
    if (key.salt() == null) {
      return List.of(new byte[0]);
    }
    List<byte[]> prefixes = new ArrayList<>();
    for (int bucket = 0; bucket < key.salt().buckets(); bucket++) {
      prefixes.add(new byte[] {(byte) bucket});
    }
    return prefixes;
  }

  /**
   * One value array per combination of the values the prefix conditions bind, every value of a
   * skipped part included.
   */
  List<Object[]> prefixValues() {
    List<Object[]> combinations = new ArrayList<>();
    combinations.add(new Object[entity.properties().size()]);
    for (Condition condition : plan.prefix()) {
      PropertyModel property = entity.property(condition.property());
      int slot = property.index();
      List<?> choices =
          condition.isEveryValue()
              ? QueryPlanner.everyValue(property.type())
              : condition.keyword() == Keyword.IN
                  ? List.copyOf(
                      new LinkedHashSet<>(ConditionCheck.values(args[condition.parameter()])))
                  : List.of(args[condition.parameter()]);
      List<Object[]> next = new ArrayList<>();
      for (Object[] partial : combinations) {
        for (Object choice :
            Objects.requireNonNull(choices, "the planner skips only enum or boolean key parts")) {
          Object[] values = partial.clone();
          values[slot] = choice;
          next.add(values);
        }
      }
      combinations = next;
    }
    return combinations;
  }
}
