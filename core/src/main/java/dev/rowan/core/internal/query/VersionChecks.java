package dev.rowan.core.internal.query;

import dev.rowan.core.internal.query.AccessPlan.Access;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The checks of a method that returns the versions of an entity ({@code List<Versioned<T>>}):
 * the entity keeps history ({@link EntityModel#historyRefusal}), and the method names one entity
 * by its whole row key, with nothing else to test, sort or page: versions are read from the
 * entity's main row (views hold the latest state only), newest first, at most as many as a
 * {@code First}/{@code Top} number or a {@code Limit} parameter says. Thread-safety: stateless.
 */
final class VersionChecks {

  private VersionChecks() {}

  /**
   * {@link ResultKind#VERSIONS}, after adding a problem when {@code declared} (a {@code container}
   * of {@code Versioned<argument>}) is not a list of versions of {@code entity}.
   */
  static ResultKind result(String name, Type declared, ResultKind container, Type argument, RepositoryTypes types,
      Class<?> entity, List<String> problems) {
    Class<?> versioned = argument == null || argument instanceof TypeVariable<?> ? null : types.rawClass(argument);
    if (container != ResultKind.LIST || versioned != entity) {
      problems.add(name + ": returns " + declared.getTypeName() + "; the versions of an entity are returned as List<Versioned<"
          + entity.getSimpleName() + ">>");
    }
    return ResultKind.VERSIONS;
  }

  /** Adds a problem, naming the method, for every reason its versions cannot be read as {@code plan} reads. */
  static void check(String name, MethodPlan plan, SpecialParameters special, EntityModel<?> model,
      List<String> problems) {
    String refusal = model.historyRefusal();
    if (refusal != null) {
      problems.add(name + " reads versions, but " + refusal);
      return;
    }
    AccessPlan only = plan.groups().size() == 1 ? plan.groups().get(0) : null;
    boolean oneEntity = only != null && only.view() == null && only.access() == Access.GET && only.residual().isEmpty()
        && only.prefix().stream().allMatch(c -> c.keyword() == Keyword.EQUALS);
    if (!oneEntity) {
      problems.add(name + " reads the versions of one entity: its conditions must be equalities on every part of "
          + model.entityName() + "'s row key (" + model.rowKey().parts().stream().map(PropertyModel::name)
              .collect(Collectors.joining(", ")) + ") and nothing else");
    }
    if (!plan.query().sorts().isEmpty() || special.sort() >= 0) {
      problems.add(name + ": versions come newest first; a versions method takes no OrderBy and no Sort");
    }
  }
}
