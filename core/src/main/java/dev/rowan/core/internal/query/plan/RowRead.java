package dev.rowan.core.internal.query.plan;

import dev.rowan.core.internal.query.parse.Condition;
import dev.rowan.index.ProtocolCells.Qualifier;
import dev.rowan.index.RowStatus;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
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
import org.jspecify.annotations.Nullable;

/**
 * What a query reads of each row of one access plan: whole rows, as a find of entities does, or,
 * for a count, an existence check or a projection, as little as still tells whether the row stands
 * for an entity that matches and what the method returns of it. The key properties come from the
 * row key (and, on a unique view, from the owner cell); the cells read are the protocol cells that
 * say whether a row can be trusted and the columns the residual conditions, the projection and an
 * in-memory sort need, and every column a filter pushed to the region servers tests (its cell must
 * be read for the filter to see it, even where the key holds its value). Nothing else crosses the
 * wire.
 *
 * <ul>
 *   <li>A view: its status cell and retired cell (owner cell, on a unique view) plus the columns,
 *       which a packed view's status cell holds ({@link ViewModel#isPacked}). A settled row (status
 *       {@code VERIFIED}, not retired) stands for its entity by the protocol's invariant, even on a
 *       narrow view; any other row is checked against its main row as every read checks it.
 *   <li>The main table of a tall entity: the columns, with its status cell when it has views, and
 *       the first cell of every row, so that a row holding none of them is still seen (its columns
 *       are null, which {@code IsNull} matches). A count without columns reads the keys of the
 *       cells without values, rows whose status is not {@code LIVE} dropped by the region server (a
 *       row without status is an entity written before the entity had views), or, without views,
 *       the key of the first cell only.
 *   <li>The main table of a wide entity, for a count: the qualifiers of its cells without their
 *       values, each entity told by its column key.
 *   <li>Whole rows, when what is needed is not among the cells above: a column a view does not
 *       carry, a cell timestamp, a column of a wide entity; and for every find of entities.
 * </ul>
 *
 * @param kind how the rows are read
 * @param protocolCells the protocol cells read, in the entity's first family (for {@link
 *     Extent#CELLS} and {@link Extent#ROW_CELLS})
 * @param columns the columns read (for {@link Extent#CELLS} and {@link Extent#ROW_CELLS})
 * @param reason why whole rows are read (for {@link Extent#WHOLE_ROWS}), or null when whole
 *     entities are what the method returns
 * @param packed whether the columns are packed in the status cell of a view row ({@link
 *     ViewModel#isPacked}), which is read for them, not cells of their own
 */
