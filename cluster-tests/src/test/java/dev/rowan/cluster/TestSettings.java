package dev.rowan.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** What the build hands the cluster test (system properties set in the module's pom). */
final class TestSettings {

  private TestSettings() {}

  /** The java command, with the flags HBase and Hadoop need on Java 17. */
  static List<String> java() {
    List<String> command = new ArrayList<>();
    command.add(javaHome().resolve("bin/java").toString());
    command.addAll(Arrays.asList(jvmOpens().split(" ")));
    return command;
  }

  static Path javaHome() {
    return Path.of(System.getProperty("java.home"));
  }

  /** The root pom's {@code rowan.jvm.opens}. */
  static String jvmOpens() {
    return property("rowan.cluster.jvm.opens").trim();
  }

  /** HBase's and Hadoop's jars (and their test utilities), without Rowan. */
  static String clusterClassPath() {
    try {
      return Files.readString(Path.of(property("rowan.cluster.classpath"))).trim();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The directory of this module's test classes, where {@link ClusterProcess} is. */
  static String launcherDirectory() {
    return property("rowan.cluster.launcher");
  }

  /** The module's jar: the user's model of the docs' commands ({@code com.example.Order}). */
  static Path modelJar() {
    return Path.of(property("rowan.cluster.model"));
  }

  /** Where the job jar and the CLI tarball were copied, under their released names. */
  static Path artifacts() {
    return Path.of(property("rowan.cluster.artifacts"));
  }

  /** Where the cluster and the commands keep their files. */
  static Path work() {
    return Path.of(property("rowan.cluster.work"));
  }

  /** The repository root, where docs/ is. */
  static Path projectRoot() {
    return Path.of(property("rowan.cluster.root"));
  }

  private static String property(String name) {
    String value = System.getProperty(name);
    if (value == null) {
      throw new IllegalStateException("system property " + name + " is not set: run the test with Maven (mvn verify)");
    }
    return value;
  }
}
