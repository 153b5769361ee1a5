package dev.rowan.core.internal.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptor;

/**
 * What differs between a live table and the table a mapping expects, one sentence per difference
 * naming the table and family. Split points are not compared: regions change as a table grows.
 */
final class TableComparison {

  /** A family setting that the mapping decides, with how to show its value. */
  enum Setting {
    MAX_VERSIONS("max versions", ColumnFamilyDescriptor::getMaxVersions),
    MIN_VERSIONS("min versions", ColumnFamilyDescriptor::getMinVersions),
    TIME_TO_LIVE(
        "time to live",
        family ->
            family.getTimeToLive() == HConstants.FOREVER
                ? "forever"
                : family.getTimeToLive() + " s"),
    KEEP_DELETED_CELLS("keep deleted cells", ColumnFamilyDescriptor::getKeepDeletedCells),
    BLOOM_FILTER("bloom filter", ColumnFamilyDescriptor::getBloomFilterType),
    COMPRESSION("compression", ColumnFamilyDescriptor::getCompressionType),
    BLOCK_SIZE("block size", family -> family.getBlocksize() + " bytes"),
    IN_MEMORY("in-memory", ColumnFamilyDescriptor::isInMemory),
    BLOCK_CACHE("block cache", ColumnFamilyDescriptor::isBlockCacheEnabled),
    DATA_BLOCK_ENCODING("data block encoding", ColumnFamilyDescriptor::getDataBlockEncoding),
    REPLICATION_SCOPE("replication scope", ColumnFamilyDescriptor::getScope),
    NEW_VERSION_BEHAVIOR("new version behavior", ColumnFamilyDescriptor::isNewVersionBehavior);

    private final String label;
    private final Function<ColumnFamilyDescriptor, Object> value;

    Setting(String label, Function<ColumnFamilyDescriptor, Object> value) {
      this.label = label;
      this.value = value;
    }

    /** How messages name the setting: {@code time to live}. */
    String label() {
      return label;
    }

    String shown(ColumnFamilyDescriptor family) {
      return String.valueOf(value.apply(family));
    }
  }

  private TableComparison() {}

  /** The sentence for a table that does not exist. */
  static String missing(TableName table) {
    return "Table " + table.getNameAsString() + " does not exist.";
  }

  /**
   * The families of {@code actual}, the main table of {@code entity}, an entity that keeps history
   * ({@code EntityModel.keepsHistory}), that keep fewer versions than {@code expected} declares:
   * its versions, and the states its time ranges read, would be cut short. One sentence per family,
   * saying how to raise it.
   */
  static List<String> withFewerVersions(
      String entity, TableDescriptor expected, TableDescriptor actual) {
    List<String> differences = new ArrayList<>();
    for (ColumnFamilyDescriptor want : expected.getColumnFamilies()) {
      ColumnFamilyDescriptor have = actual.getColumnFamily(want.getName());
      if (have != null && have.getMaxVersions() < want.getMaxVersions()) {
        String table = expected.getTableName().getNameAsString();
        differences.add(
            "Table "
                + table
                + ", column family '"
                + want.getNameAsString()
                + "' keeps "
                + have.getMaxVersions()
                + " versions, but "
                + entity
                + " keeps history with "
                + want.getMaxVersions()
                + "; raise it (HBase shell: alter '"
                + table
                + "', {NAME => '"
                + want.getNameAsString()
                + "', VERSIONS => "
                + want.getMaxVersions()
                + "}).");
      }
    }
    return differences;
  }

  /**
   * The families of {@code actual} that lack HBase's new version behavior, which {@code expected}
   * has: in them a delete masks a write of the same millisecond that follows it, so Rowan cannot
   * write to them without losing saves. One sentence per family, saying how to turn it on.
   */
  static List<String> withoutNewVersionBehavior(TableDescriptor expected, TableDescriptor actual) {
    List<String> differences = new ArrayList<>();
    for (ColumnFamilyDescriptor want : expected.getColumnFamilies()) {
      ColumnFamilyDescriptor have = actual.getColumnFamily(want.getName());
      if (have != null && want.isNewVersionBehavior() && !have.isNewVersionBehavior()) {
        String table = expected.getTableName().getNameAsString();
        differences.add(
            "Table "
                + table
                + ", column family '"
                + want.getNameAsString()
                + "' lacks the new version"
                + " behavior, without which a delete masks a save that follows it in the same millisecond; turn it on"
                + " (HBase shell: alter '"
                + table
                + "', {NAME => '"
                + want.getNameAsString()
                + "', NEW_VERSION_BEHAVIOR => 'true'}).");
      }
    }
    return differences;
  }

  /**
   * The differences of {@code actual}, the live table, from {@code expected}: missing and extra
   * families, then every setting of a family that differs, with the actual and expected values.
   */
  static List<String> differences(TableDescriptor expected, TableDescriptor actual) {
    String table = "Table " + expected.getTableName().getNameAsString();
    List<String> differences = new ArrayList<>();
    for (ColumnFamilyDescriptor want : expected.getColumnFamilies()) {
      ColumnFamilyDescriptor have = actual.getColumnFamily(want.getName());
      if (have == null) {
        differences.add(table + " lacks the column family '" + want.getNameAsString() + "'.");
        continue;
      }
      for (Setting setting : Setting.values()) {
        String wanted = setting.shown(want);
        String had = setting.shown(have);
        if (!wanted.equals(had)) {
          differences.add(
              table
                  + ", column family '"
                  + want.getNameAsString()
                  + "': "
                  + setting.label
                  + " is "
                  + had
                  + ", expected "
                  + wanted
                  + ".");
        }
      }
    }
    for (ColumnFamilyDescriptor have : actual.getColumnFamilies()) {
      if (!expected.hasColumnFamily(have.getName())) {
        differences.add(
            table
                + " has the column family '"
                + have.getNameAsString()
                + "', which the mapping does not declare.");
      }
    }
    return differences;
  }
}
