package dev.rowan.it.model;

import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.Version;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

/**
 * {@link SaltedViewsModelIT}'s shape and queries on an entity that keeps history (its family
 * keeps 3 versions): its writes delete no cell, so the main row holds cells of earlier versions
 * beside the last write's, which every read of the latest state must skip: gets, scans, pages,
 * projections, counts and pushed filters (docs/queries.md, "Versions").
 */
class HistoryViewsModelIT extends ModelScenario {

  @Table(name = "orders", salt = @Salt(buckets = 4))
  @Family(name = "d", maxVersions = 3)
  @Index(name = "cat", key = {"category", "at"})
  @Index(name = "byDay", key = {"day"}, include = {"amount"})
  record HistOrd(
      @RowKey UUID id,
      @Column(name = "c") String category,
      @Column(name = "t") Instant at,
      @Column(name = "a") BigDecimal amount,
      @Column(name = "q") Integer qty,
      @Column(name = "d") LocalDate day,
      @Version Long version) implements SaltedViewsModelIT.OrdFields {}

  interface HistOrders extends SaltedViewsModelIT.OrdersOf<HistOrd> {}

  @Override
  Shape<?, ?> shape() {
    return new SaltedViewsModelIT.OrdersShapeOf<>(HistOrd.class, HistOrders.class, HistOrd::new);
  }
}
