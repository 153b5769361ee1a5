package dev.rowan.core;

import dev.rowan.mapping.EntityModel;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.hadoop.hbase.TableName;
import org.jspecify.annotations.Nullable;

/**
 * One set of an entity's tables: a main table and a table per view. An entity kept in one table has
 * one set; an entity kept in one table per period ({@code @TablePerPeriod}) has one per period,
 * each named with its period's suffix ({@link Schema#tableSets}). For the tools that read or list
 * an entity's tables without asking how the entity lays them out.
 *
 * <pre>{@code
 * for (TableSet set : rowan.schema().tableSets(Order.class)) {
 *   set.tables().forEach(System.out::println);        // shop:orders, shop:orders.seller, ...
 * }
 * }</pre>
 *
 * <p>Thread-safety: immutable.
 *
 * @since 0.1
 */
public final class TableSet {

  private final @Nullable LocalDate period;
  private final TableName mainTable;
  private final List<String> views;

  TableSet(Optional<LocalDate> period, TableName mainTable, List<String> views) {
    this.period = period.orElse(null);
    this.mainTable = Objects.requireNonNull(mainTable, "mainTable");
    this.views = List.copyOf(views);
  }

  /**
   * The period whose tables these are, named by the day it starts on (UTC); empty for an entity
   * kept in one table.
   */
  public Optional<LocalDate> period() {
    return Optional.ofNullable(period);
  }

  /** The main table of the set. */
  public TableName mainTable() {
    return mainTable;
  }

  /**
   * The name of the table of view {@code view} in this set ({@code <main table>.<view>}, in the
   * main table's namespace), whether or not it exists: a period made before a view was declared has
   * no table of it.
   */
  public TableName viewTable(String view) {
    Objects.requireNonNull(view, "view");
    return TableName.valueOf(
        mainTable.getNamespaceAsString(),
        EntityModel.viewTableName(mainTable.getQualifierAsString(), view));
  }

  /** The main table, then the table of each view the entity declares, in declaration order. */
  public List<TableName> tables() {
    List<TableName> tables = new ArrayList<>();
    tables.add(mainTable);
    views.forEach(view -> tables.add(viewTable(view)));
    return tables;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof TableSet set
        && Objects.equals(period, set.period)
        && mainTable.equals(set.mainTable)
        && views.equals(set.views);
  }

  @Override
  public int hashCode() {
    return Objects.hash(period, mainTable, views);
  }

  @Override
  public String toString() {
    return tables().toString();
  }
}
