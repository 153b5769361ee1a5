package dev.rowan.spring.boot.autoconfigure;

import dev.rowan.core.Rowan;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.core.io.Resource;
import org.springframework.data.repository.config.BootstrapMode;

/**
 * The settings of Rowan in a Spring Boot application, under the prefix {@code rowan.}: which HBase
 * cluster to connect to and how, the options of the {@link Rowan}, what happens to the schema at
 * start-up, the embedded HBase for local development and the repositories.
 *
 * <pre>
 * rowan.zookeeper.quorum=zk1.example.com,zk2.example.com,zk3.example.com
 * rowan.namespace=shop
 * rowan.schema.mode=validate
 * </pre>
 *
 * <p>Thread-safety: a mutable bean bound once at start-up; read it, do not change it afterwards.
 *
 * @since 0.1
 */
@ConfigurationProperties("rowan")
public class RowanProperties {

  /** Where the HBase cluster's ZooKeeper ensemble is. */
  private final Zookeeper zookeeper = new Zookeeper();

  /**
   * Client configuration files of the cluster to read, in order, before every other setting here
   * (for example "file:/etc/hbase/conf/hbase-site.xml", "classpath:core-site.xml"). An
   * hbase-site.xml on the class path is read in any case, as HBase's client always does.
   */
  private List<Resource> configLocations = new ArrayList<>();

  /**
   * Other HBase and Hadoop client settings, by their own names (for example
   * "rowan.properties[hbase.client.retries.number]=10"); they override the configuration files.
   */
  private Map<String, String> properties = new LinkedHashMap<>();

  /**
   * The HBase namespace that every table of the application lives in; HBase's "default" namespace
   * when unset. It must exist, unless rowan.schema.mode=create, which creates it.
   */
  private @Nullable String namespace;

  /**
   * Whether writes of entities with views return once their main rows are durable, and settle their
   * view rows on a background thread.
   */
  private boolean settleInBackground;

  /**
   * How long a write of an entity with views may be in flight before readers and other writers
   * treat it as dead: recorded on the tables {@code schema().create} makes; for tables that record
   * one, the recorded lease is used instead, so that every client of a table uses the same.
   */
  private Duration writeLease = Duration.ofSeconds(60);

  /**
   * How often the states of the views (building, dropped, new) are read again. Every client of a
   * cluster must use the same value or a shorter one.
   */
  private Duration viewRefresh = Duration.ofSeconds(10);

  /**
   * Whether writes of entities with views group their write-ahead log syncs; decided from the
   * client's hbase.wal.provider when unset. Set it when the cluster's provider differs.
   */
  private @Nullable Boolean groupCommit;

  /** Kerberos login from a keytab. */
  private final Security security = new Security();

  /** What happens to the tables of the entities at start-up. */
  private final Schema schema = new Schema();

  /** The in-process HBase for local development. */
  private final Embedded embedded = new Embedded();

  /** Repository interfaces found by auto-configuration. */
  private final Repositories repositories = new Repositories();

  /** The Rowan health indicator. */
  private final Health health = new Health();

  /** Tracing of the calls HBase's client makes for Rowan. */
  private final Tracing tracing = new Tracing();

  public Tracing getTracing() {
    return tracing;
  }

  public Zookeeper getZookeeper() {
    return zookeeper;
  }

  public List<Resource> getConfigLocations() {
    return configLocations;
  }

  public void setConfigLocations(List<Resource> configLocations) {
    this.configLocations = configLocations;
  }

  public Map<String, String> getProperties() {
    return properties;
  }

  public void setProperties(Map<String, String> properties) {
    this.properties = properties;
  }

  public @Nullable String getNamespace() {
    return namespace;
  }

  public void setNamespace(String namespace) {
    this.namespace = namespace;
  }

  public boolean isSettleInBackground() {
    return settleInBackground;
  }

  public void setSettleInBackground(boolean settleInBackground) {
    this.settleInBackground = settleInBackground;
  }

