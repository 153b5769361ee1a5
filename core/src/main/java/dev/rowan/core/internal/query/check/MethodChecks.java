package dev.rowan.core.internal.query.check;

import dev.rowan.core.Page;
import dev.rowan.core.Versioned;
import dev.rowan.core.internal.query.parse.MethodProblems;
import dev.rowan.core.internal.query.parse.ParsedQuery;
import dev.rowan.core.internal.query.parse.QueryAction;
import dev.rowan.core.internal.query.parse.SortKey;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapping.codec.ValueCodecs;
import dev.rowan.mapping.codec.ValueOrder;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * The checks of a query method's declaration that its name cannot tell: what it returns (and of
 * which elements: entities or a projection of them), and that every {@code OrderBy} property has an
 * order. Everything is checked when the repository is created, so that a call never fails with a
 * {@code ClassCastException} or returns entities typed as something else. Thread-safety: stateless.
 */
public final class MethodChecks {

  /** The containers a find method may return, each with the result it gives. */
  private static final Map<Class<?>, ResultKind> CONTAINERS =
      Map.of(
          List.class,
          ResultKind.LIST,
          Collection.class,
          ResultKind.LIST,
          Iterable.class,
          ResultKind.LIST,
          Set.class,
          ResultKind.SET,
          Stream.class,
          ResultKind.STREAM,
          Optional.class,
          ResultKind.OPTIONAL,
          Page.class,
          ResultKind.PAGE);

  private static final String FIND_RETURNS =
      "List<%1$s>, Collection<%1$s>, Iterable<%1$s>, Set<%1$s>, Stream<%1$s>,"
          + " Optional<%1$s>, Page<%1$s> or %1$s";

  private MethodChecks() {}

  /**
   * What {@code method} returns, resolving type variables of the repository's hierarchy; adds a
   * problem naming the method when its action cannot return that, or its elements are not entities.
   */
  public static ResultKind result(
      Method method,
      ParsedQuery query,
      boolean paged,
      RepositoryTypes types,
      Class<?> entity,
      MethodProblems problems) {
    Type declared = method.getGenericReturnType();
    Class<?> type = types.rawClass(declared);
    String entityName = entity.getSimpleName();
    ResultKind result =
        switch (query.action()) {
          case FIND -> find(declared, type, types, entity, problems);
          case COUNT ->
              type == long.class || type == Long.class
                  ? ResultKind.COUNT_LONG
                  : type == int.class || type == Integer.class ? ResultKind.COUNT_INT : null;
          case EXISTS -> type == boolean.class || type == Boolean.class ? ResultKind.BOOLEAN : null;
          case DELETE ->
              type == void.class
                  ? ResultKind.VOID
                  : type == long.class || type == Long.class
                      ? ResultKind.COUNT_LONG
                      : type == int.class || type == Integer.class ? ResultKind.COUNT_INT : null;
        };
    if (result == null) {
      String allowed =
          switch (query.action()) {
            case FIND -> String.format(FIND_RETURNS, entityName);
            case COUNT -> "long or int";
            case EXISTS -> "boolean";
            case DELETE -> "void, long or int (the number deleted)";
          };
      problems.add(
          "a "
              + query.action().name().toLowerCase()
              + " method cannot return "
              + declared.getTypeName()
              + "; it returns "
              + allowed);
      return ResultKind.VOID;
    }
    if ((result == ResultKind.PAGE) != paged) {
      problems.add("a method returns Page<T> exactly when its last parameter is a PageRequest");
    }
    return result;
  }

