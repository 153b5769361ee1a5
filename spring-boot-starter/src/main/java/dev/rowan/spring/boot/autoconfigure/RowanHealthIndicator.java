package dev.rowan.spring.boot.autoconfigure;

import dev.rowan.core.EntityViews;
import dev.rowan.core.PermissionDeniedException;
import dev.rowan.core.Rowan;
import dev.rowan.core.SchemaReport;
import dev.rowan.mapping.EntityModel;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * The health of Rowan's cluster, {@code /actuator/health/rowan}: UP when the cluster answers a read
 * of {@code hbase:meta} (which every principal may make; no call that needs ADMIN), DOWN when it
 * does not answer within the timeout. Its details are what an operator asks first: the cluster
 * (ZooKeeper quorum, or the embedded HBase), the namespace, and for each entity of {@link
 * RowanEntities} its main table, its views with their tables and states ({@code active}, {@code
 * building} until {@code RebuildViews} fills it, {@code dropping} once dropped) and whether its
 * tables match the mapping ({@code schema().check()}'s differences). Where the principal may not
 * read the tables' descriptors (which needs CREATE) the schema detail says so; that is not DOWN.
 *
 * <p>Thread-safety: thread-safe.
 *
 * @since 0.1
 */
public class RowanHealthIndicator extends AbstractHealthIndicator {

  private static final byte[] PROBE_ROW = Bytes.toBytes("rowan-health-probe");

  private final Rowan rowan;
  private final RowanEntities entities;
  private final String cluster;
  private final Duration timeout;
  private final boolean checkSchema;

  /**
   * An indicator of {@code rowan}'s cluster, described as {@code cluster}, detailing {@code
   * entities}; the probe waits up to {@code timeout}, and the tables are compared with their
   * mappings when {@code checkSchema}.
   */
  public RowanHealthIndicator(
      Rowan rowan, RowanEntities entities, String cluster, Duration timeout, boolean checkSchema) {
    super("Rowan health check failed");
    this.rowan = Objects.requireNonNull(rowan, "rowan");
    this.entities = Objects.requireNonNull(entities, "entities");
    this.cluster = Objects.requireNonNull(cluster, "cluster");
    this.timeout = Objects.requireNonNull(timeout, "timeout");
    this.checkSchema = checkSchema;
  }

  /**
   * The cluster a connection's configuration names: its ZooKeeper quorum, client port and parent
   * znode.
   */
  public static String describeCluster(Configuration configuration) {
    return "ZooKeeper "
        + configuration.get(HConstants.ZOOKEEPER_QUORUM)
        + ":"
        + configuration.get(
            HConstants.ZOOKEEPER_CLIENT_PORT,
            String.valueOf(HConstants.DEFAULT_ZOOKEEPER_CLIENT_PORT))
        + configuration.get(
            HConstants.ZOOKEEPER_ZNODE_PARENT, HConstants.DEFAULT_ZOOKEEPER_ZNODE_PARENT);
  }

  @Override
  protected void doHealthCheck(Health.Builder builder) throws Exception {
    builder
        .withDetail("cluster", cluster)
        .withDetail("namespace", rowan.namespace() == null ? "default" : rowan.namespace());
    int millis = (int) Math.min(Integer.MAX_VALUE, timeout.toMillis());
    try (Table meta =
        rowan
            .connection()
            .getTableBuilder(TableName.META_TABLE_NAME, null)
            .setOperationTimeout(millis)
            .setRpcTimeout(millis)
            .setReadRpcTimeout(millis)
            .build()) {
      meta.exists(new Get(PROBE_ROW));
    }
    builder.up();
    Map<String, Object> details = new LinkedHashMap<>();
    for (Class<?> type : entities.types()) {
      details.put(type.getSimpleName(), entity(type));
    }
    builder.withDetail("entities", details);
  }

  /**
   * The tables, views and schema state of one entity; a failure to read them is a detail, not DOWN.
   */
  private Map<String, Object> entity(Class<?> type) {
    Map<String, Object> detail = new LinkedHashMap<>();
    try {
      EntityModel<?> model = EntityModel.of(type);
      detail.put(
          "table",
          rowan.tableName(model.tableName()).getNameAsString()
              + (model.tablePerPeriod().isPresent() ? " (one table per period)" : ""));
      EntityViews<?> views = rowan.views(type);
      if (!views.names().isEmpty()) {
        Set<String> building = rowan.schema().buildingViews(type);
        Set<String> dropped = rowan.schema().droppedViews(type);
        Map<String, Object> viewDetails = new LinkedHashMap<>();
        for (String view : views.names()) {
          List<String> tables =
              views.tables(view).stream().map(TableName::getNameAsString).toList();
          String state =
              building.contains(view) ? "building" : dropped.contains(view) ? "dropping" : "active";
          viewDetails.put(view, Map.of("tables", tables, "state", state));
        }
        detail.put("views", viewDetails);
      }
    } catch (RuntimeException e) {
      detail.put("error", e.getMessage());
      return detail;
    }
    if (checkSchema) {
      detail.put("schema", schema(type));
    }
    return detail;
  }

  /**
   * "matches", the differences, or why they could not be read: reading descriptors needs CREATE,
   * which an application's principal often lacks ({@link PermissionDeniedException} then names the
   * grant); that, like any failure here, is a detail and not DOWN.
   */
  private Object schema(Class<?> type) {
    try {
      SchemaReport report = rowan.schema().check(type);
      return report.matches() ? "matches" : report.differences();
    } catch (RuntimeException e) {
      return "not checked: " + e.getMessage();
    }
  }
}
