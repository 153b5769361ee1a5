package dev.rowan.core;

import dev.rowan.core.internal.context.WriteOptions;
import dev.rowan.core.internal.period.PeriodStorage;
import dev.rowan.core.internal.period.PeriodStores;
import dev.rowan.core.internal.plumbing.BackgroundSettles;
import dev.rowan.core.internal.plumbing.HBaseCalls;
import dev.rowan.core.internal.repository.EntityStorage;
import dev.rowan.core.internal.repository.EntityStore;
import dev.rowan.core.internal.repository.RepositoryFactory;
import dev.rowan.core.internal.repository.TableSetStorage;
import dev.rowan.core.internal.schema.SchemaAdmin;
import dev.rowan.core.spi.ProtocolHook;
import dev.rowan.index.CommitSync;
import dev.rowan.mapping.EntityModel;
import io.micrometer.observation.ObservationRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.security.UserGroupInformation;
import org.jspecify.annotations.Nullable;

/**
 * The entry point to Rowan: a connection to HBase, the schema of mapped entities, and the
 * repositories that read and write them.
 *
 * <p>Obtain one with {@link #connect(Configuration)} (Rowan opens and owns the HBase connection) or
 * {@link #connect(Connection)} (the caller keeps ownership), or with {@link #builder(Connection)}
 * to set options such as the namespace all tables live in.
 *
 * <p>Thread-safety: an instance is thread-safe and meant to be shared by the whole application.
 *
 * @since 0.1
 */
public final class Rowan implements AutoCloseable {

  private final Connection connection;
  private final boolean ownsConnection;
  private final @Nullable String namespace;
  private final ProtocolHook hook;
  private final Duration writeLease;
  private final Duration viewRefresh;
  private final boolean groupCommit;
  private final @Nullable BackgroundSettles background;
  private final ObservationRegistry observations;
  private final Schema schema = new Schema(this);
  private final Map<Class<?>, EntityStorage<?>> storages = new ConcurrentHashMap<>();
  private final Map<Class<?>, Object> repositories = new ConcurrentHashMap<>();

  /** How long a write may be in flight before readers and other writers treat it as dead. */
  public static final Duration DEFAULT_WRITE_LEASE = Duration.ofSeconds(60);

  /** How often every client reads the views' states again ({@link Builder#viewRefresh}). */
  public static final Duration DEFAULT_VIEW_REFRESH = Duration.ofSeconds(10);

  /** How long {@link #close()} waits for settles running in the background. */
  private static final Duration SETTLE_ON_CLOSE = Duration.ofMinutes(1);

  private Rowan(
      Connection connection,
      boolean ownsConnection,
      @Nullable String namespace,
      ProtocolHook hook,
      Duration writeLease,
      Duration viewRefresh,
      @Nullable Boolean groupCommit,
      boolean settleInBackground,
      ObservationRegistry observations) {
    this.connection = connection;
    this.ownsConnection = ownsConnection;
    this.namespace = namespace;
    this.hook = hook;
    this.writeLease = writeLease;
    this.viewRefresh = viewRefresh;
    this.groupCommit =
        groupCommit != null ? groupCommit : CommitSync.supportedBy(connection.getConfiguration());
    this.background = settleInBackground ? new BackgroundSettles(SETTLE_ON_CLOSE) : null;
    this.observations = observations;
  }

  /**
   * Opens a connection to the cluster that {@code configuration} names and returns a Rowan that
   * closes it on {@link #close()}.
   *
   * @throws DataAccessException when the connection cannot be opened, naming the cluster it tried
   *     (its masters, or its ZooKeeper quorum, port and parent znode)
   */
  public static Rowan connect(Configuration configuration) {
    Objects.requireNonNull(configuration, "configuration");
    return new Builder(HBaseCalls.connect(configuration, ConnectionFactory::createConnection))
        .build(true);
  }

