package dev.rowan.core.internal.query;

import dev.rowan.index.ProtocolCells.Qualifier;
import dev.rowan.index.RowStatus;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Query;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.BinaryComparator;
import org.apache.hadoop.hbase.filter.BinaryPrefixComparator;
import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;
import org.apache.hadoop.hbase.filter.QualifierFilter;
import org.apache.hadoop.hbase.filter.SingleColumnValueFilter;

/**
 * What a {@code count...} or {@code exists...} method reads of each row of one access plan: as
 * little as still tells whether the row stands for an entity that matches. The key properties
 * come from the row key (and, on a unique view, from the owner cell); the cells read are the
 * protocol cells that say whether a row can be trusted and the columns the residual conditions
 * test. Nothing else crosses the wire, and no entity is built.
 *
 * <ul>
 *   <li>A view: its status cell and write mark (and owner, on a unique view) plus the residual
 *       columns. A settled row (status {@code VERIFIED}, write mark naming the same write) counts
 *       by the protocol's invariant, even on a narrow view; any other row is checked against its
 *       main row as every read checks it.
 *   <li>The main table of an entity with views: its status cell plus the residual columns; without
 *       residual columns, the keys of the row's cells without their values, rows whose status is
 *       not {@code LIVE} dropped by the region server (a row without status is an entity written
 *       before the entity had views).
 *   <li>The main table of a tall entity without views: the first cell's key only, or the residual
 *       columns.
 *   <li>The main table of a wide entity: the qualifiers of its cells without their values, each
 *       entity told by its column key.
 *   <li>Whole rows, as any query reads them, when a condition tests what the cells above cannot
 *       tell: a column a view does not carry, a cell timestamp, a column of a wide entity.
 * </ul>
 *
 * @param kind how the rows are read
 * @param protocolCells the protocol cells read, in the entity's first family (for {@link Kind#CELLS})
 * @param columns the columns read (for {@link Kind#CELLS})
 * @param reason why whole rows are read (for {@link Kind#WHOLE_ROWS}), else null
 */
public record CountRead(Kind kind, List<Qualifier> protocolCells, List<PropertyModel> columns, String reason) {

  /** How the rows of a count are read. */
  public enum Kind {
    /** The key of each row's first cell, no value (a tall entity without views). */
    KEYS_ONLY,
    /** The keys of each row's cells without values, rows not {@code LIVE} dropped on the region server. */
    LIVE_KEYS,
    /** The qualifiers of each wide row's cells, without values. */
    QUALIFIERS,
    /** The named protocol cells and columns only. */
    CELLS,
    /** Whole rows, as every other query reads them. */
    WHOLE_ROWS
  }

  /** Copies the lists. */
  public CountRead {
    protocolCells = List.copyOf(protocolCells);
    columns = List.copyOf(columns);
  }

  /**
   * What a count or existence check reads through {@code plan} of {@code entity}, whose main
   * table is kept with views when {@code hasViews}.
   */
  public static CountRead of(AccessPlan plan, EntityModel<?> entity, boolean hasViews) {
    List<PropertyModel> columns = new ArrayList<>();
    for (Condition condition : plan.residual()) {
      PropertyModel property = entity.property(condition.property());
      if (keyHeld(plan, entity, property)) {
        continue;
      }
      if (property.role() != PropertyModel.Role.COLUMN) {
        return wholeRows("a condition tests " + property.qualifiedName() + ", which no key holds");
      }
      if (plan.view() != null && !plan.view().carried().contains(property)) {
        return wholeRows("a condition tests " + property.qualifiedName() + ", which view "
            + plan.view().tableName() + " does not carry");
      }
      if (plan.view() == null && entity.isWide()) {
        return wholeRows("a condition tests column " + property.qualifiedName() + " of a wide row");
      }
      if (!columns.contains(property)) {
        columns.add(property);
      }
    }
    ViewModel view = plan.view();
    if (view != null) {
      List<Qualifier> cells = view.isUnique()
          ? List.of(Qualifier.VIEW_STATUS, Qualifier.VIEW_WRITE, Qualifier.OWNER)
          : List.of(Qualifier.VIEW_STATUS, Qualifier.VIEW_WRITE);
      return new CountRead(Kind.CELLS, cells, columns, null);
    }
    if (entity.isWide()) {
      return new CountRead(Kind.QUALIFIERS, List.of(), List.of(), null);
    }
    if (columns.isEmpty()) {
      return new CountRead(hasViews ? Kind.LIVE_KEYS : Kind.KEYS_ONLY, List.of(), List.of(), null);
    }
    // a row without one of the columns holds none of their values: no condition matches a null
    return new CountRead(Kind.CELLS, hasViews ? List.of(Qualifier.MAIN_STATUS) : List.of(), columns, null);
  }