  private static @Nullable ResultKind find(
      Type declared,
      @Nullable Class<?> type,
      RepositoryTypes types,
      Class<?> entity,
      MethodProblems problems) {
    if (type == null || types.resolve(declared) instanceof TypeVariable<?>) {
      return null; // a variable of the method's own: the caller, not the query, would choose the
      // type
    }
    ResultKind container = CONTAINERS.get(type);
    if (container == null) {
      return type.isAssignableFrom(entity) && !type.isPrimitive()
              || Projection.isProjection(type, entity)
          ? ResultKind.ENTITY
          : null;
    }
    Type element = types.argument(declared, 0);
    if (element == null) {
      return container; // raw: unchecked, but every element is an entity
    }
    Class<?> elementType = element instanceof TypeVariable<?> ? null : types.rawClass(element);
    if (elementType == Versioned.class) {
      return versionsResult(
          declared, container, types.argument(element, 0), types, entity, problems);
    }
    if (elementType == null
        || !elementType.isAssignableFrom(entity) && !Projection.isProjection(elementType, entity)) {
      problems.add(
          "returns "
              + declared.getTypeName()
              + ", but its elements would be "
              + entity.getSimpleName()
              + "; declare "
              + type.getSimpleName()
              + "<"
              + entity.getSimpleName()
              + ">"
              + " or of a projection (a record or an interface with some of its properties)");
    }
    return container;
  }

  /**
   * {@link ResultKind#VERSIONS}, the result of a method that returns the versions of an entity,
   * after adding a problem when {@code declared} (a {@code container} of {@code
   * Versioned<argument>}) is not a list of versions of {@code entity}.
   */
  private static ResultKind versionsResult(
      Type declared,
      ResultKind container,
      @Nullable Type argument,
      RepositoryTypes types,
      Class<?> entity,
      MethodProblems problems) {
    Class<?> versioned =
        argument == null || argument instanceof TypeVariable<?> ? null : types.rawClass(argument);
    if (container != ResultKind.LIST || versioned != entity) {
      problems.add(
          "returns "
              + declared.getTypeName()
              + "; the versions of an entity are returned as List<Versioned<"
              + entity.getSimpleName()
              + ">>");
    }
    return ResultKind.VERSIONS;
  }

  /**
   * The projection a find method returns of each entity (a record or an interface the entity is
   * not, {@link Projection#isProjection}), or null when it returns entities; adds a problem naming
   * the method when the projection does not fit the entity.
   */
  public static @Nullable Projection projection(
      Method method,
      ParsedQuery query,
      RepositoryTypes types,
      EntityModel<?> model,
      MethodProblems problems) {
    if (query.action() != QueryAction.FIND) {
      return null;
    }
    Type declared = method.getGenericReturnType();
    Class<?> type = types.rawClass(declared);
    Class<?> element = type;
    if (type != null && CONTAINERS.containsKey(type)) {
      Type argument = types.argument(declared, 0);
      element =
          argument == null || argument instanceof TypeVariable<?> ? null : types.rawClass(argument);
    }
    if (element == null
        || element == Versioned.class
        || !Projection.isProjection(element, model.type())) {
      return null;
    }
    try {
      return Projection.of(element, model);
    } catch (IllegalArgumentException e) {
      problems.add(Objects.requireNonNull(e.getMessage(), "a projection's refusal says why"));
      return null;
    }
  }

  /** Adds a problem for every {@code OrderBy} property whose values have no order to sort by. */
  public static void checkSorts(ParsedQuery query, EntityModel<?> model, MethodProblems problems) {
    for (SortKey sort : query.sorts()) {
      PropertyModel property = model.property(sort.property());
      if (ValueOrder.of(property.type()) == null) {
        problems.add(
            "cannot order by "
                + property.qualifiedName()
                + ": "
                + property.type().getSimpleName()
                + " values have no order");
      }
    }
  }

  /**
   * Why pages of a method sorted in memory by {@code sorts} cannot continue, or null when they can:
   * a page token carries the last entity's sort values, so each needs a standard encoding.
   */
  public static @Nullable String unpageable(EntityModel<?> model, List<SortKey> sorts) {
    for (SortKey sort : sorts) {
      PropertyModel property = model.property(sort.property());
      if (!ValueCodecs.supports(property.type())) {
        return "its sort property "
            + property.name()
            + " is a "
            + property.type().getSimpleName()
            + ", which a page token cannot carry";
      }
    }
    return null;
  }
}