  /**
   * Makes connections opened with {@code configuration} log in to a Kerberized cluster from a
   * keytab: sets HBase's client keys {@code hbase.client.keytab.principal} and {@code
   * hbase.client.keytab.file}, with which HBase's {@code ConnectionFactory} (and so {@link
   * #connect(Configuration)}) logs in as {@code principal} and renews the ticket from the keytab
   * for as long as the connection is open ({@code hbase.client.keytab.automatic.renewal}, true by
   * default). Without them HBase uses the ticket cache of {@code kinit}.
   *
   * <p>HBase logs in only when Hadoop's login ({@code UserGroupInformation}) has security on, which
   * it reads from the {@code core-site.xml} on the class path. When it does not have it on, this
   * sets it from {@code configuration}: with {@code hadoop.security.authentication=kerberos} and
   * the rest of its Hadoop security keys ({@code hadoop.security.auth_to_local}, ...). That is
   * JVM-wide state, as every Hadoop client's login is.
   *
   * <pre>{@code
   * Configuration conf = HBaseConfiguration.create();   // the cluster's hbase-site.xml on the class path
   * try (Rowan rowan = Rowan.connect(Rowan.keytabLogin(conf, "orders-app@EXAMPLE.COM",
   *     Path.of("/etc/security/keytabs/orders-app.keytab")))) { ... }
   * }</pre>
   *
   * @return {@code configuration}, changed
   * @throws IllegalArgumentException when the principal is blank, when the keytab is not a readable
   *     file, or when {@code configuration} does not say {@code
   *     hbase.security.authentication=kerberos} (HBase would ignore the keytab)
   * @throws IllegalStateException when Hadoop's login cannot read the JVM's Kerberos configuration
   */
  public static Configuration keytabLogin(
      Configuration configuration, String principal, Path keytab) {
    Objects.requireNonNull(configuration, "configuration");
    Objects.requireNonNull(keytab, "keytab");
    if (principal == null || principal.isBlank()) {
      throw new IllegalArgumentException("a keytab login needs a principal (e.g. app@EXAMPLE.COM)");
    }
    if (!Files.isRegularFile(keytab) || !Files.isReadable(keytab)) {
      throw new IllegalArgumentException(
          "the keytab "
              + keytab.toAbsolutePath()
              + " of "
              + principal
              + " is "
              + (Files.exists(keytab) ? "not a readable file" : "missing"));
    }
    String authentication = configuration.get("hbase.security.authentication");
    if (!"kerberos".equalsIgnoreCase(authentication)) {
      throw new IllegalArgumentException(
          "a keytab login for "
              + principal
              + " needs a configuration that says"
              + " hbase.security.authentication=kerberos (it says "
              + (authentication == null ? "nothing" : authentication)
              + "): HBase's client would ignore the keytab; give it the cluster's hbase-site.xml");
    }
    configuration.set("hbase.client.keytab.principal", principal);
    configuration.set("hbase.client.keytab.file", keytab.toAbsolutePath().toString());
    if (!UserGroupInformation.isSecurityEnabled()) {
      Configuration hadoop = new Configuration(configuration);
      hadoop.set("hadoop.security.authentication", "kerberos");
      try {
        UserGroupInformation.setConfiguration(hadoop);
      } catch (IllegalArgumentException e) {
        throw new IllegalStateException(
            "Hadoop's login cannot read the Kerberos configuration (the realm): give the"
                + " JVM the cluster's krb5.conf (/etc/krb5.conf, or -Djava.security.krb5.conf=file) and, on Java 17,"
                + " --add-exports=java.security.jgss/sun.security.krb5=ALL-UNNAMED",
            e);
      }
    }
    return configuration;
  }

  /** Returns a Rowan over an open connection; the caller keeps ownership of the connection. */
  public static Rowan connect(Connection connection) {
    return builder(connection).build();
  }

  /** Starts building a Rowan over an open connection that the caller keeps ownership of. */
  public static Builder builder(Connection connection) {
    return new Builder(Objects.requireNonNull(connection, "connection"));
  }

  /** The HBase connection this Rowan reads and writes through. */
  public Connection connection() {
    return connection;
  }

  /**
   * The namespace that every table of this Rowan lives in, or {@code null} for HBase's {@code
   * default} namespace.
   */
  public @Nullable String namespace() {
    return namespace;
  }

  /**
   * How long a write of this Rowan may be in flight before others treat it as dead ({@link
   * Builder#writeLease}): the lease {@code schema().create} records on the main tables it creates,
   * and that this Rowan uses for tables recording none. For the tables of an entity it opens, it
   * uses the lease they record ({@link Schema#writeLease}).
   */
  public Duration writeLease() {
    return writeLease;
  }

  /**
   * Where this Rowan reports its observations ({@link Builder#observationRegistry}); a no-op unless
   * set.
   */
  public ObservationRegistry observationRegistry() {
    return observations;
  }

