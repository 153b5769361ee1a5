package dev.rowan.core.internal.query.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.internal.query.parse.MethodNameParser;
import dev.rowan.core.internal.query.parse.Vocabulary;
import dev.rowan.core.internal.query.plan.QueryPlannerTest.Call;
import dev.rowan.core.internal.query.plan.QueryPlannerTest.Order;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.PropertyModel;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.MultiRowRangeFilter;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** The gets and scans of a plan for a call's arguments, without a cluster. */
class ScanSpecTest {

  private static ScanSpec spec(Class<?> type, String method, Object... args) {
    EntityModel<?> model = EntityModel.of(type);
    List<ViewModel> views = ViewMaintainer.of(model).views();
    Map<String, List<String>> viewKeys = new LinkedHashMap<>();
    views.forEach(v -> viewKeys.put(v.name(), v.keyProperties().stream().map(PropertyModel::name).toList()));
    Vocabulary vocabulary = new Vocabulary(model.entityName(),
        model.properties().stream().map(PropertyModel::name).toList(), viewKeys);
    MethodPlan plan = QueryPlanner.plan(MethodNameParser.parse(method, args.length, vocabulary), model, views);
    return new ScanSpec(plan.groups().get(0), model, args, plan.groups().get(0).read(), Bytes.toBytes("d"), 4096);
  }

  private static byte[] unsalted(byte[] key) {
    return Arrays.copyOfRange(key, 1, key.length);
  }

  @Test
  void anInReadsEachKeyOnceInKeyOrderWithoutSalt() {
    List<Get> gets = spec(Order.class, "findByOrderNoIn", List.of("o3", "o1", "o3", "o2")).gets(null);
    assertEquals(3, gets.size(), "o3 given twice is read once");
    for (int i = 1; i < gets.size(); i++) {
      assertTrue(Bytes.compareTo(unsalted(gets.get(i - 1).getRow()), unsalted(gets.get(i).getRow())) < 0,
          "in key order, salt aside");
    }
  }

  @Test
  void getsResumeAtThePositionAfterWhichAPageEnded() {
    ScanSpec spec = spec(Order.class, "findByOrderNoIn", List.of("o1", "o2", "o3"));
    List<Get> all = spec.gets(null);
    List<Get> rest = spec.gets(unsalted(all.get(1).getRow()));
    assertEquals(2, rest.size(), "from the second key on: the cursor drops the entities up to the position");
    assertArrayEquals(all.get(1).getRow(), rest.get(0).getRow());
  }

  /** Unsalted, read by kind then sequence. */
  @Table(name = "events")
  record Event(@RowKey(order = 0) String kind, @RowKey(order = 1) long seq, String note) {}

  private static List<String> ranges(Scan scan) {
    return ((MultiRowRangeFilter) scan.getFilter()).getRowRanges().stream()
        .map(r -> (r.isStartRowInclusive() ? "[" : "(") + Bytes.toStringBinary(r.getStartRow()) + ", "
            + Bytes.toStringBinary(r.getStopRow()) + (r.isStopRowInclusive() ? "]" : ")"))
        .toList();
  }

  @Test
  void theValuesOfAnInAreReadByOneScanThatSeeksFromOneRangeToTheNext() {
    ScanSpec spec = spec(Event.class, "findByKindIn", List.of("c", "a", "b", "a"));
    List<Scan> scans = spec.scans(Integer.MAX_VALUE, null, false);
    assertEquals(1, scans.size(), "one scan for the three kinds, a given twice");
    assertEquals(List.of("[a\\x00\\x01, a\\x00\\x02)", "[b\\x00\\x01, b\\x00\\x02)",
        "[c\\x00\\x01, c\\x00\\x02)"), ranges(scans.get(0)), "the kind's key prefix, its string terminated");
    assertEquals("a\\x00\\x01", Bytes.toStringBinary(scans.get(0).getStartRow()));
    assertEquals("c\\x00\\x02", Bytes.toStringBinary(scans.get(0).getStopRow()));
  }

  @Test
  void aResumedInReadsTheRestOfTheRangeItStoppedInAndTheRangesAfterIt() {
    // (an In breaks the key order of the parts after it, so its scans always run forward:
    // QueryPlanner.keyOrder)
    ScanSpec spec = spec(Event.class, "findByKindIn", List.of("a", "b", "c"));
    byte[] after = Bytes.add(Bytes.toBytes("b\0\1"), new byte[] {(byte) 0x80, 0, 0, 0, 0, 0, 0, 5});
    Scan resumed = spec.scans(10, after, false).get(0);
    assertEquals(List.of("(" + Bytes.toStringBinary(after) + ", b\\x00\\x02)", "[c\\x00\\x01, c\\x00\\x02)"),
        ranges(resumed),
        "a is read, b from after the position");
    assertEquals(AccessPlan.scanLimit(10), resumed.getLimit(), "about the rows wanted");

  }

  @Test
  void aSaltedViewWhoseBucketIsUnknownIsScannedOncePerBucketWithinTheSamePrefix() {
    List<Scan> scans = spec(Order.class, "findBySellerId", "s1").scans(Integer.MAX_VALUE, null, false);
    assertEquals(4, scans.size());
    for (int bucket = 0; bucket < 4; bucket++) {
      Scan scan = scans.get(bucket);
      assertEquals(bucket, scan.getStartRow()[0]);
      assertArrayEquals(unsalted(scan.getStartRow()), unsalted(scans.get(0).getStartRow()));
      assertFalse(scan.isReversed());
      assertEquals(-1, scan.getLimit(), "no limit: as many rows as the client's result size allows");
    }
  }

  @Test
  void aReversedRangeRunsFromItsStopToItsStartAndALimitIsAskedOfEachScan() {
    List<Scan> scans = spec(Call.class, "findTop10ByMonthAndPhoneOrderByTsAsc", 202511, "555").scans(10, null, false);
    assertEquals(1, scans.size());
    Scan scan = scans.get(0);
    assertTrue(scan.isReversed(), "ts is stored newest first, so oldest first is a reversed scan");
    assertTrue(Bytes.compareTo(scan.getStartRow(), scan.getStopRow()) > 0, "from the end of the range to its start");
    assertEquals(10, scan.getLimit());
  }

  @Test
  void aScanResumesRightAfterThePositionAndInsideTheRowWhenAPageEndedInIt() {
    ScanSpec spec = spec(Order.class, "findBySellerIdAndCreatedAtAfter", "s1", Instant.EPOCH);
    byte[] after = unsalted(spec.scans(5, null, false).get(0).getStartRow());
    after = Bytes.add(after, new byte[] {1, 2, 3});
    Scan resumed = spec.scans(5, after, false).get(2);
    assertEquals(2, resumed.getStartRow()[0], "the position is resumed in every bucket");
    assertArrayEquals(after, unsalted(resumed.getStartRow()));
    assertFalse(resumed.includeStartRow(), "right after the position's row");
    assertTrue(spec.scans(5, after, true).get(2).includeStartRow(), "in the row, for a wide row's entities");
  }

  @Test
  void aValueNoKeyCanHoldIsLeftOut() {
    String tooLong = "x".repeat(5000);
    assertEquals(List.of(), spec(Order.class, "findBySellerId", tooLong).scans(Integer.MAX_VALUE, null, false));
    assertEquals(1, spec(Order.class, "findByOrderNoIn", List.of(tooLong, "o1")).gets(null).size());
  }
}
