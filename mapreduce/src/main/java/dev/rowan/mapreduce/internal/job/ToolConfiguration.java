package dev.rowan.mapreduce.internal.job;

import dev.rowan.mapping.annotation.Table;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;

/**
 * Internal, not API: the configuration the command-line tools start from: HBase's, loading classes
 * through Rowan's class loader rather than HBase's. Under {@code hadoop jar}, Rowan's classes come
 * from the job jar, in a class loader below the one that holds HBase; {@code -libjars} puts the
 * entity's jar in a loader below the configuration's, and an entity class loaded below HBase's
 * loader alone would not see Rowan's annotations (the JVM drops annotations it cannot resolve).
 *
 * <p>Thread-safety: stateless.
 */
public final class ToolConfiguration {

  private ToolConfiguration() {}

  /** {@link HBaseConfiguration#create()}, with Rowan's class loader. */
  public static Configuration create() {
    Configuration conf = HBaseConfiguration.create();
    conf.setClassLoader(ToolConfiguration.class.getClassLoader());
    return conf;
  }

  /**
   * The entity class {@code name}, loaded through {@code conf}'s class loader.
   *
   * @throws ClassNotFoundException when no loader has it
   * @throws IllegalArgumentException when the loader that defined it cannot see Rowan's classes
   *     (its jar is on the JVM's class path, {@code HADOOP_CLASSPATH}, while Rowan's are in the job
   *     jar): its annotations would read as absent
   */
  public static Class<?> entityClass(Configuration conf, String name)
      throws ClassNotFoundException {
    Class<?> type = conf.getClassByName(name);
    if (!seesRowan(type)) {
      throw new IllegalArgumentException(
          "entity class "
              + name
              + " was loaded from "
              + type.getProtectionDomain().getCodeSource()
              + " by a class loader that does not see Rowan's classes,"
              + " so its annotations cannot be read: give its jar with -libjars, not on HADOOP_CLASSPATH");
    }
    return type;
  }

  /** Whether {@code conf} runs jobs in this process (Hadoop's default). */
  public static boolean isLocal(Configuration conf) {
    return "local".equals(conf.get("mapreduce.framework.name", "local"));
  }

  /** Whether the loader that defined {@code type} resolves Rowan's annotations to Rowan's own. */
  static boolean seesRowan(Class<?> type) {
    try {
      return Class.forName(Table.class.getName(), false, type.getClassLoader()) == Table.class;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }
}
