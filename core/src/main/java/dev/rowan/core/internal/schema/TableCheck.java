package dev.rowan.core.internal.schema;

import dev.rowan.core.SchemaMismatchException;
import dev.rowan.core.SchemaReport;
import dev.rowan.core.SplitPolicy;
import dev.rowan.core.internal.plumbing.HBaseCalls;
import dev.rowan.mapping.EntityModel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.apache.hadoop.hbase.NamespaceNotFoundException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.jspecify.annotations.Nullable;

/**
 * The check of one set of an entity's live tables, named by its names, against the mapping ({@link
 * SchemaAdmin#check} for one set): their families and recorded layouts ({@link #compare}), views
 * still building or being dropped, views the main table no longer names, and tables named as views
 * that the entity does not declare. Every difference is one sentence; {@link #throwIfAny} turns
 * them into the refusal of a schema call.
 *
 * <p>Thread-safety: thread-safe; each call opens its own {@code Admin}.
 */
final class TableCheck {

  private final Connection connection;
  private final Function<String, TableName> names;

  /** Checks the tables of {@code connection}'s cluster named by {@code names}. */
  TableCheck(Connection connection, Function<String, TableName> names) {
    this.connection = connection;
    this.names = names;
  }

  /**
   * The differences between the tables of {@code model} named by this check's names and the
   * mapping; for a period ({@code period}), a view made after the period, which its main table does
   * not name and which has no table there, is none.
   */
  SchemaReport check(EntityModel<?> model, boolean period) {
    EntityTables tables = EntityTables.of(model, SplitPolicy.salted(), names);
    List<TableName> tableNames = tables.tables().stream().map(TableSpec::name).toList();
    List<String> differences =
        HBaseCalls.admin(
            connection,
            tables.tables().get(0).name(),
            "check",
            admin -> {
              Map<TableName, TableRecord> recorded = Catalog.read(connection, tableNames);
              List<String> found = new ArrayList<>();
              Set<TableName> absent = new HashSet<>();
              for (TableSpec table : tables.tables()) {
                TableDescriptor live = AdminTables.describe(admin, table.name());
                if (live == null && period && table != tables.tables().get(0)) {
                  absent.add(
                      table.name()); // a view the period was made without, if its main table does
                  // not name it
                } else if (live == null) {
                  found.add(TableComparison.missing(table.name()));
                } else {
                  TableRecord record = recorded.getOrDefault(table.name(), TableRecord.of(live));
                  found.addAll(compare(tables.entity(), table, live, record, true));
                  if (ViewStates.isBuilding(record)) {
                    found.add(
                        "Table "
                            + table.name().getNameAsString()
                            + " is a view of "
                            + tables.entity()
                            + " that is still"
                            + " building: queries do not read it until RebuildViews has filled it and made it active.");
                  } else if (ViewStates.isDropping(record)) {
                    found.add(
                        "Table "
                            + table.name().getNameAsString()
                            + " is a view of "
                            + tables.entity()
                            + " that is being"
                            + " dropped: no client reads or writes it, and schema().dropView deletes it.");
                  }
                }
              }
              TableName main = tables.tables().get(0).name();
              TableDescriptor mainLive = AdminTables.describe(admin, main);
              TableRecord mainRecord =
                  mainLive == null ? null : recorded.getOrDefault(main, TableRecord.of(mainLive));
              found.addAll(droppedViews(mainRecord, tables, absent));
              found.addAll(undeclaredViewTables(admin, tables));
              return found;
            });
    return new SchemaReport(tables.entity(), differences);
  }

  /**
   * The views the mapping declares that the main table does not name: dropped, or (among {@code
   * absent}, whose tables are missing in a period) made after the period, which are none; a view of
   * {@code absent} that the main table names is reported missing.
   */
  private static List<String> droppedViews(
      @Nullable TableRecord live, EntityTables tables, Set<TableName> absent) {
    TableName main = tables.tables().get(0).name();
    Optional<Set<String>> named = live == null ? Optional.empty() : ViewStates.views(live);
    List<String> found = new ArrayList<>();
    for (TableSpec table : tables.tables().subList(1, tables.tables().size())) {
      String view =
          table.name().getQualifierAsString().substring(main.getQualifierAsString().length() + 1);
      if (absent.contains(table.name())) {
        if (named.isEmpty() || named.get().contains(view)) {
          found.add(TableComparison.missing(table.name()));
        }
      } else if (named.isPresent() && !named.get().contains(view)) {
        found.add(
            tables.entity()
                + " declares view '"
                + view
                + "', but table "
                + main.getNameAsString()
                + " does not"
                + " name it (it was dropped): writers neither write nor read it; schema().create adds it again, building.");
      }
    }
    return found;
  }

  /**
   * The tables named as views of the entity's main table ({@code <table>.<view>}, in its namespace)
   * that the entity does not declare: left by a view removed from the entity, they are no longer
   * written, so their rows grow stale. One sentence each, saying how to drop it.
   */
  private static List<String> undeclaredViewTables(Admin admin, EntityTables tables)
      throws IOException {
    TableName main = tables.tables().get(0).name();
    List<TableName> declared = tables.tables().stream().map(TableSpec::name).toList();
    List<String> found = new ArrayList<>();
    try {
      for (TableName table : admin.listTableNamesByNamespace(main.getNamespaceAsString())) {
        String view =
            EntityModel.viewOfTable(main.getQualifierAsString(), table.getQualifierAsString());
        if (view != null && !declared.contains(table)) {
          found.add(
              "Table "
                  + table.getNameAsString()
                  + " is named as a view of "
                  + main.getNameAsString()
                  + ", but "
                  + tables.entity()
                  + " declares no view '"
                  + view
                  + "': no save writes it, so its rows grow stale; drop it (HBase shell: disable '"
                  + table.getNameAsString()
                  + "'; drop '"
                  + table.getNameAsString()
                  + "').");
        }
      }
    } catch (IOException e) {
      if (!AdminTables.causedBy(e, NamespaceNotFoundException.class)) {
        throw e;
      }
    }
    return found;
  }

  /**
   * The family differences of {@code live} from {@code table}, and the layout differences of its
   * record ({@code recorded}, or its descriptor's when null); a layout the mapping converts counts
   * only when {@code reportConvertible} (a create records the new format instead).
   */
  static List<String> compare(
      String entity,
      TableSpec table,
      TableDescriptor live,
      @Nullable TableRecord recorded,
      boolean reportConvertible) {
    List<String> differences =
        new ArrayList<>(TableComparison.differences(table.descriptor(), live));
    TableRecord record = recorded == null ? TableRecord.of(live) : recorded;
    String layout =
        reportConvertible
                || LayoutComparison.verdict(table, record) != LayoutComparison.Verdict.CONVERTIBLE
            ? LayoutComparison.difference(entity, table, record)
            : null;
    if (layout != null) {
      differences.add(layout);
    }
    return differences;
  }

  /**
   * Refuses a schema call on the tables of {@code entity} when {@code differences} holds any.
   *
   * @throws SchemaMismatchException listing them, when there are any
   */
  static void throwIfAny(String entity, List<String> differences) {
    if (!differences.isEmpty()) {
      throw SchemaMismatchException.of(new SchemaReport(entity, differences));
    }
  }
}
