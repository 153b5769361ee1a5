package dev.rowan.security;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import org.apache.hadoop.hbase.security.access.Permission.Action;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Each principal is refused what its grants do not cover, with a message that names it, the table
 * and the permission, and the grant that would allow it; a refused call leaves every table of the
 * namespace, the views and Rowan's catalog included, as it was, cell for cell.
 */
@SecureHBaseTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RefusalsIT {

  /** An entity whose tables do not exist yet. */
  @Table(name = "invoices")
  @Index(name = "customer", key = {"customer", "id"})
  record Invoice(@RowKey String id, @Column String customer) {}

  interface Invoices extends HBaseRepository<Invoice> {}

  private final SecureCluster cluster;
  private final String namespace;

  RefusalsIT(SecureCluster cluster) {
    this.cluster = cluster;
    namespace = cluster.createNamespace("RefusalsIT");
    try (Rowan superuser = Fixtures.superuserRowan(cluster, namespace)) {
      superuser.schema().create(Order.class);
      superuser.repository(OrderRepository.class).saveAll(Fixtures.orders(0, 10));
    }
  }

  @Test
  void theAppIsRefusedCreatingTables() {
    Principal app = principal("app", Action.READ, Action.WRITE);
    try (Rowan rowan = app.rowan(namespace)) {
      Refusals.assertRefused(cluster, namespace, app, namespace + ":invoices", "CREATE",
          () -> rowan.schema().create(Invoice.class));
    }
  }

  @Test
  void theAppIsRefusedDroppingTables() {
    Principal app = principal("app", Action.READ, Action.WRITE);
    try (Rowan rowan = app.rowan(namespace)) {
      Refusals.assertRefused(cluster, namespace, app, namespace + ":orders", "CREATE",
          () -> rowan.schema().drop(Order.class));
    }
  }

  @Test
  void theReaderIsRefusedSavesAndDeletes() {
    Principal reader = principal("reader", Action.READ);
    try (Rowan rowan = reader.rowan(namespace)) {
      Refusals.assertRefused(cluster, namespace, reader, namespace + ":orders", "WRITE",
          () -> rowan.repository(OrderRepository.class).save(Order.numbered(3).withNote("changed")));
      Refusals.assertRefused(cluster, namespace, reader, namespace + ":orders", "WRITE",
          () -> rowan.repository(OrderRepository.class).saveAll(Fixtures.orders(20, 23)));
      Refusals.assertRefused(cluster, namespace, reader, namespace + ":orders", "WRITE",
          () -> rowan.repository(OrderRepository.class).deleteByKey("order-4"));
      Refusals.assertRefused(cluster, namespace, reader, namespace + ":orders", "WRITE",
          () -> rowan.repository(OrderRepository.class).delete(Order.numbered(5)));
    }
  }

  @Test
  void nobodyIsRefusedReads() {
    Principal nobody = cluster.principal("nobody");
    try (Rowan rowan = nobody.rowan(namespace)) {
      Refusals.assertRefused(cluster, namespace, nobody, namespace + ":orders", "READ",
          () -> rowan.repository(OrderRepository.class).findByKey("order-1"));
    }
  }

  /** The principal {@code role} of this class's namespace, holding exactly {@code actions} on it. */
  private Principal principal(String role, Action... actions) {
    Principal principal = cluster.principal(role + "_" + namespace);
    cluster.grant(principal, namespace, actions);
    return principal;
  }
}
