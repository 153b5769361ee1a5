package dev.rowan.core.internal.read;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.rowan.core.internal.query.parse.ParsedQuery;
import dev.rowan.core.internal.query.plan.AccessPlan;
import dev.rowan.core.internal.query.plan.MethodPlan;
import dev.rowan.core.internal.query.plan.PlanText;
import dev.rowan.core.internal.query.plan.QueryPlanner;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * The plans of one query method while views it would read are still building ({@link
 * dev.rowan.core.internal.context.ViewRoster}): the same question planned without them, as the
 * planner would plan it had they never been declared; refused at the call, naming the view, when
 * that plan would read the whole table and the method does not allow it. Kept per set of building
 * views and order.
 *
 * <p>Thread-safety: thread-safe.
 */
public final class BuildingViewPlans {

  /** A plan without the building views, or why there is none. */
  record Replanned(@Nullable MethodPlan plan, @Nullable String refusal) {}

  private record Key(Set<String> building, ParsedQuery query) {}

  private final String name;
  private final EntityModel<?> model;
  private final List<ViewModel> views;
  private final @Nullable List<PropertyModel> projected;
  private final boolean allowScan;
  private final UnaryOperator<String> whyUnread;
  private final Cache<Key, Replanned> plans = Caffeine.newBuilder().maximumSize(16).build();

  public BuildingViewPlans(
      String name,
      EntityModel<?> model,
      List<ViewModel> views,
      @Nullable List<PropertyModel> projected,
      boolean allowScan,
      UnaryOperator<String> whyUnread) {
    this.whyUnread = whyUnread;
    this.name = name;
    this.model = model;
    this.views = views;
    this.projected = projected;
    this.allowScan = allowScan;
  }

  /** Whether {@code plan} reads one of the {@code building} views. */
  public static boolean readsAny(MethodPlan plan, Set<String> building) {
    return !building.isEmpty()
        && plan.groups().stream()
            .anyMatch(group -> group.view() != null && building.contains(group.view().name()));
  }

  /**
   * {@code chosen} when it reads none of the {@code building} views, else the plan of the same
   * query without them ({@code sorted}: planned for a call's {@code Sort}).
   *
   * @throws IllegalStateException naming the method and the view when the plan without it would
   *     read the whole table and the method has no {@code @AllowScan}
   */
  public MethodPlan around(MethodPlan chosen, Set<String> building, boolean sorted) {
    if (!readsAny(chosen, building)) {
      return chosen;
    }
    Replanned replanned =
        plans.get(new Key(building, chosen.query()), key -> replan(chosen, building, sorted));
    if (replanned.refusal() != null) {
      throw new IllegalStateException(replanned.refusal());
    }
    return Objects.requireNonNull(replanned.plan(), "a replan without a refusal has a plan");
  }

  private Replanned replan(MethodPlan chosen, Set<String> building, boolean sorted) {
    List<ViewModel> readable =
        views.stream().filter(view -> !building.contains(view.name())).toList();
    ParsedQuery query = chosen.query();
    MethodPlan plan;
    try {
      plan =
          sorted
              ? CallSorts.plan(
                  name,
                  query,
                  model,
                  readable,
                  projected,
                  false,
                  "Wait until RebuildViews has made the view active, or sort by the key's order")
              : QueryPlanner.plan(query, model, readable, projected);
    } catch (IllegalArgumentException refused) {
      return new Replanned(null, refused.getMessage());
    }
    if (plan.readsWholeTable() && !allowScan) {
      String view =
          chosen.groups().stream()
              .map(AccessPlan::view)
              .filter(v -> v != null && building.contains(v.name()))
              .map(ViewModel::name)
              .findFirst()
              .orElse("?");
      return new Replanned(
          null,
          name
              + " reads view "
              + view
              + " of "
              + model.entityName()
              + ", which "
              + whyUnread.apply(view)
              + "; without it the method "
              + PlanText.wholeRead("table " + model.tableName(), plan)
              + ". Annotate it with @AllowScan to read the table meanwhile");
    }
    return new Replanned(plan, null);
  }
}