  /** How often this Rowan reads the views' states again ({@link Builder#viewRefresh}). */
  public Duration viewRefresh() {
    return viewRefresh;
  }

  /** The full name of a table of this Rowan, qualified by its namespace when one is set. */
  public TableName tableName(String table) {
    return namespace == null ? TableName.valueOf(table) : TableName.valueOf(namespace, table);
  }

  /** Creates, checks and drops the tables of mapped entities. */
  public Schema schema() {
    return schema;
  }

  /**
   * The repository implementing {@code repositoryType}, an interface (or abstract class) that
   * extends {@link HBaseRepository}; built and checked on first use, then cached.
   *
   * @throws dev.rowan.mapping.MappingException when its entity cannot be mapped
   * @throws QueryMethodException listing every query method that cannot be served
   * @throws SchemaMismatchException when a table of the entity records another key layout than its
   *     mapping's (read once per entity, when its first repository or view reader is built; tables
   *     that record no layout are accepted, with a warning in the log), or, of an entity kept in
   *     one table per period, when tables of its table name are named for periods of another length
   *     (each period's layout is read when the period is first used)
   * @throws PermissionDeniedException when the principal may not READ the catalog of the entity's
   *     namespace ({@code rowan_catalog}), naming the grant that would allow it
   * @throws DataAccessException when HBase fails
   */
  public <R extends HBaseRepository<?>> R repository(Class<R> repositoryType) {
    Objects.requireNonNull(repositoryType, "repositoryType");
    return repositoryType.cast(
        repositories.computeIfAbsent(
            repositoryType,
            type ->
                RepositoryFactory.create(this::storage, repositoryType, observations, background)));
  }

  /**
   * The views of {@code entityType}, read directly by name, for diagnostics and tests ({@link
   * EntityViews}); of an entity kept in one table per period, in every period that exists.
   *
   * @throws dev.rowan.mapping.MappingException when the entity cannot be mapped
   * @throws SchemaMismatchException when a table of the entity records another key layout than its
   *     mapping's
   * @throws DataAccessException when HBase fails
   */
  public <T> EntityViews<T> views(Class<T> entityType) {
    return new EntityViews<>(storage(Objects.requireNonNull(entityType, "entityType")).views());
  }

  /**
   * A question about {@code entityType}'s entities asked in code, for what a query method's name
   * cannot say ({@link EntityQuery}): planned and checked as a query method is (of an entity kept
   * in one table per period, as its period query methods are).
   *
   * @throws dev.rowan.mapping.MappingException when the entity cannot be mapped
   * @throws SchemaMismatchException when a table of the entity records another key layout than its
   *     mapping's
   * @throws DataAccessException when HBase fails
   */
  public <T> EntityQuery<T> query(Class<T> entityType) {
    return new EntityQuery<>(storage(Objects.requireNonNull(entityType, "entityType")).planner());
  }

  /**
   * The storage of {@code entityType}'s entities: the part of Rowan that talks to HBase, chosen
   * here, once per entity, by how its tables are laid out: one set of tables ({@link
   * TableSetStorage}), or one per period for an entity kept in one table per period
   * ({@code @TablePerPeriod}, {@link PeriodStorage}).
   *
   * <p>For one set, building it reads the records of the entity's tables in the namespace's catalog
   * once (READ on it is all it needs; no {@code Admin} call), and refuses tables whose recorded key
   * layout differs from the mapping's. Missing tables, and tables that record no layout (created by
   * hand), are accepted, the latter with a warning in the log; tables an older Rowan made (which
   * the catalog does not record) are checked by their descriptors, which needs CREATE. Per period,
   * it refuses tables named for periods of another length, and each period's store is built (and
   * its layouts checked) when first used.
   *
   * @throws dev.rowan.mapping.MappingException when the entity cannot be mapped
   * @throws SchemaMismatchException when a table records another key layout, naming the entity and
   *     table and showing both layouts
   * @throws DataAccessException when HBase fails
   */
  @SuppressWarnings("unchecked")
  private <T> EntityStorage<T> storage(Class<T> entityType) {
    return (EntityStorage<T>)
        storages.computeIfAbsent(
            entityType,
            type -> {
              EntityModel<T> model = EntityModel.of(entityType);
              return model.periods() == null
                  ? new TableSetStorage<>(store(model, this::tableName))
                  : periodStorage(model);
            });
  }