  private static CountRead wholeRows(String reason) {
    return new CountRead(Kind.WHOLE_ROWS, List.of(), List.of(), reason);
  }

  /** Whether the key of a row read through {@code plan} holds {@code property}. */
  private static boolean keyHeld(AccessPlan plan, EntityModel<?> entity, PropertyModel property) {
    if (plan.key().parts().contains(property)) {
      return true;
    }
    if (plan.view() != null && plan.view().isUnique()) {
      return entity.rowKey().parts().contains(property); // from the owner cell
    }
    return plan.view() == null && entity.isWide() && entity.columnKey().parts().contains(property);
  }

  /**
   * Restricts {@code read} (a {@link Get} or a {@link Scan}) to the cells this count reads, those
   * of {@link Kind#CELLS}; protocol cells are in {@code statusFamily}, the entity's first family.
   */
  public void narrow(Query read, byte[] statusFamily) {
    if (kind != Kind.CELLS) {
      return;
    }
    for (Qualifier cell : protocolCells) {
      addColumn(read, statusFamily, cell.bytes());
    }
    for (PropertyModel column : columns) {
      addColumn(read, column.family(), column.qualifier());
    }
  }

  private static void addColumn(Query read, byte[] family, byte[] qualifier) {
    if (read instanceof Scan scan) {
      scan.addColumn(family, qualifier);
    } else {
      ((Get) read).addColumn(family, qualifier);
    }
  }

  /**
   * The filter of a read: {@code residual} (or null) with the filters that strip values
   * ({@link Kind#KEYS_ONLY}, {@link Kind#LIVE_KEYS}, {@link Kind#QUALIFIERS}) and drop main rows
   * that hold no entity; null when there is none.
   */
  public Filter filter(byte[] statusFamily, Filter residual) {
    List<Filter> filters = new ArrayList<>();
    if (residual != null) {
      filters.add(residual);
    }
    switch (kind) {
      case KEYS_ONLY -> {
        filters.add(new FirstKeyOnlyFilter());
        filters.add(new KeyOnlyFilter());
      }
      case LIVE_KEYS -> {
        // the status is tested on its value before the key-only filter strips it; a row
        // without status holds an entity written before the entity had views
        SingleColumnValueFilter live = new SingleColumnValueFilter(statusFamily, Qualifier.MAIN_STATUS.bytes(),
            CompareOperator.EQUAL, new BinaryPrefixComparator(LIVE));
        live.setFilterIfMissing(false);
        live.setLatestVersionOnly(true);
        filters.add(live);
        filters.add(new QualifierFilter(CompareOperator.NOT_EQUAL, new BinaryComparator(Qualifier.COMMIT_SYNC.bytes())));
        filters.add(new KeyOnlyFilter());
      }
      case QUALIFIERS -> filters.add(new KeyOnlyFilter());
      default -> { }
    }
    return filters.isEmpty() ? null : filters.size() == 1 ? filters.get(0)
        : new FilterList(FilterList.Operator.MUST_PASS_ALL, filters);
  }

  private static final byte[] LIVE = {new RowStatus(RowStatus.State.LIVE, 0, 0).encode()[0]};

  /** One line for {@code explain}: what the count reads of each row. */
  public String describe() {
    return switch (kind) {
      case KEYS_ONLY -> "keys only (the first cell of each row, without its value)";
      case LIVE_KEYS -> "keys only (cell keys without values; rows whose status is not live dropped on the"
          + " region servers)";
      case QUALIFIERS -> "keys only (the qualifiers of each wide row, without values; entities told by column key)";
      case CELLS -> "keys and " + cellNames() + ", no other column"
          + (kind == Kind.CELLS && protocolCells.contains(Qualifier.VIEW_STATUS)
              ? "; settled rows count without a main-table read, other rows are checked against their main rows"
              : "");
      case WHOLE_ROWS -> "whole rows, as a find does: " + reason;
    };
  }

  private String cellNames() {
    List<String> names = new ArrayList<>();
    for (Qualifier cell : protocolCells) {
      names.add(switch (cell) {
        case VIEW_STATUS, MAIN_STATUS -> "status cell";
        case VIEW_WRITE -> "write mark";
        case OWNER -> "owner cell";
        case COMMIT_SYNC -> "commit sync mark";
      });
    }
    for (PropertyModel column : columns) {
      names.add(column.qualifiedName());
    }
    return String.join(", ", names);
  }
}
