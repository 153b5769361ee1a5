package dev.rowan.mapreduce;

import dev.rowan.core.Rowan;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.Connection;

/** Random orders, input files written from entities, and the job configuration of the tests. */
public final class LoadFixtures {

  private static final AtomicLong DIRECTORIES = new AtomicLong();
  static final int SELLERS = 12;
  static final int BUYERS = 20;

  private LoadFixtures() {}

  /** A fresh directory under target/ for one test's input and work files. */
  public static java.nio.file.Path directory(String test) {
    java.nio.file.Path dir = java.nio.file.Path.of("target", "bulkload-tests",
        test + "-" + System.currentTimeMillis() + "-" + DIRECTORIES.incrementAndGet()).toAbsolutePath();
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return dir;
  }

  /** The cluster's configuration, for the local job runner, local files under {@code dir}. */
  static Configuration jobConf(Connection connection, java.nio.file.Path dir) {
    Configuration conf = new Configuration(connection.getConfiguration());
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("hadoop.tmp.dir", dir.resolve("hadoop-tmp").toString());
    conf.setInt("mapreduce.local.map.tasks.maximum", 2);
    conf.setInt("mapreduce.local.reduce.tasks.maximum", 2);
    conf.setInt(BulkLoad.PROGRESS_SECONDS, 2);
    return conf;
  }

  /** A Rowan over the same cluster whose tables live in another namespace. */
  static Rowan other(Rowan rowan, String suffix) {
    return Rowan.builder(rowan.connection()).namespace(rowan.namespace() + suffix).build();
  }

  /** A random order over small domains: sellers and buyers repeat, some columns are null. */
  static Order order(Random random, int number) {
    return new Order("order-" + number, "seller-" + random.nextInt(SELLERS),
        random.nextInt(10) == 0 ? null : "buyer-" + random.nextInt(BUYERS),
        Instant.ofEpochSecond(1_700_000_000L + random.nextInt(1_000_000), random.nextInt(1000) * 1_000_000L),
        random.nextInt(8) == 0 ? null : BigDecimal.valueOf(random.nextInt(100_000), 2),
        random.nextBoolean() ? null : "note, \"quoted\" " + random.nextInt(1000));
  }

  static List<Order> orders(Random random, int count) {
    List<Order> orders = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      orders.add(order(random, i));
    }
    return orders;
  }

  /** Writes {@code entities} as CSV with a header of every property, nulls as empty fields. */
  static <T> Path csv(java.nio.file.Path file, Class<T> type, Iterable<T> entities) {
    EntityModel<T> model = EntityModel.of(type);
    try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        CSVPrinter printer = new CSVPrinter(writer, CSVFormat.DEFAULT)) {
      printer.printRecord(model.properties().stream().map(PropertyModel::name).toList());
      for (T entity : entities) {
        List<String> fields = new ArrayList<>();
        for (Object value : model.values(entity)) {
          fields.add(text(value));
        }
        printer.printRecord(fields);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new Path(file.toUri());
  }

  /** Writes {@code entities} as JSON lines, every property a string (or absent when null). */
  static <T> Path jsonLines(java.nio.file.Path file, Class<T> type, Iterable<T> entities) {
    EntityModel<T> model = EntityModel.of(type);
    try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (T entity : entities) {
        Object[] values = model.values(entity);
        StringBuilder line = new StringBuilder("{");
        for (PropertyModel property : model.properties()) {
          Object value = values[property.index()];
          if (value == null) {
            continue;
          }
          if (line.length() > 1) {
            line.append(',');
          }
          line.append('"').append(property.name()).append("\":");
          if (value instanceof Number || value instanceof Boolean) {
            line.append(value instanceof BigDecimal decimal ? decimal.toString() : value.toString());
          } else {
            line.append('"').append(text(value).replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
          }
        }
        writer.write(line.append('}').append('\n').toString());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new Path(file.toUri());
  }

  static String text(Object value) {
    if (value == null) {
      return null;
    }
    if (value instanceof byte[] bytes) {
      return Base64.getEncoder().encodeToString(bytes);
    }
    return value.toString();
  }
}
