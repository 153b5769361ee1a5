package dev.rowan.it.model;

import dev.rowan.it.model.SaltedViewsModelIT.DayAmount;
import dev.rowan.it.model.SaltedViewsModelIT.OrdFields;
import dev.rowan.it.model.SaltedViewsModelIT.OrdersOf;
import dev.rowan.it.model.SaltedViewsModelIT.OrdersShapeOf;
import java.util.List;
import java.util.Objects;

/**
 * The filter keywords (IsNull, IsNotNull, Not, NotIn, ranges) where they meet the order shapes:
 * residual conditions through the full-copy view, the narrow view (pushed where it carries the
 * column, else checked on the main row read second) and full scans of the main table, also of an
 * entity that keeps history, whose rows hold cells of earlier versions that an IsNull must not see.
 */
final class OrderFilterChecks {

  private OrderFilterChecks() {}

  static <E extends OrdFields, R extends OrdersOf<E>> void register(OrdersShapeOf<E, R> shape) {
    shape.query("findByCategoryAndQtyIsNull (view, not pushed)", (repo, r, m, v) -> {
      String c = Shape.pick(r, SaltedViewsModelIT.CATEGORIES);
      v.inOrder(Shape.call("findByCategoryAndQtyIsNull", c), m.where("cat", o -> c.equals(o.category())
          && o.qty() == null), repo.findByCategoryAndQtyIsNull(c));
    });
    shape.query("findByCategoryAndQtyNot (view, pushed)", (repo, r, m, v) -> {
      String c = Shape.pick(r, SaltedViewsModelIT.CATEGORIES);
      int q = r.nextInt(5);
      v.inOrder(Shape.call("findByCategoryAndQtyNot", c, q), m.where("cat", o -> c.equals(o.category())
          && o.qty() != null && o.qty() != q), repo.findByCategoryAndQtyNot(c, q));
    });
    shape.query("countByCategoryAndQtyNotIn (view, count)", (repo, r, m, v) -> {
      String c = Shape.pick(r, SaltedViewsModelIT.CATEGORIES);
      List<Integer> qs = List.of(r.nextInt(5), r.nextInt(5));
      v.same(Shape.call("countByCategoryAndQtyNotIn", c, qs), (long) m.where(o -> c.equals(o.category())
          && o.qty() != null && !qs.contains(o.qty())).size(), repo.countByCategoryAndQtyNotIn(c, qs));
    });
    shape.query("findByDayAndAmountIsNotNull (narrow view carries it)", (repo, r, m, v) -> {
      java.time.LocalDate d = SaltedViewsModelIT.day(r);
      v.inOrder(Shape.call("findByDayAndAmountIsNotNull", d), m.where("byDay", o -> d.equals(o.day())
          && o.amount() != null), repo.findByDayAndAmountIsNotNull(d));
    });
    shape.query("findByDayAndQtyGreaterThan (narrow view, checked on the main row)", (repo, r, m, v) -> {
      java.time.LocalDate d = SaltedViewsModelIT.day(r);
      int q = r.nextInt(5) - 1;
      v.inOrder(Shape.call("findByDayAndQtyGreaterThan", d, q), m.where("byDay", o -> d.equals(o.day())
          && o.qty() != null && o.qty() > q), repo.findByDayAndQtyGreaterThan(d, q));
    });
    shape.query("findByQtyIsNull (main table)", (repo, r, m, v) ->
        v.inOrder(Shape.call("findByQtyIsNull"), m.where(o -> o.qty() == null), repo.findByQtyIsNull()));
    shape.query("countByAmountIsNull (main table, count)", (repo, r, m, v) ->
        v.same(Shape.call("countByAmountIsNull"), (long) m.where(o -> o.amount() == null).size(),
            repo.countByAmountIsNull()));
    shape.query("findAmountsByQtyNot (main table, projection)", (repo, r, m, v) -> {
      int q = r.nextInt(5);
      v.same(Shape.call("findAmountsByQtyNot", q), m.where(o -> o.qty() != null && !Objects.equals(o.qty(), q))
          .stream().map(o -> new DayAmount(o.id(), o.day(), o.amount())).toList(), repo.findAmountsByQtyNot(q));
    });
  }
}
