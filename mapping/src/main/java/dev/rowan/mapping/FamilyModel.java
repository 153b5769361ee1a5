package dev.rowan.mapping;

import dev.rowan.mapping.annotation.Family;
import org.apache.hadoop.hbase.KeepDeletedCells;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A column family of an entity's table and its storage settings, as {@link Family} declares them.
 *
 * <p>Thread-safety: immutable.
 *
 * @since 0.1
 */
public record FamilyModel(
    String name,
    int maxVersions,
    int ttlSeconds,
    BloomType bloom,
    Compression.Algorithm compression,
    int blockSize,
    boolean inMemory,
    DataBlockEncoding dataBlockEncoding,
    int minVersions,
    KeepDeletedCells keepDeletedCells,
    boolean blockCache,
    int replicationScope) {

  /**
   * A family with the settings of the first Rowan versions, and HBase's defaults for minimum
   * versions (0), kept deleted cells ({@code FALSE}), block cache (on) and replication scope (0).
   */
  public FamilyModel(
      String name,
      int maxVersions,
      int ttlSeconds,
      BloomType bloom,
      Compression.Algorithm compression,
      int blockSize,
      boolean inMemory,
      DataBlockEncoding dataBlockEncoding) {
    this(
        name,
        maxVersions,
        ttlSeconds,
        bloom,
        compression,
        blockSize,
        inMemory,
        dataBlockEncoding,
        0,
        KeepDeletedCells.FALSE,
        true,
        0);
  }

  /** The family HBase tables get when an entity declares none: {@code d} with the defaults. */
  static FamilyModel defaults() {
    return new FamilyModel(
        "d", 1, 0, BloomType.ROW, Compression.Algorithm.NONE, 65536, false, DataBlockEncoding.NONE);
  }

  static FamilyModel of(Family family) {
    return new FamilyModel(
        family.name(),
        family.maxVersions(),
        family.ttlSeconds(),
        family.bloom(),
        family.compression(),
        family.blockSize(),
        family.inMemory(),
        family.dataBlockEncoding(),
        family.minVersions(),
        family.keepDeletedCells(),
        family.blockCache(),
        family.replicationScope());
  }

  /** The family name as bytes. */
  public byte[] nameBytes() {
    return Bytes.toBytes(name);
  }

  /**
   * The HBase descriptor that creates this family. Every family Rowan creates has HBase's
   * MVCC-sensitive version semantics ({@code NEW_VERSION_BEHAVIOR}): a delete masks only the cells
   * written before it, never a put that arrives after it with the same or an older timestamp.
   * Without it, a put in the same millisecond as the delete marker of a null column or of a deleted
   * row before it is lost (docs/reliability.md).
   */
  public ColumnFamilyDescriptor descriptor() {
    ColumnFamilyDescriptorBuilder builder =
        ColumnFamilyDescriptorBuilder.newBuilder(nameBytes())
            .setMaxVersions(maxVersions)
            .setBloomFilterType(bloom)
            .setCompressionType(compression)
            .setBlocksize(blockSize)
            .setInMemory(inMemory)
            .setDataBlockEncoding(dataBlockEncoding)
            .setMinVersions(minVersions)
            .setKeepDeletedCells(keepDeletedCells)
            .setBlockCacheEnabled(blockCache)
            .setScope(replicationScope)
            .setNewVersionBehavior(true);
    if (ttlSeconds > 0) {
      builder.setTimeToLive(ttlSeconds);
    }
    return builder.build();
  }
}
