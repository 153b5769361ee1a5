package dev.rowan.core.internal.query.plan;

import dev.rowan.core.internal.query.check.ConditionCheck;
import dev.rowan.core.internal.query.parse.Condition;
import dev.rowan.core.internal.query.parse.Keyword;
import dev.rowan.index.ProtocolCells.Qualifier;
import dev.rowan.index.RowStatus;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.filter.BinaryComparator;
import org.apache.hadoop.hbase.filter.BinaryPrefixComparator;
import org.apache.hadoop.hbase.filter.ByteArrayComparable;
import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.RegexStringComparator;
import org.apache.hadoop.hbase.filter.SingleColumnValueFilter;
import org.jspecify.annotations.Nullable;

/**
 * The residual conditions of a plan that region servers evaluate, as HBase filters, so rows that
 * cannot match are not sent to the client. A filter may keep rows that do not match, never drop one
 * that does: every condition is still checked on each entity read ({@link ConditionCheck}). Pushed
 * down, on columns the table read holds:
 *
 * <ul>
 *   <li>{@code IsNotNull} on every column, and {@code IsNull} on the columns of a main table:
 *       whether the cell exists (a cell holding no bytes, an empty string, exists). A save deletes
 *       the cells of a main row's null columns, but a view row keeps the cell of a column that
 *       became null and names the column in its status cell instead, which readers obey: an {@code
 *       IsNull} filter on a view would drop such a row, so there it is checked in the client only;
 *   <li>{@code Not} and {@code NotIn} on every column: equal cells hold equal values, so a cell
 *       equal to the argument's cannot match;
 *   <li>{@code Equals} and {@code In} on columns whose cell encoding is canonical, one cell per
 *       value: not {@code BigDecimal}, whose scale is encoded ({@code 1.0} and {@code 1.00}
 *       differ), nor floating point, with its several NaNs and its two zeros;
 *   <li>ranges ({@code LessThan}, {@code Between}, {@code After}, ...) on columns whose cells sort
 *       as their values do (String as UTF-8, by code point; byte[]; char, an unsigned 16-bit
 *       number) and on those whose fixed-width cells lead with a two's complement sign (byte,
 *       short, int, long, LocalDate as its epoch day, Instant and LocalDateTime as epoch seconds
 *       then nanoseconds), as at most two byte ranges ({@link CellRanges}). Not pushed: float and
 *       double (IEEE bits: negative values sort backwards, NaNs have many encodings), BigDecimal
 *       (scale, then unscaled bytes), UUID (compared as two signed longs, which needs more than two
 *       byte ranges), enums (stored by name, compared in declaration order), booleans;
 *   <li>{@code StartingWith}, {@code EndingWith}, {@code Containing} and {@code NotContaining} on
 *       String columns, whose cells are UTF-8: the argument's UTF-8 bytes as a prefix, or as an
 *       exact, case-sensitive regular expression over the cell's bytes read as ISO-8859-1 (one
 *       character per byte). A UTF-8 byte sequence found in another is found at a character
 *       boundary, so bytes agree with code points. HBase's {@code SubstringComparator} would not
 *       do: it compares lower-cased.
 * </ul>
 *
 * <p>On a view, a filter never drops a row that is not verified, nor a retired one: the reader
 * checks such a row against its main row, whose values may match where the view row's do not.
 *
 * <p>Thread-safety: stateless.
 */
final class ResidualFilters {

  private static final byte VERIFIED = new RowStatus(RowStatus.State.VERIFIED, 0, 0).encode()[0];

  private ResidualFilters() {}

  /**
   * The residual conditions of {@code plan} that are pushed down. None on the main table of a wide
   * entity: a column filter sees a row, and a wide row holds many entities whose qualifiers start
   * with their column keys, so it would keep or drop them all together.
   */
  static List<Condition> pushed(AccessPlan plan, EntityModel<?> entity) {
    List<Condition> pushed = new ArrayList<>();
    if (plan.view() == null && entity.isWide()) {
      return pushed;
    }
    for (Condition condition : plan.residual()) {
      PropertyModel property = entity.property(condition.property());
      // a packed view row's columns are in one value, which no filter of HBase's can read
      boolean held =
          plan.view() == null
              || !plan.view().isPacked() && plan.view().carried().contains(property);
      // a view row may keep a cell of a column its status cell names null, and the main row of an
      // entity
      // that keeps history the cells of earlier versions: IsNull is not a cell's absence there
      boolean absenceIsNull =
          plan.view() == null && !entity.keepsHistory() || condition.keyword() != Keyword.IS_NULL;
      if (property.role() == PropertyModel.Role.COLUMN
          && held
          && absenceIsNull
          && pushable(condition.keyword(), property.type())) {
        pushed.add(condition);
      }
    }
    return pushed;
  }

