package dev.rowan.mapreduce.internal.job;

import dev.rowan.mapreduce.Order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/**
 * The entity class check of the tools. That the tools' configuration loads through Rowan's class
 * loader shows only where the loaders differ, under {@code hadoop jar}: the cluster test
 * (cluster-tests) runs the tools that way, and fails without it.
 */
class ToolConfigurationTest {

  /** The test classes, loaded again by a loader whose parent sees no Rowan: an entity on HADOOP_CLASSPATH. */
  private static URLClassLoader withoutRowan() {
    URL testClasses = ToolConfigurationTest.class.getProtectionDomain().getCodeSource().getLocation();
    return new URLClassLoader(new URL[] {testClasses}, ClassLoader.getPlatformClassLoader());
  }

  @Test
  void anEntityLoadedWithRowanSeesRowan() throws Exception {
    Configuration conf = ToolConfiguration.create();

    assertEquals(Order.class, ToolConfiguration.entityClass(conf, Order.class.getName()));
    assertTrue(ToolConfiguration.seesRowan(Order.class));
  }

  @Test
  void anEntityLoadedWhereRowanCannotBeSeenIsRefusedSayingToUseLibjars() throws Exception {
    try (URLClassLoader loader = withoutRowan()) {
      Configuration conf = new Configuration(false);
      conf.setClassLoader(loader);

      assertFalse(ToolConfiguration.seesRowan(loader.loadClass(Order.class.getName())));
      IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
          () -> ToolConfiguration.entityClass(conf, Order.class.getName()));
      assertTrue(refused.getMessage().startsWith("entity class dev.rowan.mapreduce.Order was loaded from "),
          refused.getMessage());
      assertTrue(refused.getMessage().endsWith("give its jar with -libjars, not on HADOOP_CLASSPATH"),
          refused.getMessage());
    }
  }
}
