package dev.rowan.core.internal.schema;

import dev.rowan.core.SchemaReport;
import dev.rowan.core.SplitPolicy;
import dev.rowan.mapping.EntityModel;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.apache.hadoop.hbase.TableName;

/**
 * Internal, not API: the one set of tables of an entity kept in one set, named by its {@link
 * SchemaAdmin}'s names; each call is that admin's, on that set.
 *
 * <p>Thread-safety: thread-safe.
 */
final class SingleTableSet implements TableSets {

  private final SchemaAdmin admin;
  private final Function<String, TableName> names;

  SingleTableSet(SchemaAdmin admin, Function<String, TableName> names) {
    this.admin = admin;
    this.names = names;
  }

  @Override
  public void create(EntityModel<?> model, SplitPolicy splits, Duration writeLease) {
    admin.createTables(model, splits, writeLease);
  }

  @Override
  public SchemaReport check(EntityModel<?> model) {
    return admin.checkTables(model, false);
  }

  @Override
  public void recordLayout(EntityModel<?> model) {
    admin.recordLayoutTables(model);
  }

  @Override
  public void drop(EntityModel<?> model) {
    admin.dropTables(model);
  }

  @Override
  public List<NamedTableSet> sets(EntityModel<?> model) {
    return List.of(new NamedTableSet(Optional.empty(), names));
  }

  @Override
  public IllegalArgumentException noViewTable(
      EntityModel<?> model, String view, List<ViewLifecycle> lifecycles) {
    return lifecycles.get(0).noViewTable(model, view);
  }
}