  /** Whether a condition with {@code keyword} on a column of {@code type} is pushed down. */
  static boolean pushable(Keyword keyword, Class<?> type) {
    return switch (keyword) {
      case IS_NULL, IS_NOT_NULL, NOT, NOT_IN -> true;
      case EQUALS, IN -> canonical(type);
      case STARTING_WITH, ENDING_WITH, CONTAINING, NOT_CONTAINING -> type == String.class;
      case BETWEEN, LESS_THAN, LESS_THAN_EQUAL, GREATER_THAN, GREATER_THAN_EQUAL ->
          byteOrdered(type) || signFirst(type);
    };
  }

  /**
   * The filter of the pushed conditions with the arguments {@code args}, or null when none is
   * pushed.
   */
  public static @Nullable Filter of(AccessPlan plan, EntityModel<?> entity, Object[] args) {
    List<Filter> filters = new ArrayList<>();
    for (Condition condition : pushed(plan, entity)) {
      filters.add(filter(entity.property(condition.property()), condition, args));
    }
    if (filters.isEmpty()) {
      return null;
    }
    Filter all = allOf(filters);
    ViewModel view = plan.view();
    if (view == null) {
      return all;
    }
    SingleColumnValueFilter unverified =
        new SingleColumnValueFilter(
            view.statusFamily(),
            Qualifier.VIEW_STATUS.bytes(),
            CompareOperator.NOT_EQUAL,
            new BinaryPrefixComparator(new byte[] {VERIFIED}));
    unverified.setLatestVersionOnly(true);
    // a retired row stands for no values, but tells the reader where its entity went: it passes
    // (whatever status is under its retired cell)
    SingleColumnValueFilter retired =
        new SingleColumnValueFilter(
            view.statusFamily(),
            Qualifier.VIEW_RETIRED.bytes(),
            CompareOperator.NOT_EQUAL,
            new BinaryComparator(new byte[0]));
    retired.setFilterIfMissing(true);
    retired.setLatestVersionOnly(true);
    return new FilterList(FilterList.Operator.MUST_PASS_ONE, unverified, retired, all);
  }

  /** The filter of one pushed condition on {@code property}. */
  static Filter filter(PropertyModel property, Condition condition, Object[] args) {
    Keyword keyword = condition.keyword();
    if (keyword == Keyword.IS_NULL) {
      // kept when the cell is missing; no cell is below the empty array, so a present one is
      // dropped
      return filter(property, CompareOperator.LESS, new BinaryComparator(new byte[0]), false);
    }
    if (keyword == Keyword.IS_NOT_NULL) {
      return present(property); // every cell, an empty one included, is at or above the empty array
    }
    Object value = args[condition.parameter()];
    return switch (keyword) {
      case EQUALS -> compare(property, CompareOperator.EQUAL, value);
      case NOT -> compare(property, CompareOperator.NOT_EQUAL, value);
      case IN -> {
        List<Filter> anyOf = new ArrayList<>();
        for (Object one : ConditionCheck.values(value)) {
          anyOf.add(compare(property, CompareOperator.EQUAL, one));
        }
        yield anyOf.size() == 1
            ? anyOf.get(0)
            : new FilterList(FilterList.Operator.MUST_PASS_ONE, anyOf);
      }
      case NOT_IN -> {
        List<Filter> noneOf = new ArrayList<>();
        for (Object one : ConditionCheck.values(value)) {
          noneOf.add(compare(property, CompareOperator.NOT_EQUAL, one));
        }
        yield noneOf.isEmpty() ? present(property) : allOf(noneOf);
      }
      case LESS_THAN -> range(property, null, false, value, false);
      case LESS_THAN_EQUAL -> range(property, null, false, value, true);
      case GREATER_THAN -> range(property, value, false, null, false);
      case GREATER_THAN_EQUAL -> range(property, value, true, null, false);
      case BETWEEN -> range(property, value, true, args[condition.parameter() + 1], true);
      case STARTING_WITH ->
          filter(
              property,
              CompareOperator.EQUAL,
              new BinaryPrefixComparator(
                  Objects.requireNonNull(property.valueCodec(), "a column has a value codec")
                      .encode(value)),
              true);
      case ENDING_WITH ->
          filter(property, CompareOperator.EQUAL, bytesPattern(property, value, "\\z"), true);
      case CONTAINING ->
          filter(property, CompareOperator.EQUAL, bytesPattern(property, value, ""), true);
      case NOT_CONTAINING ->
          filter(property, CompareOperator.NOT_EQUAL, bytesPattern(property, value, ""), true);
      case IS_NULL, IS_NOT_NULL -> throw new IllegalStateException("handled above");
    };
  }