public record RowRead(
    Extent kind,
    List<Qualifier> protocolCells,
    List<PropertyModel> columns,
    @Nullable String reason,
    boolean packed) {

  /** Why a main row of an entity that keeps history is read whole when its cells are needed. */
  private static final String HISTORY =
      "the entity keeps history: its last write's cells are told apart from earlier"
          + " versions' in the whole row only";

  /** The read of a find that returns whole entities. */
  public static final RowRead WHOLE_ENTITIES =
      new RowRead(Extent.WHOLE_ROWS, List.of(), List.of(), null);

  /** How the rows are read. */
  public enum Extent {
    /** The key of each row's first cell, no value (a count of a tall entity without views). */
    KEYS_ONLY,
    /**
     * The keys of each row's cells without values, rows not {@code LIVE} dropped on the region
     * server.
     */
    LIVE_KEYS,
    /** The qualifiers of each wide row's cells, without values. */
    QUALIFIERS,
    /**
     * The named protocol cells and columns of a view row only (every view row has a status cell).
     */
    CELLS,
    /**
     * The named protocol cells and columns of a main row, and its first cell, so that every row is
     * seen.
     */
    ROW_CELLS,
    /** Whole rows, as a find of entities reads them. */
    WHOLE_ROWS
  }

  /** Copies the lists. */
  public RowRead {
    protocolCells = List.copyOf(protocolCells);
    columns = List.copyOf(columns);
  }

  /** A read of rows whose columns are cells of their own. */
  public RowRead(
      Extent kind,
      List<Qualifier> protocolCells,
      List<PropertyModel> columns,
      @Nullable String reason) {
    this(kind, protocolCells, columns, reason, false);
  }

  /**
   * What a count or existence check reads through {@code plan} of {@code entity}, whose main table
   * is kept with views when {@code hasViews}.
   */
  public static RowRead forCount(AccessPlan plan, EntityModel<?> entity, boolean hasViews) {
    List<PropertyModel> tested =
        plan.residual().stream().map(c -> entity.property(c.property())).toList();
    if (plan.view() == null && entity.isWide()) {
      String column = firstColumn(plan, entity, tested);
      return column == null
          ? new RowRead(Extent.QUALIFIERS, List.of(), List.of(), null)
          : wholeRows("a condition tests column " + column + " of a wide row");
    }
    RowRead read = narrowed(plan, entity, hasViews, tested, "a condition tests ");
    if (read.kind() == Extent.ROW_CELLS && read.columns().isEmpty()) {
      return new RowRead(
          hasViews ? Extent.LIVE_KEYS : Extent.KEYS_ONLY, List.of(), List.of(), null);
    }
    return read;
  }

  /**
   * What a find that returns a projection of {@code entity} reads through {@code plan}: the
   * properties {@code wanted} (those of the projection and of an in-memory sort) and those the
   * residual conditions test.
   */
  public static RowRead forProjection(
      AccessPlan plan, EntityModel<?> entity, boolean hasViews, List<PropertyModel> wanted) {
    List<PropertyModel> needed = new ArrayList<>(wanted);
    plan.residual().forEach(c -> needed.add(entity.property(c.property())));
    if (plan.view() == null && entity.isWide()) {
      String column = firstColumn(plan, entity, needed);
      return column == null
          ? new RowRead(Extent.QUALIFIERS, List.of(), List.of(), null)
          : wholeRows(
              "the projection reads column "
                  + column
                  + " of a wide row, whose entities are read whole");
    }
    if (plan.view() == null && entity.keepsHistory()) {
      return wholeRows(HISTORY);
    }
    return narrowed(plan, entity, hasViews, needed, "the projection reads ");
  }

  /** The first of {@code properties} a wide row's qualifiers do not hold, or null. */
  private static @Nullable String firstColumn(
      AccessPlan plan, EntityModel<?> entity, List<PropertyModel> properties) {
    return properties.stream()
        .filter(p -> !keyHeld(plan, entity, p))
        .map(PropertyModel::qualifiedName)
        .findFirst()
        .orElse(null);
  }

  /** The cells and columns a read of {@code needed} through {@code plan} names, or whole rows. */
  private static RowRead narrowed(
      AccessPlan plan,
      EntityModel<?> entity,
      boolean hasViews,
      List<PropertyModel> needed,
      String why) {
    List<PropertyModel> columns = new ArrayList<>();
    for (PropertyModel property : needed) {
      if (keyHeld(plan, entity, property)) {
        continue;
      }
      if (property.role() != PropertyModel.Role.COLUMN) {
        return wholeRows(why + property.qualifiedName() + ", which no key holds");
      }
      if (plan.view() != null && !plan.view().carried().contains(property)) {
        return wholeRows(
            why
                + property.qualifiedName()
                + ", which view "
                + plan.view().tableName()
                + " does not carry");
      }
      if (!columns.contains(property)) {
        columns.add(property);
      }
    }
    for (Condition condition : ResidualFilters.pushed(plan, entity)) {
      // a filter pushed to the region servers must see its cell, also where the key holds the value
      PropertyModel property = entity.property(condition.property());
      if (!columns.contains(property)) {
        columns.add(property);
      }
    }
    ViewModel view = plan.view();
    if (view == null && entity.keepsHistory() && !columns.isEmpty()) {
      return wholeRows(HISTORY); // a count testing a column
    }
    if (view != null) {
      List<Qualifier> cells =
          view.isUnique()
              ? List.of(Qualifier.VIEW_STATUS, Qualifier.OWNER)
              : List.of(Qualifier.VIEW_STATUS, Qualifier.VIEW_RETIRED);
      return new RowRead(Extent.CELLS, cells, columns, null, view.isPacked());
    }
    return new RowRead(
        Extent.ROW_CELLS, hasViews ? List.of(Qualifier.MAIN_STATUS) : List.of(), columns, null);
  }

  private static RowRead wholeRows(String reason) {
    return new RowRead(Extent.WHOLE_ROWS, List.of(), List.of(), reason);
  }

  /**
   * Whether whole rows are read, so that a view read needs a second read unless the view is a full
   * copy.
   */
  public boolean wholeRows() {
    return kind == Extent.WHOLE_ROWS;
  }

  /** Whether the key of a row read through {@code plan} holds {@code property}. */
  private static boolean keyHeld(AccessPlan plan, EntityModel<?> entity, PropertyModel property) {
    if (plan.key().parts().contains(property)) {
      return true;
    }
    if (plan.view() != null && plan.view().isUnique()) {
      return entity.rowKey().parts().contains(property); // from the owner cell
    }
    if (plan.view() != null) {
      return false;
    }
    return entity.isWide()
        && Objects.requireNonNull(entity.columnKey(), "a wide entity has a column key")
            .parts()
            .contains(property);
  }

  /**
   * Restricts {@code read} (a {@link Get} or a {@link Scan}) to the cells a {@link Extent#CELLS}
   * read names; protocol cells are in {@code statusFamily}, the entity's first family. The other
   * kinds are narrowed by their {@link #filter}.
   */
  public void narrow(Query read, byte[] statusFamily) {
    if (kind != Extent.CELLS) {
      return;
    }
    for (Qualifier cell : protocolCells) {
      addColumn(read, statusFamily, cell.bytes());
    }
    if (packed) {
      return; // a packed view row's columns are in its status cell
    }
    for (PropertyModel column : columns) {
      addColumn(read, column.family(), column.qualifier());
    }
  }

  private static void addColumn(Query read, byte @Nullable [] family, byte @Nullable [] qualifier) {
    if (read instanceof Scan scan) {
      scan.addColumn(family, qualifier);
    } else {
      ((Get) read).addColumn(family, qualifier);
    }
  }

  /**
   * The filter of a read: {@code residual} (or null) with the filters that strip values ({@link
   * Extent#KEYS_ONLY}, {@link Extent#LIVE_KEYS}, {@link Extent#QUALIFIERS}), drop main rows that
   * hold no entity, or keep the named cells and the first cell of each row ({@link
   * Extent#ROW_CELLS}); null when there is none.
   */
  public @Nullable Filter filter(byte[] statusFamily, @Nullable Filter residual) {
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
        SingleColumnValueFilter live =
            new SingleColumnValueFilter(
                statusFamily,
                Qualifier.MAIN_STATUS.bytes(),
                CompareOperator.EQUAL,
                new BinaryPrefixComparator(LIVE));
        live.setFilterIfMissing(false);
        live.setLatestVersionOnly(true);
        filters.add(live);
        filters.add(
            new QualifierFilter(
                CompareOperator.NOT_EQUAL, new BinaryComparator(Qualifier.COMMIT_SYNC.bytes())));
        filters.add(new KeyOnlyFilter());
      }
      case QUALIFIERS -> filters.add(new KeyOnlyFilter());
      case ROW_CELLS -> {
        // the first cell keeps a row that holds none of the named cells (its columns are null);
        // a qualifier of the same name in another family passes too, and decodes as it is
        List<Filter> kept = new ArrayList<>();
        kept.add(new FirstKeyOnlyFilter());
        protocolCells.forEach(cell -> kept.add(qualifier(cell.bytes())));
        columns.forEach(column -> kept.add(qualifier(column.qualifier())));
        filters.add(new FilterList(FilterList.Operator.MUST_PASS_ONE, kept));
      }
      default -> {}
    }
    return filters.isEmpty()
        ? null
        : filters.size() == 1
            ? filters.get(0)
            : new FilterList(FilterList.Operator.MUST_PASS_ALL, filters);
  }

  private static Filter qualifier(byte @Nullable [] qualifier) {
    return new QualifierFilter(CompareOperator.EQUAL, new BinaryComparator(qualifier));
  }

  private static final byte[] LIVE = {new RowStatus(RowStatus.State.LIVE, 0, 0).encode()[0]};

  /** One line for {@code explain}: what the method reads of each row. */
  public String describe() {
    return switch (kind) {
      case KEYS_ONLY -> "keys only (the first cell of each row, without its value)";
      case LIVE_KEYS ->
          "keys only (cell keys without values; rows whose status is not live dropped on the"
              + " region servers)";
      case QUALIFIERS ->
          "keys only (the qualifiers of each wide row, without values; entities told by column key)";
      case CELLS ->
          "keys and "
              + cellNames()
              + ", no other column; settled rows are taken as they are, other rows"
              + " are checked against their main rows";
      case ROW_CELLS ->
          "keys and "
              + (protocolCells.isEmpty() && columns.isEmpty() ? "" : cellNames() + ", ")
              + "the first cell of each row (so that a row without them is seen), no other column";
      case WHOLE_ROWS -> reason == null ? "whole rows" : "whole rows: " + reason;
    };
  }

  private String cellNames() {
    List<String> names = new ArrayList<>();
    for (Qualifier cell : protocolCells) {
      names.add(
          switch (cell) {
            case VIEW_STATUS, MAIN_STATUS ->
                packed && !columns.isEmpty()
                    ? "status cell (with "
                        + String.join(
                            ", ", columns.stream().map(PropertyModel::qualifiedName).toList())
                        + " packed in it)"
                    : "status cell";
            case VIEW_WRITE -> "write mark";
            case VIEW_RETIRED -> "retired cell";
            case OWNER -> "owner cell";
            case COMMIT_SYNC -> "commit sync mark";
          });
    }
    if (!packed) {
      for (PropertyModel column : columns) {
        names.add(column.qualifiedName());
      }
    }
    return String.join(", ", names);
  }
}
