package dev.rowan.mapping.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apache.hadoop.hbase.KeepDeletedCells;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;

/**
 * Declares a column family of the entity's table and its storage settings, applied when the table
 * is created and compared by the schema check. Repeatable; the first declared family is where the
 * row marker cell lives. Without any, the table has one family {@code d} with the defaults below,
 * which are HBase's own. Each setting is the HBase shell attribute of the same meaning: {@code
 * VERSIONS}, {@code MIN_VERSIONS}, {@code TTL}, {@code KEEP_DELETED_CELLS}, {@code BLOOMFILTER},
 * {@code COMPRESSION}, {@code BLOCKSIZE}, {@code IN_MEMORY}, {@code BLOCKCACHE}, {@code
 * DATA_BLOCK_ENCODING} and {@code REPLICATION_SCOPE}.
 *
 * @since 0.1
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE})
@Repeatable(Families.class)
public @interface Family {

  /** The family name; short names save space in every cell. */
  String name() default "d";

  /** Versions kept per cell. */
  int maxVersions() default 1;

  /**
   * Versions of a cell kept however old they are, even past {@link #ttlSeconds()}: at most {@link
   * #maxVersions()}, and it matters only with a time to live. HBase's {@code MIN_VERSIONS}.
   */
  int minVersions() default 0;

  /** Time to live of cells in seconds; 0 means forever. */
  int ttlSeconds() default 0;

  /**
   * HBase's {@code KEEP_DELETED_CELLS}: only {@code FALSE}, a mapping error otherwise. HBase's
   * compactions do not support kept delete markers with the new version behavior that every Rowan
   * family has (docs/row-keys.md); to read earlier states of an entity, give every family {@code
   * maxVersions > 1} instead (docs/queries.md, "Versions").
   */
  KeepDeletedCells keepDeletedCells() default KeepDeletedCells.FALSE;

  /** The bloom filter kept per store file. */
  BloomType bloom() default BloomType.ROW;

  /** Compression of store files. */
  Compression.Algorithm compression() default Compression.Algorithm.NONE;

  /** HFile block size in bytes. */
  int blockSize() default 65536;

  /** Whether the family has priority in the block cache. */
  boolean inMemory() default false;

  /**
   * Whether data blocks read from this family's store files are kept in the block cache; off for
   * families read only by long scans, so that they do not evict hot blocks. HBase's {@code
   * BLOCKCACHE}.
   */
  boolean blockCache() default true;

  /** Encoding of keys inside data blocks. */
  DataBlockEncoding dataBlockEncoding() default DataBlockEncoding.NONE;

  /**
   * Whether the family's writes are shipped to replication peers: 0 (local, the default) or 1
   * (replicated). HBase's {@code REPLICATION_SCOPE}.
   */
  int replicationScope() default 0;
}
