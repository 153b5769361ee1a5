package dev.rowan.mapping.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.annotation.Repeatable;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;

/**
 * Declares a column family of the entity's table and its storage settings, applied when the
 * table is created and compared by the schema check. Repeatable; the first declared family is
 * where the row marker cell lives. Without any, the table has one family {@code d} with the
 * defaults below.
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

  /** Time to live of cells in seconds; 0 means forever. */
  int ttlSeconds() default 0;

  /** The bloom filter kept per store file. */
  BloomType bloom() default BloomType.ROW;

  /** Compression of store files. */
  Compression.Algorithm compression() default Compression.Algorithm.NONE;

  /** HFile block size in bytes. */
  int blockSize() default 65536;

  /** Whether the family has priority in the block cache. */
  boolean inMemory() default false;

  /** Encoding of keys inside data blocks. */
  DataBlockEncoding dataBlockEncoding() default DataBlockEncoding.NONE;
}
