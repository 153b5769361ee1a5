package dev.rowan.core.internal.query.plan;

import dev.rowan.core.internal.query.check.SpecialParameters;
import dev.rowan.core.internal.query.parse.Keyword;
import dev.rowan.core.internal.query.parse.MethodProblems;
import dev.rowan.core.internal.query.plan.AccessPlan.Operation;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import java.util.stream.Collectors;

/**
 * The checks of a method that returns the versions of an entity ({@code List<Versioned<T>>}): the
 * entity keeps history ({@link EntityModel#historyRefusal}), and the method names one entity by its
 * whole row key, with nothing else to test, sort or page: versions are read from the entity's main
 * row (views hold the latest state only), newest first, at most as many as a {@code First}/{@code
 * Top} number or a {@code Limit} parameter says. These checks need the method's plan; the check of
 * its declared return type is {@code MethodChecks}'. Thread-safety: stateless.
 */
final class VersionChecks {

  private VersionChecks() {}

  /**
   * Adds a problem, naming the method, for every reason its versions cannot be read as {@code plan}
   * reads.
   */
  static void check(
      MethodPlan plan, SpecialParameters special, EntityModel<?> model, MethodProblems problems) {
    String refusal = model.historyRefusal();
    if (refusal != null) {
      problems.addPredicate("reads versions, but " + refusal);
      return;
    }
    AccessPlan only = plan.groups().size() == 1 ? plan.groups().get(0) : null;
    boolean oneEntity =
        only != null
            && only.view() == null
            && only.access() == Operation.GET
            && only.residual().isEmpty()
            && only.prefix().stream().allMatch(c -> c.keyword() == Keyword.EQUALS);
    if (!oneEntity) {
      problems.addPredicate(
          "reads the versions of one entity: its conditions must be equalities on every part of "
              + model.entityName()
              + "'s row key ("
              + model.rowKey().parts().stream()
                  .map(PropertyModel::name)
                  .collect(Collectors.joining(", "))
              + ") and nothing else");
    }
    if (!plan.query().sorts().isEmpty() || special.sort() >= 0) {
      problems.add("versions come newest first; a versions method takes no OrderBy and no Sort");
    }
  }
}
