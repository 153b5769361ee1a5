package dev.rowan.mapping;

import dev.rowan.mapping.annotation.Family;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.KeepDeletedCells;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.jspecify.annotations.Nullable;

/**
 * The settings of a {@code @Family} that HBase 2.6 accepts, checked when the entity is mapped,
 * before any call to HBase: the master's table sanity checks ({@code TableDescriptorChecker}) and
 * the column family name rules ({@code ColumnFamilyDescriptorBuilder.isLegalColumnFamilyName}), and
 * Rowan's own (no kept deleted cells). Each problem names the entity, the family and the setting.
 * Not checked here: whether a compression codec is installed on the region servers, which only they
 * can tell. Thread-safety: stateless.
 */
final class FamilyChecks {

  /** HBase's smallest HFile block size ({@code TableDescriptorChecker}): 1 KiB. */
  static final int MIN_BLOCK_SIZE = 1024;

  /** HBase's largest HFile block size ({@code TableDescriptorChecker}): 16 MiB. */
  static final int MAX_BLOCK_SIZE = 16 * 1024 * 1024;

  private FamilyChecks() {}

  /** Every problem of {@code family} of {@code entity}, or none. */
  static List<String> problems(String entity, Family family) {
    List<String> problems = new ArrayList<>();
    String at = entity + ": family '" + family.name() + "' ";
    String nameProblem = nameProblem(family.name());
    if (nameProblem != null) {
      problems.add(at + nameProblem);
    }
    if (family.maxVersions() < 1) {
      problems.add(at + "keeps " + family.maxVersions() + " versions; it needs at least 1");
    }
    if (family.ttlSeconds() < 0) {
      problems.add(
          at
              + "has a negative time to live (ttlSeconds "
              + family.ttlSeconds()
              + "); 0 keeps cells forever");
    }
    if (family.blockSize() < MIN_BLOCK_SIZE || family.blockSize() > MAX_BLOCK_SIZE) {
      problems.add(
          at
              + "has block size "
              + family.blockSize()
              + " bytes (blockSize); HBase takes "
              + MIN_BLOCK_SIZE
              + " (1 KiB) to "
              + MAX_BLOCK_SIZE
              + " (16 MiB)");
    }
    if (family.minVersions() < 0) {
      problems.add(
          at
              + "keeps at least "
              + family.minVersions()
              + " versions (minVersions); it needs 0 or more");
    } else if (family.minVersions() > family.maxVersions()) {
      problems.add(
          at
              + "keeps at least "
              + family.minVersions()
              + " versions (minVersions) but at most "
              + family.maxVersions()
              + " (maxVersions); raise maxVersions to "
              + family.minVersions()
              + " or more");
    }
    if (family.keepDeletedCells() != KeepDeletedCells.FALSE) {
      problems.add(
          at
              + "keeps deleted cells (keepDeletedCells "
              + family.keepDeletedCells()
              + "), which HBase's"
              + " compactions do not support with the new version behavior every Rowan family has; to read earlier"
              + " states, give every family maxVersions > 1: Rowan then keeps each write's cells and reads them as"
              + " versions (docs/queries.md, \"Versions\")");
    }
    if (family.replicationScope() != 0 && family.replicationScope() != 1) {
      problems.add(
          at
              + "has replication scope "
              + family.replicationScope()
              + "; it is 0 (local) or 1 (replicated to peers)");
    }
    if (family.bloom() == BloomType.ROWPREFIX_FIXED_LENGTH) {
      problems.add(
          at
              + "has bloom ROWPREFIX_FIXED_LENGTH, which HBase refuses without the family setting"
              + " RowPrefixBloomFilter.prefix_length, and @Family cannot give it; use ROW or ROWCOL (or NONE)");
    }
    return problems;
  }

  /**
   * Why HBase refuses {@code name} as a column family name, or null when it takes it: empty, a
   * leading period, a control character, a colon, a slash or a backslash, or {@code
   * recovered.edits} (a folder name of every region).
   */
  static @Nullable String nameProblem(String name) {
    if (name.isEmpty()) {
      return null; // a @Family without a name is reported on its own
    }
    if (name.charAt(0) == '.') {
      return "has a name that starts with a period, which HBase refuses";
    }
    if (name.equals("recovered.edits")) {
      return "is named recovered.edits, a folder of every region, which HBase refuses as a family name";
    }
    for (char c : name.toCharArray()) {
      if (Character.isISOControl(c) || c == ':' || c == '/' || c == '\\') {
        return "has a name with a control character, a colon, a slash or a backslash, which HBase refuses";
      }
    }
    return null;
  }
}
