package dev.rowan.core.internal.query;

import dev.rowan.index.ProtocolCells.Qualifier;
import dev.rowan.index.RowStatus;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.filter.BinaryComparator;
import org.apache.hadoop.hbase.filter.BinaryPrefixComparator;
import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.SingleColumnValueFilter;

/**
 * The residual conditions of a plan that region servers evaluate, as HBase filters, so rows
 * that cannot match are not sent to the client. Pushed down: {@code Equals} and {@code In} on
 * columns the table read holds, of types whose cell encoding is canonical (not
 * {@code BigDecimal}, whose scale is encoded, nor floating point, with its several NaNs and
 * zeros); ranges ({@code LessThan}, {@code Between}, ...) and {@code StartingWith} on columns
 * whose cells sort as their values do (strings and byte arrays). Every condition is still checked
 * on each entity read ({@link ConditionCheck}).
 *
 * <p>On a view, a filter never drops a row that is not verified: the reader checks such a row
 * against its main row, whose values may match where the view row's do not.
 *
 * <p>Thread-safety: stateless.
 */
public final class ResidualFilters {

  private static final byte VERIFIED = new RowStatus(RowStatus.State.VERIFIED, 0, 0).encode()[0];

  private ResidualFilters() {}

  /**
   * The residual conditions of {@code plan} that are pushed down. None on the main table of a
   * wide entity: a column filter sees a row, and a wide row holds many entities whose qualifiers
   * start with their column keys, so it would keep or drop them all together.
   */
  static List<Condition> pushed(AccessPlan plan, EntityModel<?> entity) {
    List<Condition> pushed = new ArrayList<>();
    if (plan.view() == null && entity.isWide()) {
      return pushed;
    }
    for (Condition condition : plan.residual()) {
      PropertyModel property = entity.property(condition.property());
      boolean held = plan.view() == null || plan.view().carried().contains(property);
      boolean equality = condition.keyword() == Keyword.EQUALS || condition.keyword() == Keyword.IN;
      boolean pushable = equality ? canonical(property.type()) : byteOrdered(property.type());
      if (property.role() == PropertyModel.Role.COLUMN && held && pushable) {
        pushed.add(condition);
      }
    }
    return pushed;
  }

  /** The filter of the pushed conditions with the arguments {@code args}, or null when none is pushed. */
  public static Filter of(AccessPlan plan, EntityModel<?> entity, Object[] args) {
    List<Filter> filters = new ArrayList<>();
    for (Condition condition : pushed(plan, entity)) {
      PropertyModel property = entity.property(condition.property());
      Object value = args[condition.parameter()];
      switch (condition.keyword()) {
        case EQUALS -> filters.add(compare(property, CompareOperator.EQUAL, value));
        case IN -> {
          List<Filter> anyOf = new ArrayList<>();
          for (Object one : ConditionCheck.values(value)) {
            anyOf.add(compare(property, CompareOperator.EQUAL, one));
          }
          filters.add(anyOf.size() == 1 ? anyOf.get(0) : new FilterList(FilterList.Operator.MUST_PASS_ONE, anyOf));
        }
        case LESS_THAN -> filters.add(compare(property, CompareOperator.LESS, value));
        case LESS_THAN_EQUAL -> filters.add(compare(property, CompareOperator.LESS_OR_EQUAL, value));
        case GREATER_THAN -> filters.add(compare(property, CompareOperator.GREATER, value));
        case GREATER_THAN_EQUAL -> filters.add(compare(property, CompareOperator.GREATER_OR_EQUAL, value));
        case BETWEEN -> {
          filters.add(compare(property, CompareOperator.GREATER_OR_EQUAL, value));
          filters.add(compare(property, CompareOperator.LESS_OR_EQUAL, args[condition.parameter() + 1]));
        }
        case STARTING_WITH -> filters.add(filter(property, CompareOperator.EQUAL,
            new BinaryPrefixComparator(property.valueCodec().encode(value))));
      }
    }
    if (filters.isEmpty()) {
      return null;
    }
    Filter all = filters.size() == 1 ? filters.get(0) : new FilterList(FilterList.Operator.MUST_PASS_ALL, filters);
    ViewModel view = plan.view();
    if (view == null) {
      return all;
    }
    SingleColumnValueFilter unverified = new SingleColumnValueFilter(view.statusFamily(), Qualifier.VIEW_STATUS.bytes(),
        CompareOperator.NOT_EQUAL, new BinaryPrefixComparator(new byte[] {VERIFIED}));
    unverified.setLatestVersionOnly(true);
    return new FilterList(FilterList.Operator.MUST_PASS_ONE, unverified, all);
  }

  private static Filter compare(PropertyModel property, CompareOperator operator, Object value) {
    return filter(property, operator, new BinaryComparator(property.valueCodec().encode(value)));
  }

  /** The row passes when its newest cell of {@code property} exists and compares as {@code operator} says. */
  private static Filter filter(PropertyModel property, CompareOperator operator,
      org.apache.hadoop.hbase.filter.ByteArrayComparable operand) {
    SingleColumnValueFilter filter = new SingleColumnValueFilter(property.family(), property.qualifier(), operator,
        operand);
    filter.setFilterIfMissing(true); // a null column matches no condition
    filter.setLatestVersionOnly(true);
    return filter;
  }

  /**
   * Whether the cells of {@code type} compare, as unsigned bytes, in the order queries compare its
   * values ({@code ValueOrder}): strings (UTF-8, by code point) and byte arrays. Numbers and
   * times are stored in two's complement, where a negative value's bytes sort after a positive
   * one's, so their ranges are checked in the client only.
   */
  private static boolean byteOrdered(Class<?> type) {
    return type == String.class || type == byte[].class;
  }

  private static boolean canonical(Class<?> type) {
    return type != BigDecimal.class && type != float.class && type != Float.class && type != double.class
        && type != Double.class;
  }
}
