package dev.rowan.core.internal.query.plan;

import dev.rowan.core.internal.query.parse.Condition;
import dev.rowan.core.internal.query.parse.QueryAction;
import dev.rowan.core.internal.query.parse.SortKey;
import dev.rowan.core.internal.query.plan.AccessPlan.Operation;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import java.util.ArrayList;
import java.util.List;

/**
 * The text of plans: what {@code explain} prints and what refusals say. Thread-safety: stateless.
 */
public final class PlanText {

  private PlanText() {}

  /** The table or view a plan reads, with its key layout. */
  static String target(AccessPlan plan, EntityModel<?> entity) {
    return (plan.view() == null ? "table " + entity.tableName() : "view " + plan.view().tableName())
        + " "
        + plan.key();
  }

  /** One line: how the plan reads its table. */
  static String summary(AccessPlan plan) {
    return switch (plan.access()) {
      case GET -> "get by whole key " + bound(plan);
      case SCAN ->
          "range scan, "
              + plan.boundParts()
              + " key part"
              + (plan.boundParts() == 1 ? "" : "s")
              + " bound "
              + bound(plan)
              + (plan.secondRead() ? ", second read of the main table" : "")
              + (plan.ordered() ? "" : ", sorted in memory");
      case FULL_SCAN -> "would read the whole table: " + fullScanReason(plan);
    };
  }

  /** Which order {@code plan} reads in without a sort: its key's, after the parts it binds. */
  public static String keyOrder(AccessPlan plan, EntityModel<?> entity) {
    List<PropertyModel> parts = QueryPlanner.orderParts(plan.view(), plan.key(), entity);
    return target(plan, entity)
        + " is read in the order of its key"
        + (plan.prefix().isEmpty() ? "" : " after " + bound(plan).replace("[", "").replace("]", ""))
        + (plan.key().salt() == null ? "" : " (salt aside)")
        + (parts.size() == plan.key().parts().size()
            ? ""
            : ", then the entities of each row in the order of their column key "
                + parts.subList(plan.key().parts().size(), parts.size()).stream()
                    .map(PropertyModel::name)
                    .toList());
  }

  /**
   * What {@code plan}, which reads a whole table, would do, as refusals say it: {@code would read
   * the whole table orders: no condition binds its leading key part sellerId}. The one wording of a
   * full scan's refusal, for query methods, methods whose view is building and queries asked in
   * code.
   *
   * @param target what it would read: {@code table orders}, or {@code view seller}
   */
  public static String wholeRead(String target, MethodPlan plan) {
    return "would read the whole "
        + target
        + ": "
        + plan.groups().stream()
            .filter(group -> group.access() == AccessPlan.Operation.FULL_SCAN)
            .findFirst()
            .map(PlanText::fullScanReason)
            .orElse("");
  }

  /** Why a plan reads its whole table. */
  public static String fullScanReason(AccessPlan plan) {
    if (plan.key().hashPart() >= 0) {
      String hashed = plan.key().parts().get(plan.key().hashPart()).name();
      return "its key starts with md5("
          + hashed
          + "), so "
          + hashed
          + " and the key parts before it must be bound"
          + " by equality";
    }
    return "no condition binds its leading key part " + plan.key().parts().get(0).name();
  }

  private static String bound(AccessPlan plan) {
    List<String> parts = new ArrayList<>();
    for (Condition condition : plan.prefix()) {
      parts.add(
          condition.isEveryValue()
              ? condition.property() + " in every value"
              : condition(condition));
    }
    if (plan.range() != null) {
      parts.add(condition(plan.range()));
    }
    return parts.toString();
  }

  static String condition(Condition condition) {
    int p = condition.parameter() + 1;
    return condition.property()
        + switch (condition.keyword()) {
          case EQUALS -> " = ?" + p;
          case IN -> " in ?" + p;
          case BETWEEN -> " between ?" + p + " and ?" + (p + 1);
          case LESS_THAN -> " < ?" + p;
          case LESS_THAN_EQUAL -> " <= ?" + p;
          case GREATER_THAN -> " > ?" + p;
          case GREATER_THAN_EQUAL -> " >= ?" + p;
          case STARTING_WITH -> " starting with ?" + p;
          case IS_NULL -> " is null";
          case IS_NOT_NULL -> " is not null";
          case NOT -> " <> ?" + p;
          case NOT_IN -> " not in ?" + p;
          case ENDING_WITH -> " ending with ?" + p;
          case CONTAINING -> " containing ?" + p;
          case NOT_CONTAINING -> " not containing ?" + p;
        };
  }