  /**
   * The store of {@code model}'s tables named by {@code names}, once their recorded layouts are
   * checked, with the write lease their main table records.
   */
  private <T> EntityStore<T> store(EntityModel<T> model, Function<String, TableName> names) {
    Duration lease = new SchemaAdmin(connection, namespace, names).requireLayout(model, writeLease);
    return new EntityStore<>(
        connection,
        model,
        names,
        new WriteOptions(hook, lease, viewRefresh, groupCommit, background));
  }

  /**
   * The storage of {@code model}, kept in one table per period, once no table is named for periods
   * of another length.
   */
  private <T> EntityStorage<T> periodStorage(EntityModel<T> model) {
    new SchemaAdmin(connection, namespace, this::tableName).periods().requireOnePeriodLength(model);
    return new PeriodStorage<>(
        new PeriodStores<>(
            connection,
            model,
            this::tableName,
            names -> store(model, names),
            viewRefresh.toMillis()));
  }

  /**
   * Forgets what this Rowan knows of the tables of {@code entityType} (the periods it listed),
   * after its schema made or dropped some: its next call looks again.
   */
  void tablesChanged(Class<?> entityType) {
    EntityStorage<?> known = storages.get(entityType);
    if (known != null) {
      known.tablesChanged();
    }
  }

  /**
   * Closes this Rowan: waits for the view rows of writes settled in the background ({@link
   * Builder#settleInBackground}, up to a minute), then closes the HBase connection if this Rowan
   * opened it.
   */
  @Override
  public void close() {
    if (background != null) {
      background.close();
    }
    if (ownsConnection) {
      HBaseCalls.close(connection);
    }
  }

  /**
   * Options of a Rowan. Each option may be set once; setting one twice is an error that shows the
   * earlier value.
   *
   * <p>Thread-safety: a builder is not thread-safe.
   */
  public static final class Builder {
    private final Connection connection;
    private @Nullable String namespace;
    private @Nullable ProtocolHook hook;
    private @Nullable Duration writeLease;
    private @Nullable Duration viewRefresh;
    private @Nullable Boolean groupCommit;
    private @Nullable Boolean settleInBackground;
    private @Nullable ObservationRegistry observationRegistry;

    private Builder(Connection connection) {
      this.connection = connection;
    }

    /**
     * Puts every table of this Rowan in {@code namespace} (which must exist).
     *
     * @throws IllegalStateException when the namespace was already set
     * @throws IllegalArgumentException when the name is not a legal HBase namespace
     */
    public Builder namespace(String namespace) {
      if (this.namespace != null) {
        throw new IllegalStateException("namespace was already set to " + this.namespace);
      }
      Objects.requireNonNull(namespace, "namespace");
      TableName.isLegalNamespaceName(Bytes.toBytes(namespace));
      this.namespace =
          NamespaceDescriptor.DEFAULT_NAMESPACE_NAME_STR.equals(namespace) ? null : namespace;
      return this;
    }

    /**
     * Calls {@code hook} between the steps of every write of entities with views.
     *
     * @throws IllegalStateException when the hook was already set
     */
    public Builder protocolHook(ProtocolHook hook) {
      if (this.hook != null) {
        throw new IllegalStateException("protocolHook was already set to " + this.hook);
      }
      this.hook = Objects.requireNonNull(hook, "hook");
      return this;
    }

    /**
     * How long a write of an entity with views may take from its first view row to its main row
     * ({@link #DEFAULT_WRITE_LEASE} unless set). Past it, a reader that meets the write's
     * unverified view rows fences the main row, so that the write can no longer commit, and cleans
     * up after it; a unique key claimed by it may be taken over. A writer paused for longer than
     * the lease retries, or for a unique view may lose its claim (docs/view-consistency.md).
     *
     * <p>Every client of a table must use the same lease: the lease also bounds how late a writer
     * settles its view rows, and a reader with a shorter one could delete a row before a writer's
     * settle lands on it. So {@code schema().create} records this lease on the main tables it
     * creates (and on those made before leases were recorded), and every Rowan uses the lease a
     * table records, whatever its own, warning where they differ ({@link Schema#writeLease}).
     *
     * @throws IllegalStateException when the lease was already set
     * @throws IllegalArgumentException when the lease is not positive
     */
    public Builder writeLease(Duration lease) {
      if (this.writeLease != null) {
        throw new IllegalStateException("writeLease was already set to " + this.writeLease);
      }
      Objects.requireNonNull(lease, "lease");
      if (lease.isNegative() || lease.isZero()) {
        throw new IllegalArgumentException("a write lease must be positive, not " + lease);
      }
      this.writeLease = lease;
      return this;
    }