  /**
   * The cells of {@code property} between {@code low} and {@code high} (null for no bound), in
   * value order.
   */
  private static Filter range(
      PropertyModel property,
      @Nullable Object low,
      boolean lowInclusive,
      @Nullable Object high,
      boolean highInclusive) {
    byte[] lowCell =
        low == null
            ? null
            : Objects.requireNonNull(property.valueCodec(), "a column has a value codec")
                .encode(low);
    byte[] highCell =
        high == null
            ? null
            : Objects.requireNonNull(property.valueCodec(), "a column has a value codec")
                .encode(high);
    List<Filter> anyOf = new ArrayList<>();
    for (CellRanges.Range range :
        CellRanges.of(lowCell, lowInclusive, highCell, highInclusive, signFirst(property.type()))) {
      List<Filter> bounds = new ArrayList<>();
      if (range.low() != null) {
        bounds.add(
            filter(
                property,
                range.lowInclusive() ? CompareOperator.GREATER_OR_EQUAL : CompareOperator.GREATER,
                new BinaryComparator(range.low()),
                true));
      }
      if (range.high() != null) {
        bounds.add(
            filter(
                property,
                range.highInclusive() ? CompareOperator.LESS_OR_EQUAL : CompareOperator.LESS,
                new BinaryComparator(range.high()),
                true));
      }
      anyOf.add(bounds.isEmpty() ? present(property) : allOf(bounds));
    }
    if (anyOf.isEmpty()) { // no value lies in the range: no cell is below the empty array
      return filter(property, CompareOperator.LESS, new BinaryComparator(new byte[0]), true);
    }
    return anyOf.size() == 1
        ? anyOf.get(0)
        : new FilterList(FilterList.Operator.MUST_PASS_ONE, anyOf);
  }

  /**
   * A comparator that matches the cells holding the cell bytes (UTF-8) of {@code text}, then {@code
   * anchor} (a regular expression: {@code \z} for the end), read one character per byte: exact and
   * case-sensitive, unlike {@code SubstringComparator}.
   */
  private static RegexStringComparator bytesPattern(
      PropertyModel property, Object text, String anchor) {
    String bytes =
        new String(
            Objects.requireNonNull(property.valueCodec(), "a column has a value codec")
                .encode(text),
            StandardCharsets.ISO_8859_1);
    RegexStringComparator comparator = new RegexStringComparator(Pattern.quote(bytes) + anchor, 0);
    comparator.setCharset(StandardCharsets.ISO_8859_1);
    return comparator;
  }

  private static Filter allOf(List<Filter> filters) {
    return filters.size() == 1
        ? filters.get(0)
        : new FilterList(FilterList.Operator.MUST_PASS_ALL, filters);
  }

  private static Filter compare(PropertyModel property, CompareOperator operator, Object value) {
    return filter(
        property,
        operator,
        new BinaryComparator(
            Objects.requireNonNull(property.valueCodec(), "a column has a value codec")
                .encode(value)),
        true);
  }

  /** The row passes when its newest cell of {@code property} exists. */
  private static Filter present(PropertyModel property) {
    return filter(
        property, CompareOperator.GREATER_OR_EQUAL, new BinaryComparator(new byte[0]), true);
  }

  /**
   * The row passes when its newest cell of {@code property} compares as {@code operator} says; a
   * row without the cell passes unless {@code ifMissing} says to drop it.
   */
  private static Filter filter(
      PropertyModel property,
      CompareOperator operator,
      ByteArrayComparable operand,
      boolean dropIfMissing) {
    SingleColumnValueFilter filter =
        new SingleColumnValueFilter(property.family(), property.qualifier(), operator, operand);
    filter.setFilterIfMissing(dropIfMissing); // a null column matches no condition but IsNull
    filter.setLatestVersionOnly(true);
    return filter;
  }

  /**
   * Whether the cells of {@code type} compare, as unsigned bytes, in the order queries compare its
   * values ({@code ValueOrder}): strings (UTF-8, by code point), byte arrays, and chars (an
   * unsigned 16-bit number, big-endian).
   */
  private static boolean byteOrdered(Class<?> type) {
    return type == String.class
        || type == byte[].class
        || type == char.class
        || type == Character.class;
  }

  /**
   * Whether the cells of {@code type} are of a fixed width, lead with a two's complement sign, and
   * otherwise sort as their values do: byte, short, int and long as {@code Bytes.toBytes} writes
   * them (big-endian), LocalDate as its epoch day (a long), Instant and LocalDateTime as their
   * epoch seconds (a long) then their nanoseconds (an int from 0 to 999,999,999, which sorts as
   * unsigned bytes).
   */
  private static boolean signFirst(Class<?> type) {
    return type == byte.class
        || type == Byte.class
        || type == short.class
        || type == Short.class
        || type == int.class
        || type == Integer.class
        || type == long.class
        || type == Long.class
        || type == LocalDate.class
        || type == Instant.class
        || type == LocalDateTime.class;
  }

  private static boolean canonical(Class<?> type) {
    return type != BigDecimal.class
        && type != float.class
        && type != Float.class
        && type != double.class
        && type != Double.class;
  }
}
