package dev.rowan.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.DataAccessException;
import dev.rowan.core.Rowan;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.security.access.Permission.Action;
import org.junit.jupiter.api.Test;

/**
 * The harness itself: the cluster checks permissions, a principal with read, write and create on
 * a namespace uses a repository there, one without write is refused a save, and the superuser may
 * do everything. These hold before and after Rowan's own catalog.
 */
@SecureHBaseTest
class HarnessIT {

  @Test
  void aPrincipalWithReadWriteAndCreateSavesAndFindsAndTheSuperuserDoesEverything(SecureCluster cluster) {
    String namespace = cluster.createNamespace("HarnessIT_rwc");
    try (Rowan admin = Rowan.builder(cluster.superuser()).namespace(namespace).build()) {
      admin.schema().create(Order.class);
      admin.repository(OrderRepository.class).save(Order.numbered(1));
    }
    Principal writer = cluster.principal("harness_rwc");
    cluster.grant(writer, namespace, Action.READ, Action.WRITE, Action.CREATE);
    try (Rowan rowan = writer.rowan(namespace)) {
      OrderRepository orders = rowan.repository(OrderRepository.class);
      orders.save(Order.numbered(2));
      assertEquals(Optional.of(Order.numbered(1)), orders.findByKey("order-1"));
      assertEquals(List.of(Order.numbered(2)), orders.findByBuyerId("buyer-2"));
    }
  }

  @Test
  void aPrincipalWithoutWriteIsRefusedASaveNamingTheTable(SecureCluster cluster) {
    String namespace = cluster.createNamespace("HarnessIT_rc");
    try (Rowan admin = Rowan.builder(cluster.superuser()).namespace(namespace).build()) {
      admin.schema().create(Order.class);
    }
    Principal reader = cluster.principal("harness_rc");
    cluster.grant(reader, namespace, Action.READ, Action.CREATE);
    try (Rowan rowan = reader.rowan(namespace)) {
      OrderRepository orders = rowan.repository(OrderRepository.class);
      DataAccessException refused = assertThrows(DataAccessException.class, () -> orders.save(Order.numbered(3)));
      System.out.println("HarnessIT refusal: " + refused.getMessage());
      assertTrue(refused.getMessage().contains(namespace + ":orders"), refused.getMessage());
    }
  }
}