  public Duration getWriteLease() {
    return writeLease;
  }

  public void setWriteLease(Duration writeLease) {
    this.writeLease = writeLease;
  }

  public Duration getViewRefresh() {
    return viewRefresh;
  }

  public void setViewRefresh(Duration viewRefresh) {
    this.viewRefresh = viewRefresh;
  }

  public @Nullable Boolean getGroupCommit() {
    return groupCommit;
  }

  public void setGroupCommit(Boolean groupCommit) {
    this.groupCommit = groupCommit;
  }

  public Security getSecurity() {
    return security;
  }

  public Schema getSchema() {
    return schema;
  }

  public Embedded getEmbedded() {
    return embedded;
  }

  public Repositories getRepositories() {
    return repositories;
  }

  public Health getHealth() {
    return health;
  }

  /**
   * Whether these settings name a cluster: a quorum, configuration files, or a quorum among the
   * properties.
   */
  boolean namesCluster() {
    return hasText(zookeeper.quorum)
        || !configLocations.isEmpty()
        || hasText(properties.get("hbase.zookeeper.quorum"));
  }

  private static boolean hasText(@Nullable String text) {
    return text != null && !text.isBlank();
  }

  /** Where the cluster's ZooKeeper ensemble is ({@code rowan.zookeeper.*}). */
  public static class Zookeeper {

    /**
     * The ZooKeeper hosts of the cluster, comma-separated, each "host" or "host:port"
     * (hbase.zookeeper.quorum).
     */
    private @Nullable String quorum;

    /**
     * The ZooKeeper client port, for hosts given without one (hbase.zookeeper.property.clientPort).
     */
    private @Nullable Integer port;

    /**
     * The cluster's root znode in ZooKeeper (zookeeper.znode.parent), "/hbase" unless the cluster
     * says otherwise.
     */
    private @Nullable String znodeParent;

    public @Nullable String getQuorum() {
      return quorum;
    }

    public void setQuorum(String quorum) {
      this.quorum = quorum;
    }

    public @Nullable Integer getPort() {
      return port;
    }

    public void setPort(Integer port) {
      this.port = port;
    }

    public @Nullable String getZnodeParent() {
      return znodeParent;
    }

    public void setZnodeParent(String znodeParent) {
      this.znodeParent = znodeParent;
    }
  }

  /** Kerberos login from a keytab ({@code rowan.security.*}). */
  public static class Security {

    /**
     * The Kerberos principal the application logs in as (for example "orders-app@EXAMPLE.COM");
     * needs rowan.security.keytab and a configuration that says
     * hbase.security.authentication=kerberos.
     */
    private @Nullable String principal;

    /** The keytab file of rowan.security.principal. */
    private @Nullable Path keytab;

    public @Nullable String getPrincipal() {
      return principal;
    }

    public void setPrincipal(String principal) {
      this.principal = principal;
    }

    public @Nullable Path getKeytab() {
      return keytab;
    }

    public void setKeytab(Path keytab) {
      this.keytab = keytab;
    }
  }

  /** What happens to the entities' tables at start-up ({@code rowan.schema.*}). */
  public static class Schema {

    /**
     * What to do with the tables of the entities at start-up: none, validate (fail start-up when a
     * table is missing or differs from its entity's mapping) or create (create missing tables and
     * views; fail on a table that differs).
     */
    private Mode mode = Mode.NONE;

    /**
     * The entity classes that schema creation, validation and the health indicator cover; the
     * entities of the application's repositories when neither this nor rowan.schema.packages is
     * set.
     */
    private List<Class<?>> entities = new ArrayList<>();

    /**
     * Packages whose classes annotated with @Table (and their subpackages') are entities that
     * schema creation, validation and the health indicator cover, besides rowan.schema.entities.
     */
    private List<String> packages = new ArrayList<>();

    public Mode getMode() {
      return mode;
    }

