package dev.rowan.it.model;

import dev.rowan.core.HBaseRepository;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.ColumnKey;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.Version;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;

/** {@code @Version} on a wide entity: each line of an order has its own version. */
class VersionedWideModelIT extends ModelScenario {

  @Table(name = "items")
  record Item(
      @RowKey String orderNo,
      @ColumnKey int line,
      @Column(name = "s") String sku,
      @Version Long version) {}

  interface Items extends HBaseRepository<Item> {
    boolean updateSkuByOrderNoAndLine(String sku, String orderNo, int line);

    Optional<Item> findByOrderNoAndLine(String orderNo, int line);

    List<Item> findByOrderNo(String orderNo);
  }

  @Override
  Shape<?, ?> shape() {
    return new ItemsShape();
  }

  static final class ItemsShape extends Shape<Item, Items> {

    ItemsShape() {
      super(Item.class);
      query("findByOrderNo", (repo, r, m, v) -> {
        String order = pick(r, "o1", "o2");
        v.inOrder(call("findByOrderNo", order), m.where(i -> i.orderNo().equals(order)), repo.findByOrderNo(order));
      });
    }

    @Override
    Set<Object> hits() {
      return Set.of(14);
    }

    @Override
    Optional<Item> findOne(Items repository, Item keyOf) {
      return repository.findByOrderNoAndLine(keyOf.orderNo(), keyOf.line());
    }

    @Override
    Class<Items> repository() {
      return Items.class;
    }

    @Override
    boolean hasViews() {
      return false;
    }

    @Override
    Item create(Random r, Item k) {
      return new Item(k == null ? pick(r, "o1", "o2") : k.orderNo(), k == null ? r.nextInt(4) : k.line(),
          orNull(r, 3, pick(r, "x", "y")), null);
    }
  }
}
