package dev.rowan.core.internal.schema;

import dev.rowan.core.SplitPolicy;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.FamilyModel;
import dev.rowan.mapping.TableLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;

/**
 * The tables of one entity: the main table, then one per view, each with the families, key layout
 * and split keys the mapping gives it.
 *
 * @param entity the entity's name, as messages name it
 * @param tables the main table first, then the view tables in declaration order
 */
record EntityTables(String entity, List<TableSpec> tables) {

  EntityTables {
    tables = List.copyOf(tables);
  }

  /**
   * The tables of {@code model}, named by {@code names}; the main table is split as {@code policy}
   * says, the view tables by their salt.
   *
   * @throws IllegalArgumentException when {@code policy} is not the salt's for a salted entity
   */
  static EntityTables of(
      EntityModel<?> model, SplitPolicy policy, Function<String, TableName> names) {
    TableName main = names.apply(model.tableName());
    List<TableSpec> tables = new ArrayList<>();
    tables.add(
        new TableSpec(
            descriptor(main, model.families(), model.layout()),
            model.layout(),
            SplitKeys.of(model, policy, main.getNameAsString())));
    for (ViewModel view : ViewMaintainer.of(model).views()) {
      tables.add(
          new TableSpec(
              descriptor(names.apply(view.tableName()), view.families(), view.layout()),
              view.layout(),
              view.convertibleLayouts(),
              view.splitPoints()));
    }
    return new EntityTables(model.entityName(), tables);
  }

  /**
   * The descriptor of a table called {@code name} with {@code families}, recording {@code layout}.
   */
  static TableDescriptor descriptor(
      TableName name, List<FamilyModel> families, TableLayout layout) {
    TableDescriptorBuilder builder =
        LayoutComparison.record(TableDescriptorBuilder.newBuilder(name), layout);
    for (FamilyModel family : families) {
      builder.setColumnFamily(family.descriptor());
    }
    return builder.build();
  }
}