    /**
     * How often this Rowan reads again the states of the views of each entity it has opened ({@link
     * #DEFAULT_VIEW_REFRESH} unless set): which views are building, dropped, or added by a newer
     * version of an entity class (docs/view-consistency.md, "Views on live tables"). {@code
     * schema().dropView} and {@code RebuildViews} wait three times the refresh of the Rowan that
     * runs them for every client to know, so every client of a cluster must use the same value or a
     * shorter one.
     *
     * @throws IllegalStateException when it was already set
     * @throws IllegalArgumentException when it is not positive
     */
    public Builder viewRefresh(Duration refresh) {
      if (this.viewRefresh != null) {
        throw new IllegalStateException("viewRefresh was already set to " + this.viewRefresh);
      }
      Objects.requireNonNull(refresh, "refresh");
      if (refresh.isNegative() || refresh.isZero()) {
        throw new IllegalArgumentException("a view refresh must be positive, not " + refresh);
      }
      this.viewRefresh = refresh;
      return this;
    }

    /**
     * Whether writes of entities with views group their commits: each main row is committed without
     * waiting for its write-ahead log sync, and each region a batch touched is then synced once,
     * before the write returns (docs/view-consistency.md, step 3). Unless set, commits are grouped
     * when the connection's configuration names a write-ahead log provider that syncs every earlier
     * edit with a later one: HBase 2's default {@code asyncfs}, alone or behind {@code multiwal},
     * but not the older {@code filesystem}. Set it where the cluster's {@code hbase.wal.provider}
     * differs from the client's configuration.
     *
     * @throws IllegalStateException when it was already set
     */
    public Builder groupCommit(boolean grouped) {
      if (this.groupCommit != null) {
        throw new IllegalStateException("groupCommit was already set to " + this.groupCommit);
      }
      this.groupCommit = grouped;
      return this;
    }

    /**
     * Whether writes of entities with views return before their view rows are settled (off unless
     * set): a save returns once its main rows are durable, and step four (writing its view rows
     * verified, deleting the retired ones) runs on a background thread of this Rowan, as Phoenix's
     * lazy index post-writes do. One round trip less per write; in exchange, a read that comes
     * before the settle checks the unsettled view rows against their main rows (one more get) and
     * repairs them. Answers stay right either way (docs/view-consistency.md). {@link Rowan#close()}
     * waits for the settles still queued; those lost with the process are repaired by readers, as
     * after a crash.
     *
     * @throws IllegalStateException when it was already set
     */
    public Builder settleInBackground(boolean background) {
      if (this.settleInBackground != null) {
        throw new IllegalStateException(
            "settleInBackground was already set to " + this.settleInBackground);
      }
      this.settleInBackground = background;
      return this;
    }

    /**
     * Reports every repository call as a Micrometer observation to {@code registry}: its timer
     * (with the {@code DefaultMeterObservationHandler}) and span (with Micrometer Tracing), and
     * what it cost (docs/observability.md). Observations are a no-op unless set.
     *
     * @throws IllegalStateException when it was already set
     */
    public Builder observationRegistry(ObservationRegistry registry) {
      if (this.observationRegistry != null) {
        throw new IllegalStateException(
            "observationRegistry was already set to " + this.observationRegistry);
      }
      this.observationRegistry = Objects.requireNonNull(registry, "registry");
      return this;
    }

    /** Returns the Rowan; the caller keeps ownership of the connection. */
    public Rowan build() {
      return build(false);
    }

    /**
     * The Rowan of these settings, each unset one at its default; it closes the connection if it
     * {@code owns} it.
     */
    private Rowan build(boolean owns) {
      return new Rowan(
          connection,
          owns,
          namespace,
          hook == null ? ProtocolHook.NONE : hook,
          writeLease == null ? DEFAULT_WRITE_LEASE : writeLease,
          viewRefresh == null ? DEFAULT_VIEW_REFRESH : viewRefresh,
          groupCommit,
          Boolean.TRUE.equals(settleInBackground),
          observationRegistry == null ? ObservationRegistry.NOOP : observationRegistry);
    }
  }
}
