package dev.rowan.core.internal.schema;

import dev.rowan.mapping.TableLayout;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.jspecify.annotations.Nullable;

/**
 * The key layout a table records ({@link TableRecord}, in the {@link Catalog}; also in its
 * descriptor, for whoever describes it in HBase's shell), and how it compares with the layout of
 * the mapping: a table whose keys were written under another layout (other salt, part order, types,
 * transforms, column key or view key) has rows the mapping can neither find nor decode.
 *
 * <p>{@code schema().create} records the layout as two values, {@value #LAYOUT} (the description)
 * and {@value #FINGERPRINT}; only the fingerprint is compared.
 */
final class LayoutComparison {

  /** The table value that holds the description of the layout. */
  static final String LAYOUT = "rowan.layout";

  /** The table value that holds the fingerprint of the layout. */
  static final String FINGERPRINT = "rowan.layout.fingerprint";

  /** What a table records, or does not. */
  enum Verdict {
    /** The table records the mapping's layout. */
    SAME,
    /**
     * The table records a layout whose rows the mapping reads as they are and converts as it writes
     * them ({@link TableSpec#convertibleFrom}): reported by {@code check()}, refused by
     * repositories until {@code schema().create} records the mapping's layout.
     */
    CONVERTIBLE,
    /** The table records another layout. */
    DIFFERENT,
    /** The table records no layout: created by hand or by a Rowan before layouts were recorded. */
    UNRECORDED
  }

  private LayoutComparison() {}

  /** {@code record} with {@code layout} recorded. */
  static TableRecord record(TableRecord record, TableLayout layout) {
    return record.with(LAYOUT, layout.description()).with(FINGERPRINT, layout.fingerprint());
  }

  /**
   * {@code builder} with {@code layout} recorded, for whoever describes the table in HBase's shell.
   */
  static TableDescriptorBuilder record(TableDescriptorBuilder builder, TableLayout layout) {
    return builder
        .setValue(LAYOUT, layout.description())
        .setValue(FINGERPRINT, layout.fingerprint());
  }

  /** The layout {@code table} records, or null when it records none. */
  static @Nullable TableLayout recorded(TableRecord table) {
    String fingerprint = table.value(FINGERPRINT);
    if (fingerprint == null) {
      return null;
    }
    String description = table.value(LAYOUT);
    return new TableLayout(description == null ? "(no description)" : description, fingerprint);
  }

  /** How the layout recorded by {@code live} compares with {@code expected}. */
  static Verdict verdict(TableLayout expected, TableRecord live) {
    return verdict(expected, List.of(), live);
  }

  /**
   * How the layout recorded by {@code live} compares with {@code expected}, or with {@code
   * convertible}, layouts the mapping also reads.
   */
  static Verdict verdict(TableLayout expected, List<TableLayout> convertible, TableRecord live) {
    TableLayout stored = recorded(live);
    if (stored == null) {
      return Verdict.UNRECORDED;
    }
    if (stored.fingerprint().equals(expected.fingerprint())) {
      return Verdict.SAME;
    }
    return convertible.stream().anyMatch(c -> stored.fingerprint().equals(c.fingerprint()))
        ? Verdict.CONVERTIBLE
        : Verdict.DIFFERENT;
  }

  /** How the layout recorded by {@code live} compares with {@code table}'s. */
  static Verdict verdict(TableSpec table, TableRecord live) {
    return verdict(table.layout(), table.convertibleFrom(), live);
  }

  /**
   * The sentence for a table of {@code entity} that differs from {@code expected}, or null when it
   * records the same layout.
   */
  static @Nullable String difference(String entity, TableLayout expected, TableRecord live) {
    return difference(entity, expected, List.of(), live);
  }

  /**
   * The sentence for a table of {@code entity} that differs from {@code spec}'s layout, including
   * one it converts, or null when it records the same layout.
   */
  static @Nullable String difference(String entity, TableSpec spec, TableRecord live) {
    return difference(entity, spec.layout(), spec.convertibleFrom(), live);
  }

  private static @Nullable String difference(
      String entity, TableLayout expected, List<TableLayout> convertible, TableRecord live) {
    String table = "Table " + live.table().getNameAsString();
    return switch (verdict(expected, convertible, live)) {
      case SAME -> null;
      case CONVERTIBLE ->
          table
              + " holds view rows of an older format than the mapping of "
              + entity
              + " writes:\n      "
              + Objects.requireNonNull(
                      recorded(live), "a CONVERTIBLE verdict read a recorded layout")
                  .description()
              + "\n    where the mapping writes\n      "
              + expected.description()
              + "\n    Record the new format with schema().create("
              + entity
              + ".class), which creates nothing: from then on clients of the new format open the"
              + " table, and clients of the old one refuse it. Rows of either format are read; a row"
              + " of the old one is checked against its main row until it is written again or"
              + " RebuildViews converts it.";
      case DIFFERENT ->
          table
              + " stores keys laid out as\n      "
              + Objects.requireNonNull(recorded(live), "a DIFFERENT verdict read a recorded layout")
                  .description()
              + "\n    but the mapping of "
              + entity
              + " lays them out as\n      "
              + expected.description()
              + "\n    so its rows cannot be found or read with this mapping: keep the old layout, or copy the data"
              + " into a new table.";
      case UNRECORDED ->
          table
              + " records no key layout (it was created by hand or by an older Rowan), so"
              + " Rowan cannot tell whether its rows are laid out as the mapping of "
              + entity
              + " lays them out:\n      "
              + expected.description()
              + "\n    If they are, record it with schema().recordLayout("
              + entity
              + ".class).";
    };
  }
}
