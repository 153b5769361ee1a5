package dev.rowan.mapreduce.internal.job;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;

/**
 * Internal, not API: gives the JVMs of a job's YARN containers the {@code --add-opens}/{@code
 * --add-exports} flags that HBase and Hadoop need on Java 17. Hadoop 3.3 does not add them (3.4
 * does, {@code mapreduce.jvm.add-opens-as-default}), and without them every container, even the
 * application master, dies with {@code InaccessibleObjectException}. The flags are appended to the
 * options already configured (the cluster's {@code -Xmx} and the rest stay), each only when not
 * already there; the local runner, which runs in this JVM, is left alone, and so is a job whose
 * configuration sets {@link #ADD_OPENS} to false.
 *
 * <p>Thread-safety: stateless.
 */
public final class ContainerJvmOptions {

  /** Whether Rowan's jobs add the flags to their YARN containers' options; true unless set. */
  static final String ADD_OPENS = "rowan.mapreduce.add-opens";

  /** The options of the application master, map and reduce JVMs. */
  static final List<String> KEYS =
      List.of(
          "yarn.app.mapreduce.am.command-opts",
          "mapreduce.map.java.opts",
          "mapreduce.reduce.java.opts");

  private static final List<String> FLAGS = load();

  private ContainerJvmOptions() {}

  /**
   * Appends {@link #flags()} to the container options in {@code conf} when the job runs on YARN.
   */
  public static void apply(Configuration conf) {
    apply(conf, FLAGS);
  }

  static void apply(Configuration conf, List<String> flags) {
    if (!conf.getBoolean(ADD_OPENS, true)
        || !"yarn".equals(conf.get("mapreduce.framework.name", "local"))) {
      return;
    }
    for (String key : KEYS) {
      String value = conf.get(key, "").trim();
      List<String> present = Arrays.asList(value.split("\\s+"));
      StringBuilder options = new StringBuilder(value);
      for (String flag : flags) {
        if (!present.contains(flag)) {
          options.append(options.length() == 0 ? "" : " ").append(flag);
        }
      }
      conf.set(key, options.toString());
    }
  }

  /** The flags, from the build's {@code rowan.jvm.opens}. */
  static List<String> flags() {
    return FLAGS;
  }

  private static List<String> load() {
    Properties properties = new Properties();
    try (InputStream in =
        ContainerJvmOptions.class.getResourceAsStream("container-jvm.properties")) {
      if (in == null) {
        throw new IllegalStateException(
            "container-jvm.properties is missing beside " + ContainerJvmOptions.class);
      }
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read container-jvm.properties", e);
    }
    List<String> flags = new ArrayList<>();
    for (String flag : properties.getProperty("opens", "").trim().split("\\s+")) {
      if (!flag.isEmpty()) {
        flags.add(flag);
      }
    }
    return List.copyOf(flags);
  }
}
