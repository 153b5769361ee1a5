package dev.rowan.core.internal.query;

import dev.rowan.mapping.EntityModel;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * Evaluates conditions on entity values, and checks the arguments of a call before anything is
 * read. Every entity a query returns passes every condition of its group here, whatever the
 * plan: the key range narrows what is read, this decides what is returned. A null value
 * matches no condition. Thread-safety: stateless.
 */
public final class ConditionCheck {

  private ConditionCheck() {}

  /** Whether {@code values} satisfy every condition, with the method arguments {@code args}. */
  public static boolean matches(Object[] values, List<Condition> conditions, Object[] args, EntityModel<?> entity) {
    for (Condition condition : conditions) {
      Object value = values[entity.property(condition.property()).index()];
      if (value == null || !matches(value, condition, args)) {
        return false;
      }
    }
    return true;
  }

  private static boolean matches(Object value, Condition condition, Object[] args) {
    Object first = args[condition.parameter()];
    return switch (condition.keyword()) {
      case EQUALS -> same(value, first);
      case IN -> values(first).stream().anyMatch(candidate -> same(value, candidate));
      case BETWEEN -> compare(value, first) >= 0 && compare(value, args[condition.parameter() + 1]) <= 0;
      case LESS_THAN -> compare(value, first) < 0;
      case LESS_THAN_EQUAL -> compare(value, first) <= 0;
      case GREATER_THAN -> compare(value, first) > 0;
      case GREATER_THAN_EQUAL -> compare(value, first) >= 0;
      case STARTING_WITH -> ((String) value).startsWith((String) first);
    };
  }

  /** The values of an {@code In} argument: a collection or an array. */
  public static Collection<?> values(Object argument) {
    if (argument instanceof Collection<?> collection) {
      return collection;
    }
    if (argument instanceof Object[] array) {
      return Arrays.asList(array);
    }
    throw new IllegalArgumentException("an In argument is a collection or an array, not " + argument.getClass().getName());
  }

  private static boolean same(Object value, Object argument) {
    if (value instanceof BigDecimal decimal && argument instanceof BigDecimal other) {
      return decimal.compareTo(other) == 0;
    }
    return Objects.deepEquals(value, argument);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compare(Object value, Object argument) {
    if (value instanceof byte[] bytes) {
      return Arrays.compareUnsigned(bytes, (byte[]) argument);
    }
    return ((Comparable) value).compareTo(argument);
  }

  /**
   * Checks the arguments of a call: no nulls, {@code In} not empty, {@code Between} not reversed.
   *
   * @throws IllegalArgumentException naming the method and the parameter at fault
   */
  public static void checkArguments(String method, ParsedQuery query, Object[] args) {
    for (List<Condition> group : query.groups()) {
      for (Condition condition : group) {
        for (int i = 0; i < condition.keyword().arity(); i++) {
          if (args[condition.parameter() + i] == null) {
            throw new IllegalArgumentException(method + ": argument " + (condition.parameter() + i + 1) + " ("
                + condition.property() + " " + condition.keyword() + ") is null; query methods take no null arguments");
          }
        }
        Object first = args[condition.parameter()];
        if (condition.keyword() == Keyword.IN && values(first).isEmpty()) {
          throw new IllegalArgumentException(method + ": argument " + (condition.parameter() + 1) + " (" + condition.property()
              + " In) is empty; an empty In matches nothing, so it is refused as a likely mistake");
        }
        if (condition.keyword() == Keyword.IN && values(first).stream().anyMatch(java.util.Objects::isNull)) {
          throw new IllegalArgumentException(method + ": argument " + (condition.parameter() + 1) + " (" + condition.property()
              + " In) holds a null");
        }
        if (condition.keyword() == Keyword.BETWEEN && compare(first, args[condition.parameter() + 1]) > 0) {
          throw new IllegalArgumentException(method + ": " + condition.property() + " Between " + first + " and "
              + args[condition.parameter() + 1] + " has its lower bound above its upper bound");
        }
      }
    }
  }
}
