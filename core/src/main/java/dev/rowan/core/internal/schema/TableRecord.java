package dev.rowan.core.internal.schema;

import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.util.Bytes;
import org.jspecify.annotations.Nullable;

/**
 * What Rowan records about one of its tables: its key layout ({@link LayoutComparison}) and, for a
 * main table, the views it names, for a view table its state ({@link ViewStates}). Kept in the
 * {@link Catalog} of the table's namespace, which a principal with READ can read; a table made by
 * an older Rowan kept them as values of its descriptor, which only CREATE or ADMIN may read ({@link
 * #of(TableDescriptor)}).
 *
 * @param table the table recorded
 * @param values the recorded values by key ({@code rowan.layout}, {@code rowan.views}, ...)
 */
public record TableRecord(TableName table, Map<String, String> values) {

  /** The prefix of every key Rowan records. */
  static final String PREFIX = "rowan.";

  public TableRecord {
    values = Map.copyOf(values);
  }

  /** The record of {@code table} with no values yet. */
  static TableRecord empty(TableName table) {
    return new TableRecord(table, Map.of());
  }

  /** The record an older Rowan kept in the values of {@code descriptor}. */
  public static TableRecord of(TableDescriptor descriptor) {
    Map<String, String> values = new TreeMap<>();
    descriptor
        .getValues()
        .forEach(
            (key, value) -> {
              String name = Bytes.toString(key.get(), key.getOffset(), key.getLength());
              if (name.startsWith(PREFIX)) {
                values.put(name, Bytes.toString(value.get(), value.getOffset(), value.getLength()));
              }
            });
    return new TableRecord(descriptor.getTableName(), values);
  }

  /** The value recorded under {@code key}, or null when none is. */
  public @Nullable String value(String key) {
    return values.get(key);
  }

  /** This record with {@code key} set to {@code value}. */
  TableRecord with(String key, String value) {
    Map<String, String> changed = new TreeMap<>(values);
    changed.put(key, value);
    return new TableRecord(table, changed);
  }

  /** This record without {@code keys}. */
  TableRecord without(String... keys) {
    Map<String, String> changed = new TreeMap<>(values);
    for (String key : keys) {
      changed.remove(key);
    }
    return new TableRecord(table, changed);
  }
}