  /** The whole plan of a method, as {@code explain} returns it. */
  public static String explain(String method, MethodPlan plan, EntityModel<?> entity) {
    StringBuilder text = new StringBuilder(method).append('\n');
    boolean counts =
        plan.query().action() == QueryAction.COUNT || plan.query().action() == QueryAction.EXISTS;
    int number = 0;
    for (AccessPlan group : plan.groups()) {
      String indent = plan.groups().size() > 1 ? "    " : "  ";
      if (plan.groups().size() > 1) {
        text.append("  or-group ").append(++number).append('\n');
      }
      text.append(indent)
          .append("reads ")
          .append(target(group, entity))
          .append(plan.query().view() == null ? "" : ", the view the method names")
          .append('\n');
      text.append(indent).append(access(group)).append('\n');
      List<Condition> pushed = ResidualFilters.pushed(group, entity);
      if (!pushed.isEmpty()) {
        text.append(indent)
            .append("filtered on the region servers: ")
            .append(pushed.stream().map(PlanText::condition).toList())
            .append(
                group.view() == null
                    ? ""
                    : " (rows not yet verified pass, for the reader to check)")
            .append('\n');
      }
      text.append(indent)
          .append("checked on each entity read: ")
          .append(
              group.residual().isEmpty()
                  ? "nothing"
                  : group.residual().stream().map(PlanText::condition).toList())
          .append('\n');
      RowRead read = group.read();
      if (!read.wholeRows() || read.reason() != null) {
        text.append(indent)
            .append(
                counts
                    ? plan.query().action() == QueryAction.EXISTS ? "exists" : "count"
                    : "projection")
            .append(" reads: ")
            .append(read.describe())
            .append('\n');
      }
      if (!read.wholeRows()) {
        text.append(indent)
            .append("second read: ")
            .append(
                group.view() == null
                    ? "no"
                    : "only of the main rows of view rows not settled, to check them")
            .append('\n');
        continue;
      }
      text.append(indent)
          .append("second read: ")
          .append(
              group.secondRead()
                  ? "yes, a multi-get of table "
                      + entity.tableName()
                      + " for the columns the view does not carry"
                  : group.view() == null ? "no" : "no, the view carries every column")
          .append('\n');
    }
    List<SortKey> sorts = plan.query().sorts();
    if (!sorts.isEmpty()) {
      text.append("  order: ")
          .append(
              sorts.stream().map(s -> s.property() + (s.descending() ? " desc" : " asc")).toList())
          .append(
              plan.sortInMemory()
                  ? ", sorted in memory"
                  : plan.groups().get(0).reversed() ? ", by key, reversed scan" : ", by key")
          .append('\n');
    }
    if (plan.query().limit() > 0) {
      text.append("  limit: ").append(plan.query().limit()).append(limitText(plan)).append('\n');
    }
    if (!plan.alternatives().isEmpty()) {
      text.append("  rejected:\n");
      plan.alternatives().forEach(line -> text.append("    ").append(line).append('\n'));
    }
    return text.toString();
  }

  private static String access(AccessPlan plan) {
    if (plan.access() == Operation.FULL_SCAN) {
      int buckets = plan.key().salt() == null ? 1 : plan.key().salt().buckets();
      return "full scan of every row ("
          + buckets
          + (buckets == 1 ? " scan" : " scans, one per salt bucket")
          + ")";
    }
    String how =
        plan.access() == Operation.GET
            ? "get"
            : plan.reversed() ? "reversed range scan" : "range scan";
    String skip =
        plan.skippedParts() == 0
            ? ""
            : ", a skip scan over "
                + plan.prefix().stream()
                    .filter(Condition::isEveryValue)
                    .map(Condition::property)
                    .toList()
                + " (one range per value)";
    String ranges =
        plan.key().salt() == null
            ? "one range per prefix"
            : plan.singleBucket()
                ? "one range per prefix, salt bucket computed from the key"
                : "one range per salt bucket ("
                    + plan.key().salt().buckets()
                    + " buckets), merged in key order";
    if (plan.access() == Operation.GET) {
      ranges = "one get per key";
    }
    return how + " on " + bound(plan) + ": " + ranges + skip;
  }

  /** How a limit is applied, as {@code QueryMethod} applies it. */
  private static String limitText(MethodPlan plan) {
    if (plan.sortInMemory()) {
      return " after the sort";
    }
    if (plan.groups().size() > 1) {
      return " of the or-groups' entities together";
    }
    if (plan.groups().get(0).access() == AccessPlan.Operation.GET) {
      return " of the rows got";
    }
    int rows = AccessPlan.scanLimit(plan.query().limit());
    return ", each scan limited to "
        + rows
        + (rows == 1 ? " row" : " rows")
        + " (Scan.setLimit), reading on only past rows it drops";
  }
}
