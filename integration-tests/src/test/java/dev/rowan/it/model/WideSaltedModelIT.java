package dev.rowan.it.model;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.ColumnKey;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/**
 * Wide, salted in 3 buckets: the lines of an order in one row, scans merged across buckets.
 * With {@code versioned}, the same with a {@code @Version} (views of wide entities are refused,
 * docs/bulk-load.md).
 */
class WideSaltedModelIT extends ModelScenario {

  @Table(name = "lines", salt = @Salt(buckets = 3))
  record Line(
      @RowKey String orderNo,
      @ColumnKey int lineNo,
      @Column(name = "s") String sku,
      @Column(name = "q") Integer qty) {}

  interface Lines extends HBaseRepository<Line> {
    Integer addToQtyByOrderNoAndLineNo(int delta, String orderNo, int lineNo);

    boolean updateSkuByOrderNoAndLineNo(String sku, String orderNo, int lineNo);

    Optional<Line> findByOrderNoAndLineNo(String orderNo, int lineNo);

    List<Line> findByOrderNo(String orderNo);

    List<Line> findByOrderNoOrderByLineNoDesc(String orderNo);

    Page<Line> findByOrderNoStartingWith(String prefix, PageRequest page);

    List<Line> findByOrderNoAndQtyGreaterThan(String orderNo, Integer qty);

    List<Line> findByOrderNoInOrderByQtyDesc(List<String> orderNos);

    List<Line> findTop2ByOrderNoStartingWith(String prefix);

    long countByOrderNo(String orderNo);

    boolean existsByOrderNoAndLineNo(String orderNo, int lineNo);

    List<Line> findByOrderNoAndLineNoBetween(String orderNo, int from, int to);

    long deleteByOrderNoAndLineNoGreaterThan(String orderNo, int lineNo);

    long deleteByOrderNo(String orderNo);
  }

  static final List<String> ORDERS = List.of("o1", "o2", "o10", "\u00e9");
  static final List<String> SKUS = List.of("s", "s1", "s2", "t");

  @Override
  Shape<?, ?> shape() {
    return new LinesShape();
  }

  static final class LinesShape extends Shape<Line, Lines> {

    LinesShape() {
      super(Line.class);
      query("findByKey(orderNo, lineNo)", (repo, r, m, v) -> {
        Line probe = create(r, null);
        v.sameEntity(call("findByKey", probe.orderNo(), probe.lineNo()), m.get(probe),
            repo.findByKey(probe.orderNo(), probe.lineNo()).orElse(null));
      }, 4);
      query("findByOrderNo", (repo, r, m, v) -> {
        String order = pick(r, ORDERS);
        v.inOrder(call("findByOrderNo", order), m.where(l -> l.orderNo().equals(order)), repo.findByOrderNo(order));
      });
      query("findByOrderNoOrderByLineNoDesc", (repo, r, m, v) -> {
        String order = pick(r, ORDERS);
        v.inOrder(call("findByOrderNoOrderByLineNoDesc", order), reversed(m.where(l -> l.orderNo().equals(order))),
            repo.findByOrderNoOrderByLineNoDesc(order));
      }, 6);
      query("findByOrderNoStartingWith(PageRequest)", (repo, r, m, v) -> {
        String prefix = pick(r, "o", "o1", "", "\u00e9");
        List<Line> expected = m.where(l -> l.orderNo().startsWith(prefix));
        String call = call("findByOrderNoStartingWith", prefix, "pages");
        v.inOrder(call, expected, v.pages(call, r, expected.size(), p -> repo.findByOrderNoStartingWith(prefix, p)));
      }, 7);
      query("findByOrderNoAndQtyGreaterThan", (repo, r, m, v) -> {
        String order = pick(r, ORDERS);
        int qty = r.nextInt(4) - 1;
        v.inOrder(call("findByOrderNoAndQtyGreaterThan", order, qty),
            m.where(l -> l.orderNo().equals(order) && l.qty() != null && l.qty() > qty),
            repo.findByOrderNoAndQtyGreaterThan(order, qty));
      });
      query("findByOrderNoInOrderByQtyDesc", (repo, r, m, v) -> {
        List<String> orders = List.of(pick(r, ORDERS), pick(r, ORDERS));
        v.sorted(call("findByOrderNoInOrderByQtyDesc", orders), m.where(l -> orders.contains(l.orderNo())),
            Comparator.comparing(Line::qty, Comparator.nullsLast(Comparator.<Integer>reverseOrder())), Integer.MAX_VALUE,
            repo.findByOrderNoInOrderByQtyDesc(orders));
      }, 6);
      query("findTop2ByOrderNoStartingWith", (repo, r, m, v) -> {
        String prefix = pick(r, "o", "o1", "", "\u00e9");
        v.inOrder(call("findTop2ByOrderNoStartingWith", prefix), m.where(l -> l.orderNo().startsWith(prefix)).stream().limit(2).toList(),
            repo.findTop2ByOrderNoStartingWith(prefix));
      });
      query("countByOrderNo", (repo, r, m, v) -> {
        String order = pick(r, ORDERS);
        v.same(call("countByOrderNo", order), m.where(l -> l.orderNo().equals(order)).size(), repo.countByOrderNo(order));
      });
      query("existsByOrderNoAndLineNo", (repo, r, m, v) -> {
        Line probe = create(r, null);
        v.same(call("existsByOrderNoAndLineNo", probe.orderNo(), probe.lineNo()), m.get(probe) != null,
            repo.existsByOrderNoAndLineNo(probe.orderNo(), probe.lineNo()));
      });
      query("findByOrderNoAndLineNoBetween", (repo, r, m, v) -> {
        String order = pick(r, ORDERS);
        int from = r.nextInt(5) - 1;
        int to = from + r.nextInt(3);
        v.inOrder(call("findByOrderNoAndLineNoBetween", order, from, to),
            m.where(l -> l.orderNo().equals(order) && l.lineNo() >= from && l.lineNo() <= to),
            repo.findByOrderNoAndLineNoBetween(order, from, to));
      });
      deletion("deleteByOrderNoAndLineNoGreaterThan", (repo, r) -> {
        String order = pick(r, ORDERS);
        int line = r.nextInt(5) - 1;
        return deleting(call("deleteByOrderNoAndLineNoGreaterThan", order, line),
            l -> l.orderNo().equals(order) && l.lineNo() > line, x -> repo.deleteByOrderNoAndLineNoGreaterThan(order, line));
      });
      deletion("deleteByOrderNo", (repo, r) -> {
        String order = pick(r, ORDERS);
        return deleting(call("deleteByOrderNo", order), l -> l.orderNo().equals(order), x -> repo.deleteByOrderNo(order));
      });
    }

    @Override
    Optional<Line> findOne(Lines repository, Line keyOf) {
      return repository.findByOrderNoAndLineNo(keyOf.orderNo(), keyOf.lineNo());
    }

    @Override
    Class<Lines> repository() {
      return Lines.class;
    }

    @Override
    boolean hasViews() {
      return false;
    }

    @Override
    Line create(Random r, Line keyOf) {
      return new Line(keyOf == null ? pick(r, ORDERS) : keyOf.orderNo(), keyOf == null ? r.nextInt(5) - 1 : keyOf.lineNo(),
          orNull(r, 4, pick(r, SKUS)), orNull(r, 4, r.nextInt(4)));
    }
  }
}
