package dev.rowan.core.internal.query.plan;

import dev.rowan.core.internal.query.parse.Condition;
import dev.rowan.core.internal.query.parse.Keyword;
import dev.rowan.core.internal.query.parse.ParsedQuery;
import dev.rowan.core.internal.query.parse.QueryAction;
import dev.rowan.core.internal.query.parse.SortKey;
import dev.rowan.core.internal.query.plan.AccessPlan.Operation;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.KeyLayout;
import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapping.codec.KeyCodec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * Chooses how a query method reads: for each group of conditions, every way to read it (the main
 * table and each view) is planned, and the best is kept. Best means, in this order (the model is
 * Phoenix's {@code QueryOptimizer.orderPlansBestToWorst}):
 *
 * <ol>
 *   <li>a get of whole keys before any scan;
 *   <li>more leading key parts bound (by equality, then one range);
 *   <li>fewer key parts skipped over (a part of few values that no condition binds, read as one
 *       range per value: a skip scan, {@link #enumerable});
 *   <li>no second read of the main table (a view that carries every column, or every column a count
 *       or a projection reads);
 *   <li>results in the asked order without a sort;
 *   <li>the main table before a view, then views in declaration order.
 * </ol>
 *
 * <p>A pure function of the parsed method, the entity and its views: no I/O. Thread-safety:
 * stateless.
 */
public final class QueryPlanner {

  private static final Comparator<AccessPlan> BEST_FIRST =
      Comparator.comparing((AccessPlan p) -> p.access() != Operation.GET)
          .thenComparing(p -> -p.boundParts())
          .thenComparing(AccessPlan::skippedParts)
          .thenComparing(AccessPlan::secondRead)
          .thenComparing(p -> !p.ordered());

  /**
   * The ranking of a call's {@code Sort}, which may not sort in memory: as {@link #BEST_FIRST}, but
   * results in the asked order before no second read.
   */
  private static final Comparator<AccessPlan> ORDERED_FIRST =
      Comparator.comparing((AccessPlan p) -> p.access() != Operation.GET)
          .thenComparing(p -> -p.boundParts())
          .thenComparing(AccessPlan::skippedParts)
          .thenComparing(p -> !p.ordered())
          .thenComparing(AccessPlan::secondRead);

  private QueryPlanner() {}

  /**
   * Plans {@code query}, a method of whole entities or a count, over {@code entity}'s table and
   * {@code views}.
   */
  public static MethodPlan plan(ParsedQuery query, EntityModel<?> entity, List<ViewModel> views) {
    return plan(query, entity, views, null);
  }

  /**
   * Plans {@code query} over {@code entity}'s main table and {@code views}; a find returns the
   * {@code projected} properties of each entity, or whole entities when it is null.
   */
  public static MethodPlan plan(
      ParsedQuery query,
      EntityModel<?> entity,
      List<ViewModel> views,
      @Nullable List<PropertyModel> projected) {
    return plan(query, entity, views, projected, BEST_FIRST);
  }

  /**
   * Plans {@code query} as {@link #plan(ParsedQuery, EntityModel, List, List)} does, for an order
   * chosen at the call ({@code Sort}), which is refused where it would sort in memory: among the
   * plans that bind as many key parts, one that reads in the asked order wins over one without a
   * second read.
   */
  public static MethodPlan planSorted(
      ParsedQuery query,
      EntityModel<?> entity,
      List<ViewModel> views,
      @Nullable List<PropertyModel> projected) {
    return plan(query, entity, views, projected, ORDERED_FIRST);
  }

  private static MethodPlan plan(
      ParsedQuery query,
      EntityModel<?> entity,
      List<ViewModel> views,
      @Nullable List<PropertyModel> projected,
      Comparator<AccessPlan> ranking) {
    List<AccessPlan> chosen = new ArrayList<>();
    List<String> alternatives = new ArrayList<>();
    for (int number = 1; number <= query.groups().size(); number++) {
      List<Condition> group = query.groups().get(number - 1);
      String label = query.groups().size() > 1 ? "or-group " + number + ": " : "";
      List<AccessPlan> candidates = new ArrayList<>();
      if (query.view() == null) {
        candidates.add(
            withRead(
                candidate(null, entity.rowKey(), group, query.sorts(), entity),
                query,
                entity,
                projected));
      }
      for (ViewModel view : views) {
        if (query.view() == null || view.name().equals(query.view())) {
          candidates.add(
              withRead(
                  candidate(view, view.key(), group, query.sorts(), entity),
                  query,
                  entity,
                  projected));
        }
      }
      List<AccessPlan> ranked =
          candidates.stream().sorted(ranking).toList(); // stable: main table first
      chosen.add(ranked.get(0));
      for (AccessPlan loser : ranked.subList(1, ranked.size())) {
        alternatives.add(label + PlanText.target(loser, entity) + ": " + PlanText.summary(loser));
      }
    }
    boolean sortInMemory =
        !query.sorts().isEmpty()
            && (chosen.size() > 1 || chosen.stream().anyMatch(p -> !p.ordered()));
    return new MethodPlan(query, chosen, sortInMemory, alternatives);
  }

  /** {@code plan} with what it reads of each row: for a count, a projection, or whole entities. */
  private static AccessPlan withRead(
      AccessPlan plan,
      ParsedQuery query,
      EntityModel<?> entity,
      @Nullable List<PropertyModel> projected) {
    boolean hasViews =
        ViewMaintainer.usesProtocol(
            entity); // main rows with status cells, whatever views are readable
    if (query.action() == QueryAction.COUNT || query.action() == QueryAction.EXISTS) {
      return plan.withRead(RowRead.forCount(plan, entity, hasViews));
    }
    if (projected == null || query.action() != QueryAction.FIND) {
      return plan;
    }
    List<PropertyModel> wanted = new ArrayList<>(projected);
    query.sorts().forEach(sort -> wanted.add(entity.property(sort.property())));
    return plan.withRead(RowRead.forProjection(plan, entity, hasViews, wanted));
  }

  private static AccessPlan candidate(
      @Nullable ViewModel view,
      KeyLayout key,
      List<Condition> group,
      List<SortKey> sorts,
      EntityModel<?> entity) {
    List<Condition> unused = new ArrayList<>(group);
    List<Condition> prefix = new ArrayList<>();
    List<PropertyModel> parts = key.parts();
    while (prefix.size() < parts.size()) {
      PropertyModel part = parts.get(prefix.size());
      Condition equality = take(unused, part, QueryPlanner::bindsValues);
      if (equality == null
          && enumerable(parts, prefix)
          && (view == null || !prefix.isEmpty() || !nullable(part))) {
        // kept only if a later part is bound; never the first part of a view where it may be null:
        // an entity
        // with a null there has no row in the view, and one range per value would not find it
        equality = Condition.everyValue(part.name());
      }
      if (equality == null) {
        break;
      }
      prefix.add(equality);
    }
    Condition range = null;
    if (prefix.size() < parts.size()) {
      PropertyModel next = parts.get(prefix.size());
      range = take(unused, next, c -> bindsRange(c, next));
    }
    while (range == null && !prefix.isEmpty() && prefix.get(prefix.size() - 1).isEveryValue()) {
      prefix.remove(prefix.size() - 1); // skipping over a part pays only for a bound part after it
      PropertyModel next = parts.get(prefix.size());
      range =
          take(
              unused,
              next,
              c -> bindsRange(c, next)); // the part skipped over may take a range itself
    }
    if (key.hashPart() >= prefix.size()) {
      return fullScan(view, key, group);
    }
    if (prefix.isEmpty() && range == null) {
      return fullScan(view, key, group);
    }
    boolean wholeKey = prefix.size() == parts.size() && (view == null || view.isUnique());
    Operation access = wholeKey ? Operation.GET : Operation.SCAN;
    Boolean reversed = keyOrder(orderParts(view, key, entity), parts.size(), prefix, range, sorts);
    boolean atMostOne =
        access == Operation.GET
            && !(view == null && entity.isWide())
            && prefix.stream().allMatch(c -> c.keyword() == Keyword.EQUALS);
    return new AccessPlan(
        view,
        key,
        access,
        prefix,
        range,
        unused,
        Boolean.TRUE.equals(reversed),
        reversed != null || atMostOne,
        RowRead.WHOLE_ENTITIES);
  }

  /**
   * The properties in whose order a read of {@code key} returns entities: its parts, then, on the
   * main table of a wide entity, the column key's parts, in whose order a row's entities come.
   */
  static List<PropertyModel> orderParts(
      @Nullable ViewModel view, KeyLayout key, EntityModel<?> entity) {
    return view != null ? key.parts() : entity.keyParts();
  }

  private static AccessPlan fullScan(
      @Nullable ViewModel view, KeyLayout key, List<Condition> group) {
    return new AccessPlan(
        view,
        key,
        Operation.FULL_SCAN,
        List.of(),
        null,
        group,
        false,
        false,
        RowRead.WHOLE_ENTITIES);
  }

  /** The most ranges a skip scan may read per prefix: the product of its skipped parts' values. */
  static final int MAX_SKIP_RANGES = 64;

  /**
   * Whether the key part after {@code prefix}, which no condition binds, has so few values (an
   * enum, a boolean) that reading one range per value, together with the parts skipped before it,
   * costs at most {@link #MAX_SKIP_RANGES} ranges per prefix: a skip scan, as Phoenix's.
   */
  private static boolean enumerable(List<PropertyModel> parts, List<Condition> prefix) {
    int at = prefix.size();
    long ranges = valueCount(parts.get(at).type());
    for (int i = 0; i < at; i++) {
      if (prefix.get(i).isEveryValue()) {
        ranges *= valueCount(parts.get(i).type());
      }
    }
    return ranges > 0 && ranges <= MAX_SKIP_RANGES;
  }

  /**
   * The first key property of {@code view} when reading only that view would leave out entities
   * that match {@code group}: it may be null, an entity with a null there has no row in the view
   * (docs/view-consistency.md), and no condition of {@code group} excludes null from it (every
   * keyword but {@code IsNull} does). Empty when the view answers {@code group} completely.
   */
  public static Optional<PropertyModel> nullsLeftOut(ViewModel view, List<Condition> group) {
    PropertyModel lead = view.keyProperties().get(0);
    boolean excluded =
        group.stream()
            .anyMatch(c -> c.property().equals(lead.name()) && c.keyword() != Keyword.IS_NULL);
    return nullable(lead) && !excluded ? Optional.of(lead) : Optional.empty();
  }

  /**
   * Whether {@code property} may be null: a column of an object type (key parts and primitives
   * never are).
   */
  private static boolean nullable(PropertyModel property) {
    return property.role() == PropertyModel.Role.COLUMN && !property.type().isPrimitive();
  }

  /**
   * How many values a key part of {@code type} can take when that is few ({@link #everyValue}),
   * else 0.
   */
  static int valueCount(Class<?> type) {
    List<?> values = everyValue(type);
    return values == null ? 0 : values.size();
  }

  /**
   * Every value of a key part of few values (an enum's constants, a boolean's two), or null for
   * another type.
   */
  static @Nullable List<?> everyValue(Class<?> type) {
    if (type.isEnum()) {
      return List.of(type.getEnumConstants());
    }
    return type == boolean.class || type == Boolean.class ? List.of(false, true) : null;
  }

  private static boolean bindsValues(Condition condition) {
    return condition.keyword() == Keyword.EQUALS || condition.keyword() == Keyword.IN;
  }

  private static boolean bindsRange(Condition condition, PropertyModel part) {
    KeyCodec<Object> codec = part.keyCodec();
    if (!condition.keyword().isRange()
        || Objects.requireNonNull(codec, "a key part has a key codec").order()
            == KeyCodec.Order.NONE) {
      return false;
    }
    return condition.keyword() != Keyword.STARTING_WITH || codec.prefixOf("") != null;
  }

  private static @Nullable Condition take(
      List<Condition> unused, PropertyModel part, Predicate<Condition> fits) {
    for (Condition condition : unused) {
      if (condition.property().equals(part.name()) && fits.test(condition)) {
        unused.remove(condition);
        return condition;
      }
    }
    return null;
  }

  /**
   * Whether a scan after the bound prefix returns entities in the order {@code sorts} asks: false
   * for a forward scan, true for a reversed one, null when neither does. This one rule decides for
   * an {@code OrderBy} in a name (served, or sorted in memory) and for a call's {@code Sort}
   * (served, or refused): the sorts must be the properties of {@code parts} right after the bound
   * prefix, in order (a prefix of them), all with the key or all against it. The parts from {@code
   * rowParts} on are a wide row's column key, whose entities come in column key order whichever way
   * the rows are scanned: a sort on them must follow the key's direction. Sorts on properties bound
   * to one value by equality need no order; an {@code In} part breaks the order of the parts after
   * it. A {@code @Cyclic} part's keys follow the order of times only within one cycle: they serve a
   * sort on it when {@code range} (a {@code Between}, refused at the call unless it lies within one
   * cycle) bounds it, never otherwise.
   */
  static @Nullable Boolean keyOrder(
      List<PropertyModel> parts,
      int rowParts,
      List<Condition> prefix,
      @Nullable Condition range,
      List<SortKey> sorts) {
    List<SortKey> needed = new ArrayList<>();
    for (SortKey sort : sorts) {
      boolean fixed =
          prefix.stream()
              .anyMatch(c -> c.keyword() == Keyword.EQUALS && c.property().equals(sort.property()));
      if (!fixed) {
        needed.add(sort);
      }
    }
    if (needed.isEmpty()) {
      return false;
    }
    if (prefix.stream().anyMatch(c -> c.keyword() == Keyword.IN)) {
      return null;
    }
    Boolean reversed = null;
    for (int i = 0; i < needed.size(); i++) {
      int at = prefix.size() + i;
      if (at >= parts.size() || !parts.get(at).name().equals(needed.get(i).property())) {
        return null;
      }
      KeyCodec.Order order =
          Objects.requireNonNull(parts.get(at).keyCodec(), "a key part has a key codec").order();
      if (order == KeyCodec.Order.NONE) {
        return null;
      }
      if (Objects.requireNonNull(parts.get(at).keyCodec(), "a key part has a key codec").cycle()
              != null
          && (i > 0 || range == null || !range.property().equals(parts.get(at).name()))) {
        return null; // rows of every cycle interleave by position
      }
      boolean keyDescending = order == KeyCodec.Order.DESCENDING;
      boolean thisReversed = needed.get(i).descending() != keyDescending;
      if (at >= rowParts) {
        if (thisReversed) {
          return null; // a row's entities come in column key order, also on a reversed scan
        }
        continue;
      }
      if (reversed != null && reversed != thisReversed) {
        return null;
      }
      reversed = thisReversed;
    }
    return reversed == null ? Boolean.FALSE : reversed;
  }
}
