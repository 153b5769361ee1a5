package dev.rowan.core.internal.query.check;

import dev.rowan.core.internal.query.parse.Condition;
import dev.rowan.core.internal.query.parse.Keyword;
import dev.rowan.core.internal.query.parse.ParsedQuery;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.InvalidValueException;
import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapping.codec.KeyCodec;
import dev.rowan.mapping.codec.Utf8;
import dev.rowan.mapping.codec.ValueOrder;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * Evaluates conditions on entity values, and checks the arguments of a call before anything is
 * read. Every entity a query returns passes every condition of its group here, whatever the plan:
 * the key range narrows what is read, this decides what is returned. Values compare in the order
 * their keys are encoded in ({@link ValueOrder}: strings by code point, byte arrays unsigned,
 * BigDecimal by value), so a row the key range reads is never dropped by a check that orders
 * otherwise. Null follows SQL: a null value matches {@code IsNull} and no other condition ({@code
 * Not}, {@code NotIn} and {@code NotContaining} included). Thread-safety: stateless.
 */
public final class ConditionCheck {

  private ConditionCheck() {}

  /** Whether {@code values} satisfy every condition, with the method arguments {@code args}. */
  public static boolean matches(
      Object[] values, List<Condition> conditions, Object[] args, EntityModel<?> entity) {
    for (Condition condition : conditions) {
      PropertyModel property = entity.property(condition.property());
      Object value = values[property.index()];
      boolean matches =
          switch (condition.keyword()) {
            case IS_NULL -> value == null;
            case IS_NOT_NULL -> value != null;
            default ->
                value != null
                    && matches(
                        value,
                        condition,
                        args,
                        Objects.requireNonNull(
                            ValueOrder.of(property.type()),
                            "every type Rowan stores has an order"));
          };
      if (!matches) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether the non-null {@code value} satisfies {@code condition}, a condition that takes
   * parameters.
   */
  private static boolean matches(
      Object value, Condition condition, Object[] args, Comparator<Object> order) {
    Object first = args[condition.parameter()];
    return switch (condition.keyword()) {
      case EQUALS -> order.compare(value, first) == 0;
      case NOT -> order.compare(value, first) != 0;
      case IN -> values(first).stream().anyMatch(candidate -> order.compare(value, candidate) == 0);
      case NOT_IN ->
          values(first).stream().noneMatch(candidate -> order.compare(value, candidate) == 0);
      case BETWEEN ->
          order.compare(value, first) >= 0
              && order.compare(value, args[condition.parameter() + 1]) <= 0;
      case LESS_THAN -> order.compare(value, first) < 0;
      case LESS_THAN_EQUAL -> order.compare(value, first) <= 0;
      case GREATER_THAN -> order.compare(value, first) > 0;
      case GREATER_THAN_EQUAL -> order.compare(value, first) >= 0;
      // on well-formed strings, a UTF-16 prefix is a code point prefix: the key's prefix
      case STARTING_WITH -> ((String) value).startsWith((String) first);
      // likewise a UTF-16 suffix or substring of well-formed strings is one of code points
      case ENDING_WITH -> ((String) value).endsWith((String) first);
      case CONTAINING -> ((String) value).contains((String) first);
      case NOT_CONTAINING -> !((String) value).contains((String) first);
      case IS_NULL, IS_NOT_NULL ->
          throw new IllegalArgumentException(condition.keyword() + " takes no value");
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
    if (argument
        .getClass()
        .isArray()) { // int[], long[]...: accepted at creation as arrays of the boxed type
      List<Object> values = new ArrayList<>();
      for (int i = 0; i < Array.getLength(argument); i++) {
        values.add(Array.get(argument, i));
      }
      return values;
    }
    throw new IllegalArgumentException(
        "an In argument is a collection or an array, not " + argument.getClass().getName());
  }

  /**
   * Checks the arguments of a call before anything is read: no nulls, {@code In} neither empty nor
   * holding a null ({@code NotIn} holds no null either, but may be empty: it then matches every
   * value that is not null), every value of its property's type, strings well-formed UTF-16 (no key
   * can hold a lone surrogate, and code point order is undefined for one), and no {@code Between}
   * whose lower bound is above its upper bound. Values outside the domain of a key part (a negative
   * number on a {@code @FixedLength} decimal part, a string too long for its width) are not errors:
   * a range bound clamps, an equality matches nothing.
   *
   * @param method the repository and method, as in {@code OrderQueries.findByName}
   * @param parameters the name of each method parameter, or null (or an array of nulls) when the
   *     class file keeps no names
   * @throws IllegalArgumentException for a null, an empty {@code In} or a reversed {@code Between},
   *     naming the method, the parameter and the property
   * @throws InvalidValueException for a value of another type or a malformed string, naming the
   *     method, the parameter and the property
   */
  public static void checkArguments(
      String method, ParsedQuery query, Object[] args, EntityModel<?> entity, String[] parameters) {
    for (List<Condition> group : query.groups()) {
      for (Condition condition : group) {
        PropertyModel property = entity.property(condition.property());
        for (int i = 0; i < condition.keyword().arity(); i++) {
          int at = condition.parameter() + i;
          Object argument = args[at];
          if (argument == null) {
            throw new IllegalArgumentException(
                method
                    + ": "
                    + parameter(at, parameters, condition, property)
                    + " is null; query methods take no null arguments");
          }
          if (condition.keyword().takesValues()) {
            Collection<?> values = values(argument);
            if (values.isEmpty() && condition.keyword() == Keyword.IN) {
              throw new IllegalArgumentException(
                  method
                      + ": "
                      + parameter(at, parameters, condition, property)
                      + " is empty; an empty In matches nothing, so it is refused as a likely mistake");
            }
            for (Object value : values) {
              if (value == null) {
                throw new IllegalArgumentException(
                    method
                        + ": "
                        + parameter(at, parameters, condition, property)
                        + " holds a null");
              }
              checkValue(method, at, parameters, condition, property, value);
            }
          } else {
            checkValue(method, at, parameters, condition, property, argument);
          }
        }
        checkCycle(method, parameters, condition, property, args);
        if (condition.keyword() != Keyword.BETWEEN) {
          continue;
        }
        Object first = args[condition.parameter()];
        if (Objects.requireNonNull(
                    ValueOrder.of(property.type()), "every type Rowan stores has an order")
                .compare(first, args[condition.parameter() + 1])
            > 0) {
          throw new IllegalArgumentException(
              method
                  + ": "
                  + property.qualifiedName()
                  + " Between "
                  + first
                  + " and "
                  + args[condition.parameter() + 1]
                  + " ("
                  + parameter(condition.parameter(), parameters)
                  + " and "
                  + parameter(condition.parameter() + 1, parameters)
                  + ") has its lower bound above its upper bound");
        }
      }
    }
  }

  /**
   * Refuses a range on a {@code @Cyclic} key part that its keys cannot answer (open, wrapping or
   * too long).
   */
  private static void checkCycle(
      String method,
      String[] parameters,
      Condition condition,
      PropertyModel property,
      Object[] args) {
    KeyCodec<Object> codec = property.keyCodec();
    if (codec == null
        || codec.cycle() == null
        || !condition.keyword().isRange()
        || condition.keyword() == Keyword.STARTING_WITH) {
      return;
    }
    Object first = args[condition.parameter()];
    Object low =
        switch (condition.keyword()) {
          case BETWEEN, GREATER_THAN, GREATER_THAN_EQUAL -> first;
          default -> null;
        };
    Object high =
        switch (condition.keyword()) {
          case BETWEEN -> args[condition.parameter() + 1];
          case LESS_THAN, LESS_THAN_EQUAL -> first;
          default -> null;
        };
    String problem = codec.rangeProblem(low, high);
    if (problem != null) {
      throw new IllegalArgumentException(
          method
              + ": "
              + parameter(condition.parameter(), parameters, condition, property)
              + ": "
              + problem);
    }
  }

  private static void checkValue(
      String method,
      int at,
      String[] parameters,
      Condition condition,
      PropertyModel property,
      Object value) {
    Class<?> expected = boxed(property.type());
    if (!expected.isInstance(value)) {
      throw InvalidValueException.of(
          method + ": " + parameter(at, parameters, condition, property),
          "is a "
              + value.getClass().getName()
              + ", but "
              + property.qualifiedName()
              + " is "
              + expected.getSimpleName());
    }
    if (value instanceof String text) {
      try {
        Utf8.checkWellFormed(text);
      } catch (IllegalArgumentException malformed) {
        throw InvalidValueException.of(
            method + ": " + parameter(at, parameters, condition, property),
            "value '" + text + "' " + malformed.getMessage());
      }
    }
  }

  /**
   * Names parameter {@code at} (0-based) and the condition it binds: {@code parameter 2 'from'
   * (Order.createdAt Between)}.
   */
  private static String parameter(
      int at, String[] parameters, Condition condition, PropertyModel property) {
    return parameter(at, parameters)
        + " ("
        + property.qualifiedName()
        + " "
        + keywordName(condition.keyword())
        + ")";
  }

  private static String parameter(int at, String[] parameters) {
    String name = parameters != null && at < parameters.length ? parameters[at] : null;
    return "parameter " + (at + 1) + (name == null ? "" : " '" + name + "'");
  }

  /** The keyword as a method name writes it: {@code GreaterThanEqual}. */
  public static String keywordName(Keyword keyword) {
    return switch (keyword) {
      case EQUALS -> "Equals";
      case IS_NULL, IS_NOT_NULL -> keyword.words().get(0);
      default -> keyword.words().get(1);
    };
  }

  private static Class<?> boxed(Class<?> type) {
    if (!type.isPrimitive()) {
      return type;
    }
    return MethodType.methodType(type).wrap().returnType();
  }
}
