package dev.rowan.security;

import dev.rowan.core.Rowan;
import dev.rowan.core.spi.ProtocolHook;
import dev.rowan.core.spi.ProtocolHook.Step;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/** Orders, their CSV input, the configuration of jobs on the local runner, and writers that die between steps. */
final class Fixtures {

  private static final AtomicLong DIRECTORIES = new AtomicLong();

  private Fixtures() {}

  /** Thrown by a hook: a writer dying at a step of the protocol. */
  static final class Crash extends Error {
    private static final long serialVersionUID = 1L;

    Crash(Step step) {
      super("crash at " + step, null, false, false);
    }
  }

  /** A hook under which every write dies at {@code step}. */
  static ProtocolHook dyingAt(Step step) {
    return (at, table, keys) -> {
      if (at == step) {
        throw new Crash(step);
      }
    };
  }

  /** Orders {@code from} to {@code to}, exclusive. */
  static List<Order> orders(int from, int to) {
    List<Order> orders = new ArrayList<>();
    for (int i = from; i < to; i++) {
      orders.add(Order.numbered(i));
    }
    return orders;
  }

  /** A fresh directory under target/ for one test's input and job files. */
  static java.nio.file.Path directory(String test) {
    java.nio.file.Path dir = java.nio.file.Path.of("target", "security-jobs",
        test + "-" + System.currentTimeMillis() + "-" + DIRECTORIES.incrementAndGet()).toAbsolutePath();
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return dir;
  }

  /** Writes {@code orders} as CSV, with a header of the properties, as BulkLoad reads them. */
  static Path csv(java.nio.file.Path file, List<Order> orders) {
    try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      out.write("orderNo,sellerId,buyerId,createdAt,amount,note\n");
      for (Order o : orders) {
        out.write(String.join(",", o.orderNo(), o.sellerId(), o.buyerId(), o.createdAt().toString(),
            o.amount().toPlainString(), o.note()) + "\n");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new Path(file.toUri());
  }

  /** {@code base} set for the local job runner, its files under {@code dir}. */
  static Configuration localJobs(Configuration base, java.nio.file.Path dir) {
    Configuration conf = new Configuration(base);
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("hadoop.tmp.dir", dir.resolve("hadoop-tmp").toString());
    conf.setInt("mapreduce.local.map.tasks.maximum", 2);
    conf.setInt("mapreduce.local.reduce.tasks.maximum", 2);
    // On HDFS the job's files belong to the principal that ran it; on the local file system they
    // belong to the JVM's user, and the region server, acting as the principal, must still be able to
    // read and move the HFiles (HStore.assertBulkLoadHFileOk asks for read and write): files open to all.
    conf.set("fs.permissions.umask-mode", "000");
    return conf;
  }

  /** The superuser's Rowan on {@code namespace}, with a view refresh as short as the principals'. */
  static Rowan superuserRowan(SecureCluster cluster, String namespace) {
    return Rowan.builder(cluster.superuser()).namespace(namespace).viewRefresh(Principal.VIEW_REFRESH).build();
  }
}
