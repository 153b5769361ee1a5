package dev.rowan.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rowan.core.Rowan;
import dev.rowan.core.SplitPolicy;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.test.HBaseTest;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.junit.jupiter.api.Test;

/** A bulk load writes, cell for cell, what saving the same entities through a repository writes. */
@HBaseTest
class BulkLoadCellsIT {

  @Test
  void writesTheCellsThatSavingWritesForAnEntityWithViews(Rowan saved) {
    long seed = System.nanoTime();
    System.out.println("BulkLoadCellsIT seed " + seed);
    List<Order> orders = LoadFixtures.orders(new Random(seed), 500);
    saved.schema().create(Order.class);
    saved.repository(OrderRepository.class).saveAll(orders);

    Rowan loaded = LoadFixtures.other(saved, "_bulk");
    loaded.schema().create(Order.class);
    java.nio.file.Path dir = LoadFixtures.directory("cells-orders");
    Path input = LoadFixtures.csv(dir.resolve("orders.csv"), Order.class, orders);
    Configuration conf = LoadFixtures.jobConf(saved.connection(), dir);
    BulkLoadResult result = BulkLoad.of(Order.class).input(input).namespace(loaded.namespace()).run(conf);

    assertEquals(500, result.entities(), result.summary());
    assertEquals(0, result.rejected(), result.summary());
    assertSameCells(saved, loaded, Order.class, seed);
  }

  @Test
  void readsEveryTypeFromJsonLinesAndWritesWhatSavingWrites(Rowan saved) {
    long seed = System.nanoTime();
    System.out.println("BulkLoadCellsIT seed " + seed);
    Random random = new Random(seed);
    List<Reading> readings = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      readings.add(Reading.random(random, i));
    }
    saved.schema().create(Reading.class);
    saved.repository(ReadingRepository.class).saveAll(readings);

    Rowan loaded = LoadFixtures.other(saved, "_bulk");
    loaded.schema().create(Reading.class, SplitPolicy.keys(SplitPoints.fromSample(
        EntityModel.of(Reading.class), readings.subList(0, 100), 4))); // the load writes HFiles per region
    java.nio.file.Path dir = LoadFixtures.directory("cells-readings");
    Path input = LoadFixtures.jsonLines(dir.resolve("readings.jsonl"), Reading.class, readings);
    BulkLoadResult result = BulkLoad.of(Reading.class).input(input).format(BulkLoad.Format.JSON_LINES)
        .namespace(loaded.namespace()).run(LoadFixtures.jobConf(saved.connection(), dir));

    assertEquals(300, result.entities(), result.summary());
    assertSameCells(saved, loaded, Reading.class, seed);
    assertEquals(readings.get(17), loaded.repository(ReadingRepository.class)
        .findByKey(readings.get(17).sensor(), readings.get(17).seq()).orElseThrow());
  }


  /** Every table of {@code type} holds the same cells in both namespaces. */
  static void assertSameCells(Rowan expected, Rowan actual, Class<?> type, long seed) {
    EntityModel<?> model = EntityModel.of(type);
    List<String> tables = new ArrayList<>();
    tables.add(model.tableName());
    for (ViewModel view : ViewMaintainer.of(model).views()) {
      tables.add(view.tableName());
    }
    for (String table : tables) {
      TableName saved = expected.tableName(table);
      TableName loaded = actual.tableName(table);
      List<String> want = TableCells.of(expected.connection(), saved);
      List<String> got = TableCells.of(actual.connection(), loaded);
      List<String> missing = new ArrayList<>(want);
      missing.removeAll(got);
      List<String> extra = new ArrayList<>(got);
      extra.removeAll(want);
      assertEquals(List.of(), missing.subList(0, Math.min(10, missing.size())),
          table + ": cells saved but not loaded (seed " + seed + "), loaded instead: "
              + extra.subList(0, Math.min(10, extra.size())));
      assertEquals(want, got, table + ": cells (seed " + seed + ")");
    }
  }
}
