package dev.rowan.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.Rowan;
import dev.rowan.core.SplitPolicy;
import dev.rowan.mapping.EntityModel;
import dev.rowan.test.HBaseTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.junit.jupiter.api.Test;

/** The code of docs/bulk-load.md, run as it is written there (DocsCodeTest checks they agree). */
@HBaseTest
class BulkLoadDocsIT {

  @Test
  void theSnippetsOfTheBulkLoadGuideRun(Rowan rowan) throws Exception {
    rowan.schema().create(Order.class);
    String namespace = rowan.namespace();
    java.nio.file.Path dir = LoadFixtures.directory("docs");
    Path incoming = LoadFixtures.csv(dir.resolve("orders.csv"), Order.class, LoadFixtures.orders(new Random(7), 200));
    Configuration configuration = LoadFixtures.jobConf(rowan.connection(), dir);

    BulkLoadResult result = BulkLoad.of(Order.class)
        .input(incoming)                                  // a Path: files, or directories of files
        .format(BulkLoad.Format.CSV)                      // CSV (default), TSV, JSON_LINES
        .namespace(namespace)                             // as Rowan.Builder.namespace
        .maxRejects("0.5%")                               // or an absolute count: "1000"
        .run(configuration);                              // the cluster's, e.g. HBaseConfiguration.create()
    System.out.println(result.summary());
    result.rows(TableName.valueOf(namespace, "orders.seller")); // rows written per table
    result.rejected();                                    // lines rejected, listed in result.rejects()

    assertEquals(200, result.rows(TableName.valueOf(namespace, "orders")), result.summary());
    assertEquals(200, result.rows(TableName.valueOf(namespace, "orders.seller")), result.summary());
    assertEquals(0, result.rejected());

    List<Reading> sample = new ArrayList<>();
    Random random = new Random(11);
    for (int i = 0; i < 500; i++) {
      sample.add(Reading.random(random, i));
    }
    byte[][] splits = SplitPoints.fromSample(EntityModel.of(Reading.class), sample, 16);
    rowan.schema().create(Reading.class, SplitPolicy.keys(splits));
    try (RegionLocator regions = rowan.connection().getRegionLocator(rowan.tableName("readings"))) {
      assertEquals(16, regions.getStartKeys().length, "pre-split into 16 regions");
    }

    for (ViewReport view : VerifyViews.of(rowan, Order.class).check()) {
      System.out.println(view.summary()); // shop:orders.seller: 99,980 rows, 0 missing, 0 stale, 0 orphans
    }
    VerifyViews.of(rowan, Order.class).repair();
    RebuildViews.of(rowan, Order.class).run();

    assertTrue(VerifyViews.of(rowan, Order.class).check().stream().allMatch(ViewReport::consistent));

    List<ViewReport> rebuilt = RebuildViews.of(rowan, Order.class)
        .configuration(configuration)                     // framework, work directory, rowan.views.* options
        .progress(System.err)                             // progress lines; standard output unless set
        .run();

    assertEquals(200, rebuilt.get(0).repaired(), rebuilt.get(0).summary());
    assertTrue(rebuilt.stream().allMatch(ViewReport::consistent), rebuilt.toString());
  }
}
