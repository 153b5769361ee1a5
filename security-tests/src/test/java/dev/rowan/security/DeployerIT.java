package dev.rowan.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.core.SchemaReport;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapreduce.RebuildViews;
import dev.rowan.mapreduce.ViewReport;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.security.access.Permission.Action;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The deployer, with CREATE on the namespace and nothing else, creates an entity's tables (which
 * it then owns), checks them, adds a view to the table once it holds data and builds it with
 * RebuildViews, drops a view and drops the entity: a release as a deployment pipeline runs it.
 */
@SecureHBaseTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DeployerIT {

  /** The first version of the class: parcels seen by sender. */
  @Table(name = "parcels")
  @Index(name = "sender", key = {"sender", "id"})
  record Parcel(@RowKey String id, @Column String sender, @Column String destination) {}

  /** The next version: the same table, with a view by destination added. */
  @Table(name = "parcels")
  @Index(name = "sender", key = {"sender", "id"})
  @Index(name = "destination", key = {"destination", "id"})
  record RoutedParcel(@RowKey String id, @Column String sender, @Column String destination) {}

  interface RoutedParcels extends HBaseRepository<RoutedParcel> {
    List<RoutedParcel> findByDestination(String destination);
  }

  private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

  private SecureCluster cluster;
  private String namespace;
  private Principal deployer;

  DeployerIT(SecureCluster cluster) {
    this.cluster = cluster;
    namespace = cluster.createNamespace("DeployerIT");
    deployer = cluster.principal("deployer");
    cluster.grant(deployer, namespace, Action.CREATE);
  }

  @Test
  @Order(1)
  void createsTheTablesOfAnEntityAndChecksThem() {
    try (Rowan rowan = deployer.rowan(namespace)) {
      rowan.schema().create(Parcel.class);
      SchemaReport report = rowan.schema().check(Parcel.class);
      assertTrue(report.matches(), report.toString());
      rowan.schema().create(Parcel.class); // a no-op when they exist and match
    }
    assertTrue(tableExists("parcels") && tableExists("parcels.sender"));
  }

  @Test
  @Order(2)
  void addsAViewToATableWithDataAndBuildsIt() {
    List<RoutedParcel> parcels = new ArrayList<>();
    try (Rowan superuser = Fixtures.superuserRowan(cluster, namespace)) {
      List<Parcel> saved = new ArrayList<>();
      for (int i = 0; i < 30; i++) {
        saved.add(new Parcel("p-" + i, "sender-" + i % 3, "city-" + i % 5));
        parcels.add(new RoutedParcel("p-" + i, "sender-" + i % 3, "city-" + i % 5));
      }
      superuser.repository(ParcelsV1.class).saveAll(saved);
    }
    try (Rowan rowan = deployer.rowan(namespace)) {
      rowan.schema().create(RoutedParcel.class);
      assertEquals(Set.of("destination"), rowan.schema().buildingViews(RoutedParcel.class));
      List<ViewReport> reports = deployer.call(() -> RebuildViews.of(rowan, RoutedParcel.class).views("destination")
          .configuration(Fixtures.localJobs(deployer.configuration(), Fixtures.directory("DeployerIT")))
          .progress(QUIET).run());
      assertEquals(1, reports.size(), reports.toString());
      assertEquals(ViewReport.State.ACTIVATED, reports.get(0).state(), reports.get(0).summary());
      assertEquals(Set.of(), rowan.schema().buildingViews(RoutedParcel.class));
      assertTrue(rowan.schema().check(RoutedParcel.class).matches());
    }
    try (Rowan rowan = deployer.rowan(namespace)) {
      assertEquals(parcels.stream().filter(p -> p.destination().equals("city-2"))
          .sorted(java.util.Comparator.comparing(RoutedParcel::id)).toList(), // the view's order: destination, id
          rowan.repository(RoutedParcels.class).findByDestination("city-2"));
    }
  }

  @Test
  @Order(3)
  void dropsAView() {
    try (Rowan rowan = deployer.rowan(namespace)) {
      rowan.schema().dropView(RoutedParcel.class, "destination");
      assertEquals(Set.of("destination"), rowan.schema().droppedViews(RoutedParcel.class));
    }
    assertFalse(tableExists("parcels.destination"));
  }

  @Test
  @Order(4)
  void dropsTheEntity() {
    try (Rowan rowan = deployer.rowan(namespace)) {
      rowan.schema().drop(RoutedParcel.class);
    }
    assertFalse(tableExists("parcels"));
    assertFalse(tableExists("parcels.sender"));
  }

  interface ParcelsV1 extends HBaseRepository<Parcel> {}

  private boolean tableExists(String table) {
    try (Admin admin = cluster.superuser().getAdmin()) {
      return admin.tableExists(TableName.valueOf(namespace, table));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
