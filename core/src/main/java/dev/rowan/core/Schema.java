package dev.rowan.core;

import dev.rowan.core.internal.schema.PeriodSchema;
import dev.rowan.core.internal.schema.SchemaAdmin;
import dev.rowan.core.internal.schema.ViewLifecycle;
import dev.rowan.core.internal.schema.ViewLifecycles;
import dev.rowan.core.internal.schema.WriteLeases;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.ViewDefinition;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Creates, checks and drops the tables of mapped entities: the main table and every view table,
 * with the column families of {@code @Family}, the pre-split points of the salt (or of a {@link
 * SplitPolicy} for an unsalted entity), and the key layout each table records.
 *
 * <p>Every table records the layout of its keys (salt buckets and function, key parts in order with
 * their types and transforms, hash prefix, column key, view key, unique flag and carried columns of
 * a narrow view) as table values {@code rowan.layout} and {@code rowan.layout.fingerprint}. A
 * mapping whose layout differs from the recorded one cannot find or read the stored rows: {@link
 * #check} reports it, {@link #create} refuses it, and so does {@link Rowan#repository}
 * (docs/row-keys.md, "Layout changes").
 *
 * <pre>{@code
 * rowan.schema().create(Order.class);            // a no-op when the tables exist and match
 * SchemaReport report = rowan.schema().check(Order.class);
 * if (!report.matches()) {
 *   report.differences().forEach(System.out::println);
 * }
 * }</pre>
 *
 * <p>Thread-safety: thread-safe. Several threads or processes may create the same tables at once: a
 * table that another one created first is compared with the mapping instead.
 *
 * @since 0.1
 */
public final class Schema {

  private final Rowan rowan;

  Schema(Rowan rowan) {
    this.rowan = rowan;
  }

  /**
   * Creates the table and view tables of {@code entityType}, and the Rowan's namespace when it is
   * missing; a no-op for tables that exist and match the entity. An entity kept in one table per
   * period ({@code @TablePerPeriod}) gets the tables of the current period and of those ahead, and
   * a view it declares that a period which exists lacks is added to that period, building, as to a
   * single main table that exists (docs/row-keys.md, "Time-period tables"). The main table is
   * pre-split by the salt, one region per bucket (or {@code regionsPerBucket}); an unsalted one is
   * a single region.
   *
   * <p>Each table is recorded (its key layout, the views a main table names, a view's state) in the
   * namespace's catalog table {@code rowan_catalog}, made on first use, before the table is made;
   * tables an older Rowan made are recorded from their descriptors. A deployer needs CREATE on the
   * namespace (ADMIN only when the namespace itself is missing) and WRITE on the catalog, which
   * HBase grants to whoever creates it (docs/security.md).
   *
   * @throws SchemaMismatchException when a table exists but differs from the entity (its families,
   *     its recorded key layout, or it records none), or, of an entity kept in one table per
   *     period, tables of its table name are named for periods of another length; then no table is
   *     created or changed
   * @throws dev.rowan.mapping.MappingException when the entity cannot be mapped, or a
   *     {@code @Cyclic} key part's cycle is not longer than a family's TTL plus twice the major
   *     compaction interval (docs/row-keys.md, "The TTL rule"); then nothing is created
   * @throws DataAccessException when HBase fails
   */
  public void create(Class<?> entityType) {
    create(entityType, SplitPolicy.salted());
  }

  /**
   * Creates the tables of {@code entityType} as {@link #create(Class)} does, pre-splitting the main
   * table as {@code splits} says; view tables are split by their own salt. The split policy only
   * matters when the main table is created.
   *
   * @throws IllegalArgumentException when {@code splits} is not {@link SplitPolicy#salted()} and
   *     the entity is salted (its salt decides its splits), or a split file repeats a key
   * @throws java.io.UncheckedIOException when a split file cannot be read
   * @throws SchemaMismatchException when a table exists but differs from the entity; then no table
   *     is created or changed
   * @throws dev.rowan.mapping.MappingException when the entity cannot be mapped
   * @throws DataAccessException when HBase fails
   */
  public void create(Class<?> entityType, SplitPolicy splits) {
    try {
      admin().create(entityType, splits, rowan.writeLease());
    } finally {
      rowan.tablesChanged(entityType);
    }
  }

  /**
   * Compares the live tables of {@code entityType} with its mapping: missing tables, missing and
   * extra column families, family settings that differ (max versions, min versions, time to live,
   * keep deleted cells, bloom filter, compression, block size, in-memory, block cache, data block
   * encoding, replication scope, new version behavior), a recorded key layout that differs from the
   * mapping's (both shown), and a table that records no layout. It also reports view tables still
   * building or being dropped, declared views the main table no longer names, and tables named as
   * views that the entity does not declare. Split points are not compared, since regions change as
   * tables grow.
   *
   * @throws dev.rowan.mapping.MappingException when the entity cannot be mapped
   *     <p>Reads the tables' descriptors, which needs CREATE (or ADMIN) on them, and the catalog
   *     ({@code rowan_catalog} of the namespace; READ), where key layouts and view states are
   *     recorded for every client to read (docs/security.md).
   * @throws DataAccessException when HBase fails
   */
  public SchemaReport check(Class<?> entityType) {
    return admin().check(entityType);
  }

  /**
   * Records the mapping's key layout on the existing tables of {@code entityType} that record none:
   * tables created by hand or by a Rowan that did not record layouts. Call it only when the rows of
   * those tables were written with this mapping; Rowan cannot check that.
   *
   * @throws SchemaMismatchException when a table is missing, its column families differ, or it
   *     records another layout; then nothing is recorded
   * @throws dev.rowan.mapping.MappingException when the entity cannot be mapped
   * @throws DataAccessException when HBase fails
   */
  public void recordLayout(Class<?> entityType) {
    admin().recordLayout(entityType); // of each period's tables, for an entity kept per period
  }

  /**
   * The views of {@code entityType} that are still building: added by {@link #create} to a main
   * table that held data, and not yet filled by {@code RebuildViews}. Writers maintain them;
   * queries do not read them (docs/view-consistency.md, "Views added to a table that holds data").
   * For an entity kept in one table per period, the views building in some period that exists (each
   * period's views have their own states, as a single table's).
   *
   * @throws DataAccessException when HBase fails
   */
  public Set<String> buildingViews(Class<?> entityType) {
    return views(entityType).buildingViews();
  }

  /**
   * The views {@code entityType} declares that its main table no longer names: dropped by {@link
   * #dropView}, so that no client writes or reads them; {@link #create} adds them again, building.
   * What {@code VerifyViews} and {@code RebuildViews} leave alone. For an entity kept in one table
   * per period, the views some period's main table does not name (made before the view was
   * declared, until {@link #create} adds it there, or dropped).
   *
   * @throws DataAccessException when HBase fails
   */
  public Set<String> droppedViews(Class<?> entityType) {
    return views(entityType).droppedViews();
  }

  /**
   * Makes the building views of {@code entityType} active, so that queries read them: what {@code
   * RebuildViews} does once it has filled them. Call it by hand only for views whose rows are
   * complete (filled with no save running, or by {@code RebuildViews}). For an entity kept in one
   * table per period, in every period that exists.
   *
   * @return the names of the views made active
   * @throws DataAccessException when HBase fails
   */
  public Set<String> activateViews(Class<?> entityType) {
    return views(entityType).activateViews();
  }

  /**
   * Makes the building views of {@code entityType} named in {@code views} active, leaving any other
   * building view as it is.
   *
   * @return the names of the views made active
   * @throws DataAccessException when HBase fails
   */
  public Set<String> activateViews(Class<?> entityType, Collection<String> views) {
    return views(entityType).activateOnly(views);
  }

  /**
   * Waits until three times the view refresh ({@link Rowan.Builder#viewRefresh}) and a second have
   * passed since the building views of {@code entityType} were added, when every client knows them
   * (docs/view-consistency.md, "Views on live tables"): from then on no writer writes the entity
   * without maintaining them (a writer whose class does not declare one refuses to write), so a
   * scan of the main table that starts then sees every entity written without them. What {@code
   * RebuildViews} does before it reads the main table. For an entity kept in one table per period,
   * the building views of every period that exists.
   *
   * @return how long it waited
   * @throws DataAccessException when HBase fails, or the wait is interrupted
   */
  public Duration awaitBuildingViewsKnown(Class<?> entityType) {
    long began = System.nanoTime();
    views(entityType).awaitNotice();
    return Duration.ofNanos(System.nanoTime() - began);
  }

  /**
   * Drops view {@code view} of {@code entityType}'s table while the application reads and writes
   * it: the main table stops naming the view, so that every client stops reading and writing it
   * within twice its view refresh ({@link Rowan.Builder#viewRefresh}), including writers whose
   * class still declares it; once every client knows (three times the refresh and a second later:
   * this call waits), the view's table is deleted. The entity class may have dropped its
   * {@code @Index} already; a class that still declares the view treats it as dropped until {@link
   * #create} adds it again, building. For an entity kept in one table per period, the view is
   * dropped from every period that has its table, with one wait for all of them; periods made later
   * (by {@link #create}, while a class still declares it) have it again.
   *
   * @throws IllegalArgumentException when the main table or the view's table does not exist; for an
   *     entity kept in one table per period, when no period has the view's table
   * @throws DataAccessException when HBase fails, or the wait is interrupted
   */
  public void dropView(Class<?> entityType, String view) {
    views(entityType).dropView(view);
  }

  /**
   * The periods of {@code entityType}, kept in one table per period ({@code @TablePerPeriod}),
   * whose tables exist: each named by the day it starts on (UTC), oldest first.
   *
   * @throws IllegalArgumentException when the entity is not kept in one table per period
   * @throws DataAccessException when HBase fails
   */
  public List<LocalDate> periods(Class<?> entityType) {
    return admin().periods().existing(periodic(entityType));
  }

  /**
   * Creates the missing tables of every period of {@code entityType} from the one holding {@code
   * from} to the one holding {@code to}: for a backfill of older entities, or periods further ahead
   * than {@code @TablePerPeriod(ahead)} ({@link #create} makes the current period and those ahead).
   * Each period's tables are created as {@link #create} creates an entity's.
   *
   * @return the periods, each named by the day it starts on, oldest first
   * @throws IllegalArgumentException when the entity is not kept in one table per period
   * @throws SchemaMismatchException when a period's table exists but differs from the entity, or
   *     tables of its table name are named for periods of another length
   * @throws DataAccessException when HBase fails
   */
  public List<LocalDate> createPeriods(Class<?> entityType, LocalDate from, LocalDate to) {
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(to, "to");
    EntityModel<?> model = periodic(entityType);
    if (to.isBefore(from)) {
      throw new IllegalArgumentException(
          "createPeriods("
              + model.entityName()
              + ", "
              + from
              + ", "
              + to
              + "): the last"
              + " day is before the first");
    }
    try {
      return admin()
          .periods()
          .createPeriods(model, from, to, SplitPolicy.salted(), rowan.writeLease());
    } finally {
      rowan.tablesChanged(entityType);
    }
  }

  /**
   * Drops the tables of the periods of {@code entityType} older than it keeps
   * ({@code @TablePerPeriod(keep)}, the current period included): the retention of a table per
   * period, a table delete per period instead of TTL expiry and compactions. Run it from a daily
   * job; this Rowan's queries stop reading a dropped period at once, other clients' within their
   * view refresh (until then, a query that finds a period's tables gone reads it as empty).
   *
   * @return the periods dropped, each named by the day it starts on; empty when the entity keeps
   *     every period
   * @throws IllegalArgumentException when the entity is not kept in one table per period
   * @throws DataAccessException when HBase fails
   */
  public List<LocalDate> dropExpiredPeriods(Class<?> entityType) {
    try {
      return admin().periods().dropExpired(periodic(entityType), LocalDate.now(ZoneOffset.UTC));
    } finally {
      rowan.tablesChanged(entityType);
    }
  }

  private static EntityModel<?> periodic(Class<?> entityType) {
    return PeriodSchema.periodic(entityType);
  }

  /**
   * Disables and deletes the table and view tables of {@code entityType} that exist; missing ones
   * are skipped.
   *
   * @throws dev.rowan.mapping.MappingException when the entity cannot be mapped
   * @throws DataAccessException when HBase fails
   */
  public void drop(Class<?> entityType) {
    try {
      admin().drop(entityType);
    } finally {
      rowan.tablesChanged(entityType);
    }
  }

  /**
   * The sets of {@code entityType}'s tables, each a main table and a table per view it declares:
   * one for an entity kept in one table (whether or not its tables exist); for an entity kept in
   * one table per period ({@code @TablePerPeriod}), one per period whose main table exists, oldest
   * first ({@link #periods}). For tools that read or list every table of an entity, whichever way
   * it is kept.
   *
   * @throws dev.rowan.mapping.MappingException when the entity cannot be mapped
   * @throws DataAccessException when HBase fails listing the periods
   */
  public List<TableSet> tableSets(Class<?> entityType) {
    EntityModel<?> model = EntityModel.of(entityType);
    List<String> views = model.views().stream().map(ViewDefinition::name).toList();
    return admin().tableSets(model).sets(model).stream()
        .map(set -> new TableSet(set.period(), set.names().apply(model.tableName()), views))
        .toList();
  }

  /**
   * The write lease every client uses for the tables of {@code set} (docs/view-consistency.md, "The
   * settle window"): the one {@link #create} recorded on its main table, or, where it records none
   * (tables created before Rowan recorded leases, until {@code create} runs again), this Rowan's
   * ({@link Rowan#writeLease}). Repositories use it from the moment they open the tables, and the
   * view jobs take it into their tasks.
   *
   * @throws PermissionDeniedException when the principal may not READ the catalog of the set's
   *     namespace
   * @throws DataAccessException when HBase fails
   * @since 0.3
   */
  public Duration writeLease(TableSet set) {
    Objects.requireNonNull(set, "set");
    return WriteLeases.effective(
        set.mainTable(), admin().recordedWriteLease(set.mainTable()), rowan.writeLease());
  }

  /**
   * The write lease recorded on the main table of {@code set} ({@link #writeLease}), which every
   * client of its tables uses; empty where none is recorded (tables created before Rowan recorded
   * leases, until {@link #create} runs again), whose clients each use their own.
   *
   * @throws PermissionDeniedException when the principal may not READ the catalog of the set's
   *     namespace
   * @throws DataAccessException when HBase fails
   * @since 0.3
   */
  public Optional<Duration> recordedWriteLease(TableSet set) {
    Objects.requireNonNull(set, "set");
    return admin().recordedWriteLease(set.mainTable());
  }

  /**
   * Records {@code lease} as the write lease of the tables of {@code entityType} (of each period's,
   * for an entity kept in one table per period), in place of the one {@link #create} recorded
   * ({@link #writeLease}). A client reads the lease when it opens the tables, and every client of a
   * table must use the same (docs/view-consistency.md, "One lease per table"): stop every client of
   * the tables first and start them again after, or those that opened them before keep the old
   * lease. A table made before leases were recorded is recorded in the catalog first.
   *
   * @throws IllegalArgumentException when the lease is not positive
   * @throws SchemaMismatchException when a main table of the entity is missing
   * @throws PermissionDeniedException when the principal may not WRITE the catalog of the tables'
   *     namespace
   * @throws DataAccessException when HBase fails
   * @since 0.3
   */
  public void changeWriteLease(Class<?> entityType, Duration lease) {
    Objects.requireNonNull(lease, "lease");
    if (lease.isNegative() || lease.isZero()) {
      throw new IllegalArgumentException("a write lease must be positive, not " + lease);
    }
    admin().changeWriteLease(entityType, lease);
  }

  /**
   * Built per call, as {@link #admin()}: the views' states on the main table of each set of {@code
   * entityType}'s tables.
   */
  private ViewLifecycles views(Class<?> entityType) {
    return ViewLifecycles.of(
        rowan.connection(), rowan::tableName, rowan.viewRefresh(), EntityModel.of(entityType));
  }

  /**
   * Checks that the tables of {@code period} of {@code entityType}, kept in one table per period
   * ({@code @TablePerPeriod}), record the key layout of the mapping, as opening a repository checks
   * a table's: for the jobs that read or write one period's tables. Missing tables, and tables that
   * record no layout, are accepted.
   *
   * @param period the period, named by any day in it (UTC)
   * @throws IllegalArgumentException when the entity is not kept in one table per period
   * @throws SchemaMismatchException when a table of the period records another layout, showing
   *     both, or a family lacks the new version behavior
   * @throws DataAccessException when HBase fails
   */
  public void requireLayout(Class<?> entityType, LocalDate period) {
    EntityModel<?> model = periodic(entityType);
    Objects.requireNonNull(period, "period");
    new SchemaAdmin(
            rowan.connection(),
            rowan.namespace(),
            PeriodSchema.names(model, period, rowan::tableName))
        .requireLayout(model);
  }

  /**
   * The views of {@code entityType}, kept in one table per period, still building in {@code period}
   * ({@link #buildingViews(Class)} for one period): for the jobs that build one period's views.
   *
   * @param period the period, named by any day in it (UTC)
   * @throws IllegalArgumentException when the entity is not kept in one table per period
   * @throws DataAccessException when HBase fails
   */
  public Set<String> buildingViews(Class<?> entityType, LocalDate period) {
    return lifecycle(entityType, period).buildingViews(periodic(entityType));
  }

  /**
   * The views {@code entityType} declares that the main table of {@code period} does not name
   * ({@link #droppedViews(Class)} for one period).
   *
   * @param period the period, named by any day in it (UTC)
   * @throws IllegalArgumentException when the entity is not kept in one table per period
   * @throws DataAccessException when HBase fails
   */
  public Set<String> droppedViews(Class<?> entityType, LocalDate period) {
    return lifecycle(entityType, period).droppedViews(periodic(entityType));
  }

  /**
   * Makes the building views of {@code entityType} named in {@code views} active in {@code period}
   * ({@link #activateViews(Class, java.util.Collection)} for one period).
   *
   * @param period the period, named by any day in it (UTC)
   * @return the names of the views made active
   * @throws IllegalArgumentException when the entity is not kept in one table per period
   * @throws DataAccessException when HBase fails
   */
  public Set<String> activateViews(
      Class<?> entityType, LocalDate period, Collection<String> views) {
    return lifecycle(entityType, period).activateOnly(periodic(entityType), views);
  }

  /**
   * Waits until every client knows the building views of {@code period} of {@code entityType}
   * ({@link #awaitBuildingViewsKnown(Class)} for one period).
   *
   * @param period the period, named by any day in it (UTC)
   * @return how long it waited
   * @throws IllegalArgumentException when the entity is not kept in one table per period
   * @throws DataAccessException when HBase fails, or the wait is interrupted
   */
  public Duration awaitBuildingViewsKnown(Class<?> entityType, LocalDate period) {
    long began = System.nanoTime();
    lifecycle(entityType, period).awaitNotice(periodic(entityType));
    return Duration.ofNanos(System.nanoTime() - began);
  }

  /**
   * The views' states on the main table of {@code period} of {@code entityType}, kept in one table
   * per period.
   */
  private ViewLifecycle lifecycle(Class<?> entityType, LocalDate period) {
    EntityModel<?> model = periodic(entityType);
    Objects.requireNonNull(period, "period");
    return new ViewLifecycle(
        rowan.connection(),
        PeriodSchema.names(model, period, rowan::tableName),
        rowan.viewRefresh());
  }

  /** Built per call: the Rowan's connection is not yet set when its Schema is constructed. */
  private SchemaAdmin admin() {
    return new SchemaAdmin(rowan.connection(), rowan.namespace(), rowan::tableName);
  }
}
