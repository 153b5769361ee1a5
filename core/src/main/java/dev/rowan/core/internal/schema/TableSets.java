package dev.rowan.core.internal.schema;

import dev.rowan.core.DataAccessException;
import dev.rowan.core.SchemaMismatchException;
import dev.rowan.core.SchemaReport;
import dev.rowan.core.SplitPolicy;
import dev.rowan.mapping.EntityModel;
import java.time.Duration;
import java.util.List;

/**
 * Internal, not API (use {@link dev.rowan.core.Rowan#schema()}): how the tables of an entity fall
 * into sets, each a main table and a table per view. An entity kept in one set has one ({@link
 * SingleTableSet}); one kept in one table per period ({@code @TablePerPeriod}) has one per period
 * ({@link PeriodSchema}). {@link SchemaAdmin#tableSets} chooses, once per call; what the schema
 * does to an entity's tables ({@link SchemaAdmin}, {@link ViewLifecycles}, {@code
 * Schema.tableSets}) asks the sets, not the mapping, how they are laid out. A new way of laying out
 * an entity's tables (a table per tenant, say) is one more implementation.
 *
 * <p>Thread-safety: implementations are thread-safe; each call opens its own {@code Admin}.
 */
public interface TableSets {

  /**
   * Creates the missing tables of {@code model}'s sets, each main table split as {@code splits}
   * says, and each main table that records no write lease recording {@code writeLease} ({@link
   * WriteLeases}).
   *
   * @throws SchemaMismatchException when an existing table differs from the mapping
   * @throws DataAccessException when HBase fails
   */
  void create(EntityModel<?> model, SplitPolicy splits, Duration writeLease);

  /**
   * The differences of the live tables of every set from the mapping ({@link SchemaAdmin#check}).
   */
  SchemaReport check(EntityModel<?> model);

  /**
   * Records the mapping's key layout on the tables of every set that record none ({@link
   * SchemaAdmin#recordLayout}).
   */
  void recordLayout(EntityModel<?> model);

  /** Drops the tables of every set that exist ({@link SchemaAdmin#drop}). */
  void drop(EntityModel<?> model);

  /**
   * The sets of {@code model} as they stand: the one set of an entity kept in one set, whether or
   * not its tables exist; of an entity kept per period, each period whose main table exists, oldest
   * first.
   *
   * @throws DataAccessException when HBase fails to list them
   */
  List<NamedTableSet> sets(EntityModel<?> model);

  /**
   * The refusal of a drop of view {@code view} of {@code model} when none of {@code lifecycles},
   * the view lifecycles of the sets {@link #sets} listed, has the view's table.
   */
  IllegalArgumentException noViewTable(
      EntityModel<?> model, String view, List<ViewLifecycle> lifecycles);
}