    public void setMode(Mode mode) {
      this.mode = mode;
    }

    public List<Class<?>> getEntities() {
      return entities;
    }

    public void setEntities(List<Class<?>> entities) {
      this.entities = entities;
    }

    public List<String> getPackages() {
      return packages;
    }

    public void setPackages(List<String> packages) {
      this.packages = packages;
    }

    /** What happens to the entities' tables at start-up. */
    public enum Mode {
      /** Nothing: the tables are managed elsewhere (a deployment step, the command line). */
      NONE,
      /**
       * Every table must exist and match its entity's mapping, or start-up fails naming the
       * differences.
       */
      VALIDATE,
      /**
       * Missing tables, views and the namespace are created; a table that differs fails start-up.
       */
      CREATE
    }
  }

  /** The in-process HBase for local development ({@code rowan.embedded.*}). */
  public static class Embedded {

    /**
     * Whether to start an in-process HBase (rowan-test-support's EmbeddedHBase) and connect to it.
     * Unset: started when rowan-test-support is on the class path and no cluster is configured (no
     * rowan.zookeeper.quorum, no rowan.config-locations, no hbase-site.xml on the class path).
     */
    private @Nullable Boolean enabled;

    /** The directory the embedded HBase keeps its data in, across restarts. */
    private Path dataDirectory = Path.of("rowan-data");

    public @Nullable Boolean getEnabled() {
      return enabled;
    }

    public void setEnabled(Boolean enabled) {
      this.enabled = enabled;
    }

    public Path getDataDirectory() {
      return dataDirectory;
    }

    public void setDataDirectory(Path dataDirectory) {
      this.dataDirectory = dataDirectory;
    }
  }

  /** Repository interfaces found by auto-configuration ({@code rowan.repositories.*}). */
  public static class Repositories {

    /**
     * Whether repository interfaces in the application's packages are found and made beans
     * without @EnableRowanRepositories.
     */
    private boolean enabled = true;

    /**
     * When the repositories are built: default (with the context, so that a query method no table
     * or view can serve fails start-up), lazy (on first use) or deferred (in the background).
     */
    private BootstrapMode bootstrapMode = BootstrapMode.DEFAULT;

    public boolean isEnabled() {
      return enabled;
    }

    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }

    public BootstrapMode getBootstrapMode() {
      return bootstrapMode;
    }

    public void setBootstrapMode(BootstrapMode bootstrapMode) {
      this.bootstrapMode = bootstrapMode;
    }
  }

  /** The Rowan health indicator ({@code rowan.health.*}). */
  public static class Health {

    /** How long the health indicator waits for the cluster to answer before it reports DOWN. */
    private Duration timeout = Duration.ofSeconds(5);

    /**
     * Whether the health indicator compares each entity's tables with its mapping (reads the
     * tables' descriptors, which needs CREATE or ADMIN on them) and reports the differences.
     */
    private boolean checkSchema = true;

    public Duration getTimeout() {
      return timeout;
    }

    public void setTimeout(Duration timeout) {
      this.timeout = timeout;
    }

    public boolean isCheckSchema() {
      return checkSchema;
    }

    public void setCheckSchema(boolean checkSchema) {
      this.checkSchema = checkSchema;
    }
  }

  /** Tracing of the calls HBase's client makes for Rowan ({@code rowan.tracing.*}). */
  public static class Tracing {

    /**
     * Whether the application's OpenTelemetry bean becomes GlobalOpenTelemetry at start-up (when no
     * other is), which HBase's client makes its spans with: then HBase's spans (SCAN, GET,
     * CHECK_AND_MUTATE, ...) nest under the span of the repository call that made them.
     */
    private boolean registerGlobal = true;

    public boolean isRegisterGlobal() {
      return registerGlobal;
    }

    public void setRegisterGlobal(boolean registerGlobal) {
      this.registerGlobal = registerGlobal;
    }
  }
}
