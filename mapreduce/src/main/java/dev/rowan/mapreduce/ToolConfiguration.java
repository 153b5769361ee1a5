package dev.rowan.mapreduce;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;

/**
 * The configuration the command-line tools start from: HBase's, loading classes through Rowan's
 * class loader rather than HBase's. Under {@code hadoop jar}, Rowan's classes come from the job
 * jar, in a class loader below the one that holds HBase; {@code -libjars} puts the entity's jar in
 * a loader below the configuration's, and an entity class loaded below HBase's loader alone would
 * not see Rowan's annotations (the JVM drops annotations it cannot resolve).
 *
 * <p>Thread-safety: stateless.
 */
final class ToolConfiguration {

  private ToolConfiguration() {}

  /** {@link HBaseConfiguration#create()}, with Rowan's class loader. */
  static Configuration create() {
    Configuration conf = HBaseConfiguration.create();
    conf.setClassLoader(ToolConfiguration.class.getClassLoader());
    return conf;
  }
}
