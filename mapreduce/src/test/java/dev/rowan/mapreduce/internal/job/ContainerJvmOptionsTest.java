package dev.rowan.mapreduce.internal.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class ContainerJvmOptionsTest {

  private static final List<String> FLAGS = List.of("--add-opens=java.base/java.lang=ALL-UNNAMED",
      "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED");

  private static Configuration yarn() {
    Configuration conf = new Configuration(false);
    conf.set("mapreduce.framework.name", "yarn");
    return conf;
  }

  @Test
  void appendsTheFlagsToEachContainersConfiguredOptionsOnYarn() {
    Configuration conf = yarn();
    conf.set("mapreduce.map.java.opts", "-Xmx1g -Dx=y");
    ContainerJvmOptions.apply(conf, FLAGS);
    String flags = String.join(" ", FLAGS);
    assertEquals("-Xmx1g -Dx=y " + flags, conf.get("mapreduce.map.java.opts"));
    assertEquals(flags, conf.get("mapreduce.reduce.java.opts"));
    assertEquals(flags, conf.get("yarn.app.mapreduce.am.command-opts"));
  }

  @Test
  void addsOnlyTheFlagsNotAlreadyPresentAndAddsNothingTheSecondTime() {
    Configuration conf = yarn();
    conf.set("yarn.app.mapreduce.am.command-opts", "-Xmx512m --add-opens=java.base/java.lang=ALL-UNNAMED");
    ContainerJvmOptions.apply(conf, FLAGS);
    ContainerJvmOptions.apply(conf, FLAGS);
    assertEquals("-Xmx512m --add-opens=java.base/java.lang=ALL-UNNAMED"
        + " --add-exports=java.base/jdk.internal.misc=ALL-UNNAMED", conf.get("yarn.app.mapreduce.am.command-opts"));
  }

  @Test
  void leavesTheOptionsAloneOnTheLocalRunner() {
    Configuration conf = new Configuration(false);
    conf.set("mapreduce.map.java.opts", "-Xmx1g");
    ContainerJvmOptions.apply(conf, FLAGS);
    conf.set("mapreduce.framework.name", "local");
    ContainerJvmOptions.apply(conf, FLAGS);
    assertEquals("-Xmx1g", conf.get("mapreduce.map.java.opts"));
    assertNull(conf.get("mapreduce.reduce.java.opts"));
    assertNull(conf.get("yarn.app.mapreduce.am.command-opts"));
  }

  @Test
  void leavesTheOptionsAloneWhenTurnedOff() {
    Configuration conf = yarn();
    conf.setBoolean(ContainerJvmOptions.ADD_OPENS, false);
    conf.set("mapreduce.map.java.opts", "-Xmx1g");
    ContainerJvmOptions.apply(conf, FLAGS);
    assertEquals("-Xmx1g", conf.get("mapreduce.map.java.opts"));
    assertNull(conf.get("mapreduce.reduce.java.opts"));
  }

  @Test
  void theBuiltInFlagsAreTheBuildsJava17Flags() {
    List<String> flags = ContainerJvmOptions.flags();
    assertTrue(flags.contains("--add-opens=java.base/java.lang=ALL-UNNAMED"), flags.toString());
    assertTrue(flags.stream().noneMatch(f -> f.contains("${")), flags.toString());
  }
}
